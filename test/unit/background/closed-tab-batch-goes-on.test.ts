/**
 * A page's lookups (people.find) wait for one of the call slots a page may take (five of six: one is
 * kept for the side panel), in the order they came. When the
 * tab that asked is closed, nobody needs its batch any more (its records are even forgotten:
 * closed-tab-records.test.ts), so its calls still waiting, or on their way, are stopped: they went
 * on being sent, and the page the user went to waited behind them (with a service answering in
 * 3 s, a closed 300-person list held the next tab's marks back for 2½ minutes; with one not
 * answering, the closed tab's calls went on for ten minutes, the worker kept awake to send them).
 * A call another tab, or the side panel, joined is not lost with it: they are answered all the same.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings } from '@/lib/background/settings';
import { keyTag } from '@/lib/background/key-vault';
import { MAX_CONCURRENT_CALLS, ON_SCREEN_RESERVED_CALLS, ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetFocusOnNavigation } from '@/lib/background/handlers/panel';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

const BASE = 'https://api.test';

beforeEach(async () => {
  // The vault's tagging key is read from (fake) IndexedDB on real timers; key tags then need none.
  await keyTag('key');
  vi.useFakeTimers();
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: BASE, apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  forgetFocusOnNavigation();
});
afterEach(() => vi.useRealTimers());

/** A service that takes the connection and answers after `ms` (never, for Infinity), unless the call is given up. */
function service(ms: number, contacts: Record<string, unknown> = {}) {
  const asked: string[] = [];
  const fetch = (input: string, init?: RequestInit) => {
    const email = new URL(input).searchParams.get('email') ?? '';
    if (!init?.signal?.aborted) asked.push(email);
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      const found = contacts[email] ? [contacts[email]] : [];
      if (ms !== Infinity) setTimeout(() => resolve(new Response(JSON.stringify({ contacts: found }), { headers: { 'content-type': 'application/json' } })), ms);
    });
  };
  return { fetch, asked };
}

it('does not keep the next tab’s lookups waiting behind those of a tab that was closed', async () => {
  const { fetch } = service(3000);
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  const people = Array.from({ length: 300 }, (_, i) => ({ email: `person${i}@example.com` }));
  void handlers['people.find']({ people }, { sender: 'content', tabId: 21 }).catch(() => undefined);
  await vi.advanceTimersByTimeAsync(1000);
  // The user closes that tab and opens a thread in another.
  await fakeBrowser.tabs.onRemoved.trigger(21, { windowId: 1, isWindowClosing: false });
  const start = Date.now();
  let answeredAfter: number | null = null;
  void handlers['people.find']({ people: [{ email: 'maya@example.com' }] }, { sender: 'content', tabId: 22 }).then(() => (answeredAfter = Date.now() - start));
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(answeredAfter).toBeLessThanOrEqual(10_000);
}, 60_000);

it('stops sending a closed tab’s lookups to a service that does not answer', async () => {
  const { fetch, asked } = service(Infinity);
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  const people = Array.from({ length: 60 }, (_, i) => ({ email: `person${i}@example.com` }));
  void handlers['people.find']({ people }, { sender: 'content', tabId: 23 }).catch(() => undefined);
  await vi.advanceTimersByTimeAsync(1000);
  await fakeBrowser.tabs.onRemoved.trigger(23, { windowId: 1, isWindowClosing: false });
  const atClose = asked.length;
  await vi.advanceTimersByTimeAsync(5 * 60_000);
  expect({ atClose, sentAfterTheTabClosed: asked.length - atClose }).toEqual({ atClose: MAX_CONCURRENT_CALLS - ON_SCREEN_RESERVED_CALLS, sentAfterTheTabClosed: 0 });
}, 60_000);

it('answers another tab, and the panel, that joined a call of the closed tab’s', async () => {
  const maya = { id: 'maya', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null };
  const { fetch, asked } = service(3000, { 'maya@example.com': maya });
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  void handlers['people.find']({ people: [{ email: 'maya@example.com' }, { email: 'ana@example.com' }] }, { sender: 'content', tabId: 24 }).catch(() => undefined);
  await vi.advanceTimersByTimeAsync(500);
  // Another tab shows Maya too, and the side panel asks about her: both join the call on its way.
  const otherTab = handlers['people.find']({ people: [{ email: 'maya@example.com' }] }, { sender: 'content', tabId: 25 });
  const panel = handlers['contact.find']({ email: 'maya@example.com' }, { sender: 'extension', tabId: null });
  await vi.advanceTimersByTimeAsync(100);
  await fakeBrowser.tabs.onRemoved.trigger(24, { windowId: 1, isWindowClosing: false });
  await vi.advanceTimersByTimeAsync(10_000);
  expect(await otherTab).toEqual([{ contact: expect.objectContaining({ id: 'maya' }), matchedBy: 'email' }]);
  expect(await panel).toEqual({ contact: expect.objectContaining({ id: 'maya' }), matchedBy: 'email' });
  // Asked again for them, once the closed tab's call was stopped.
  expect(asked.filter((email) => email === 'maya@example.com').length).toBeGreaterThan(1);
}, 60_000);
