/**
 * A meeting with someone not in Primer yet offers its upload twice on one screen: under the title
 * as "Upload recording of this meeting", and under "Not in Primer yet" as "Upload a recording of
 * this meeting". Both do the same thing; they should be called the same.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };

describe('the meeting’s two upload buttons', () => {
  it('have one label', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const page = {
      site: 'google-calendar' as const,
      recognised: true,
      surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Riley Stone', 'riley@unknown.example', null)])],
    };
    const target: PanelTarget = { tabId: 7, focus: null, page, status: null };
    await browserShows(target);
    render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(target)} />);
    await screen.findByRole('region', { name: 'Not in Primer yet (1)' });
    // Both buttons are loaded lazily.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /^Upload/ })).toHaveLength(2));
    const labels = screen.getAllByRole('button', { name: /^Upload/ }).map((button) => button.textContent);
    expect(labels[1]).toBe(labels[0]);
  });
});
