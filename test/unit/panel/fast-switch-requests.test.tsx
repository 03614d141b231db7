import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import { fakeBackground, sent } from '../support/fake-background';
import { shownKey } from '@/lib/storage/session-keys';
import { insights, match, pagePerson, reply, surface } from '../panel/fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const person = (tabId: number) => match(`c${tabId}`, `Person ${tabId}`, `p${tabId}@example.com`);
const thread = (tabId: number) => ({
  site: 'gmail' as const,
  recognised: true,
  surfaces: [surface([pagePerson(`Person ${tabId}`, `p${tabId}@example.com`, person(tabId))], { kind: 'thread', title: `Thread ${tabId}` })],
});

it('passing through tabs on the way to another (5 switches, 40 ms apart) briefs only the first switch and the tab stopped on', async () => {
  fakeBackground({
    'settings.get': configured,
    'contact.find': null,
    'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
    'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false },
  });
  // The panel's window: its active tab, each tab a Gmail thread with one known person, answering at once.
  let active = 11;
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(() => Promise.resolve([{ id: active, windowId: 1 }]) as never);
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation((tabId: number) => Promise.resolve(thread(tabId)) as never);
  // Each page's lookups gave it its person.
  for (const tabId of [11, 12, 13, 14, 15, 16]) await fakeBrowser.storage.session.set({ [shownKey(tabId)]: [person(tabId).contact.id] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Person 11' })).toBeInTheDocument();

  // The switches come 40 ms apart by the panel's clock (performance.now, which tells a tab passed
  // through from a switch after a pause), whatever a busy machine makes of the real time between
  // them: the first is briefed (its insights asked for), the others follow at once in real time,
  // well inside the settle time, so no settle timer fires between them.
  let clock = performance.now();
  const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
  for (const tabId of [12, 13, 14, 15, 16]) {
    active = tabId;
    clock += 40;
    await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId, windowId: 1 }));
    if (tabId === 12) await vi.waitFor(() => expect(sent('contact.insights').map((request) => request.contactId)).toContain('c12'));
  }
  now.mockRestore();
  expect(await screen.findByRole('heading', { level: 1, name: 'Person 16' })).toBeInTheDocument();
  const asked = () => [...sent('contact.insights').map((request) => request.contactId), ...sent('recordings.list').map((request) => request.contactId)];
  // The heading is drawn before the queries' effects ask (on a busy machine, a task later).
  await vi.waitFor(() => expect(asked()).toContain('c16'));
  // The tab the panel was opened on, the first switch (read at once: it came after a pause) and
  // the tab the user stopped on; not the three passed through in between.
  expect(new Set(asked())).toEqual(new Set(['c11', 'c12', 'c16']));
});
