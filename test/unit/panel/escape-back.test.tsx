/**
 * Escape goes back from a view opened on top (as its Back button, which advertises it with
 * aria-keyshortcuts, does) wherever focus is outside a field being typed in: on the document once
 * the user clicked the briefing's text, or on the search bar's Find button.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

async function meetingWithAttendeeOpen(user: ReturnType<typeof userEvent.setup>) {
  fakeBackground({
    'settings.get': configured,
    'contact.find': null,
    'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly' }))),
    'recordings.list': noRecordings,
  });
  const first: PanelTarget = {
    tabId: 7, focus: null, status: null,
    page: { site: 'google-calendar', recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])] },
  };
  await browserShows(first);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await user.click(await within(attendees).findByRole('button', { name: 'Full briefing: Daniel Weiss' }));
  await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
  const article = screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' }).closest('article')!;
  await within(article).findByText('formal');
  return article;
}

describe('Panel: Escape goes back', () => {
  it('goes back on Escape after the user clicked the briefing’s text (focus fell to the document)', async () => {
    const user = userEvent.setup();
    const article = await meetingWithAttendeeOpen(user);
    expect(screen.getByRole('button', { name: /Back to the meeting/ })).toHaveAttribute('aria-keyshortcuts', 'Escape');
    // A mouse user clicks on the briefing's header (Daniel's address, to copy it): focus leaves
    // the heading for the document.
    await user.click(article.querySelector<HTMLElement>('.person-header p.subtle')!);
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });

  it('goes back on Escape from the search bar’s Find button (not a field being typed in)', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    within(screen.getByRole('search')).getByRole('button', { name: 'Find' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });
});
