/**
 * Gmail switched off in the options while the panel briefs someone chosen on one of its cards: the
 * panel reads no page while someone is chosen, so the background forgets the choice of every tab
 * showing the site switched off, and the panel says "Primer is switched off for Gmail" at once,
 * rather than going on briefing the person chosen there. A tab of another site keeps its choice.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import { forgetChoicesOnSwitchOff } from '@/lib/background/switched-off';
import type { PageStatus } from '@/lib/background/handlers/page-status';
import type { PanelTarget } from '@/lib/panel/target';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { focusKey, statusKey } from '@/lib/storage/session-keys';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

/** A tab's last report from its page, as the background keeps it. */
const reported = (site: PageStatus['site']): PageStatus => ({ site, recognised: true, people: 1, known: 1, views: [], at: Date.now() });

it('stops briefing the person chosen on a Gmail card once Gmail is switched off', async () => {
  forgetChoicesOnSwitchOff();
  fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ totalConversations: 3 })), 'recordings.list': noRecordings });
  const first: PanelTarget = { tabId: 7, focus: { kind: 'person', match: maya }, page: null, status: null };
  await browserShows(first);
  // Tab 7 shows Gmail; tab 8, Calendar, where Daniel was chosen.
  await fakeBrowser.storage.session.set({ [statusKey(7)]: reported('gmail'), [statusKey(8)]: reported('google-calendar'), [focusKey(8)]: { kind: 'person', match: dan } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();

  // Switched off: the page says so when asked.
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ site: 'gmail', recognised: true, switchedOff: true, surfaces: [] } as never);
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });

  expect(await screen.findByRole('heading', { level: 1, name: 'Primer is switched off for Gmail' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Maya Chen' })).toBeNull();
  const stored = await fakeBrowser.storage.session.get([focusKey(7), focusKey(8)]);
  expect.soft(stored[focusKey(7)]).toBeUndefined();
  expect.soft(stored[focusKey(8)]).toEqual({ kind: 'person', match: dan });
});
