import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground, sent } from '../support/fake-background';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const chosen: PanelTarget = { tabId: 7, focus: { kind: 'person', match: maya }, page: null, status: null };

describe('a briefing restored from a cache saved while the clock was ahead (set back since)', () => {
  it('is still asked for again once on screen, not shown as fresh until the clock catches up', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': () => Promise.resolve(reply(insights({ preferredTone: 'current tone' }))), 'recordings.list': noRecordings });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const startedAt = Date.now();
    // Saved an hour "from now": the computer's clock was an hour fast then, and has been put right.
    client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'restored tone' })), { updatedAt: startedAt + 3_600_000 });
    await browserShows(chosen);
    render(<PanelApp client={client} restored={Promise.resolve()} startedAt={startedAt} firstTarget={Promise.resolve(chosen)} />);
    expect(await screen.findByText('restored tone')).toBeInTheDocument();
    expect(await screen.findByText('current tone', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(sent('contact.insights')).toHaveLength(1);
  });
});
