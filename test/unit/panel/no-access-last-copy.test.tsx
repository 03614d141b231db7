/**
 * A last copy shown because Primer has no access to the service's host (NO_ACCESS_CODE): the note
 * offers the way to the options, as the notice without a copy does; the panel does not ask the
 * service every half minute in vain, and asks again once access is given.
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { insightsOptions } from '@/components/panel/data/queries';
import { PanelApp } from '@/components/panel/PanelApp';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { ApiError, NO_ACCESS_CODE } from '@/lib/api/errors';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';
import { browserShows, insights, match, NOW, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
// The background serves its copy for a `network` failure; this one is the host permission taken away.
const problem = new ApiError('network', 'not allowed', { code: NO_ACCESS_CODE }).toInfo();
const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };

describe('a last copy shown because Primer may no longer contact the service', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers the way to the options it tells the user to go to, as the notice without a copy does', async () => {
    fakeBackground({
      'contact.insights': reply(insights({ preferredTone: 'warm', totalConversations: 4 }), { asOf: NOW.getTime() - 3_600_000, problem }),
      'recordings.list': noRecordings,
    });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    const note = (await screen.findByText(/Primer may not contact the service \(allow it in Primer’s options\)/)).closest('[role="status"]') as HTMLElement;
    expect(note).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });

  it('is not asked for every half minute, as a copy kept for being offline is', () => {
    const interval = insightsOptions('m').refetchInterval;
    const data = reply(insights(), { problem });
    expect(interval({ state: { data, status: 'success' } })).toBe(false);
    expect(interval({ state: { data: { ...data, problem: { ...problem, code: null } }, status: 'success' } })).toBe(30_000);
  });

  it('is asked for again at once when access is given', async () => {
    let allowed = false;
    fakeBackground({
      'settings.get': configured,
      'contact.insights': () => Promise.resolve(reply(insights({ preferredTone: 'warm' }), allowed ? {} : { problem })),
      'recordings.list': noRecordings,
    });
    const first = { tabId: 7, focus: { kind: 'person' as const, match: maya }, page: null, status: null };
    await browserShows(first);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
    expect(await screen.findByText(/^Primer may not contact the service/)).toBeInTheDocument();
    allowed = true;
    act(() => (fakeBrowser.permissions.onAdded as unknown as { fire: (added: { origins: string[] }) => void }).fire({ origins: ['https://api.example.com/*'] }));
    await vi.waitFor(() => expect(screen.queryByText(/^Primer may not contact the service/)).toBeNull());
    expect(sent('contact.insights').length).toBeGreaterThanOrEqual(2);
  });
});
