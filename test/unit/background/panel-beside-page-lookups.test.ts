/**
 * A page's batch of lookups (30 people, 6 calls at a time) and the side panel asking for one of
 * them at the same moment: the panel's answer does not wait behind the batch, and costs no second
 * request when a copy already answered it.
 *
 * The service answers every call in one second. The panel once joined the page's queued call for
 * that person and was told "timed out" after 4 s, while its own call, first in line, would have been
 * answered in 2: after a moment it now sends its own.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings } from '@/lib/background/settings';
import { keyTag } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

const BASE = 'https://api.test';
const person = (i: number) => ({ id: `c${i}`, name: `Person ${i}`, email: `p${i}@example.com`, company: null, title: null });

beforeEach(async () => {
  // The vault's tagging key is read from (fake) IndexedDB on real timers; key tags then need none.
  await keyTag('key');
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

it('answers the panel as soon as its own call would, not "timed out" behind a page’s queued lookups', async () => {
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: BASE, apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  // Every call is answered in one second.
  const fetch = (url: string) =>
    new Promise<Response>((resolve) =>
      setTimeout(() => {
        const email = new URL(url).searchParams.get('email')!;
        const i = Number(/^p(\d+)@/.exec(email)![1]);
        resolve(new Response(JSON.stringify({ contacts: [person(i)] }), { headers: { 'content-type': 'application/json' } }));
      }, 1000),
    );
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  const handlers = createHandlers(context);
  const people = Array.from({ length: 30 }, (_, i) => ({ email: person(i + 1).email }));
  const page = handlers['people.find']({ people }, { sender: 'content', tabId: 1 });
  await vi.advanceTimersByTimeAsync(10);
  // The user opens the panel on the page's last person.
  const panel = handlers['contact.find']({ email: person(30).email }, { sender: 'extension', tabId: null }).then(
    (match) => ({ match }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(6000);
  expect(await panel).toMatchObject({ match: { contact: { id: 'c30' } } });
  await page;
});

it('a page scan refreshing its stale lookups and the panel opened meanwhile cost one request per address', async () => {
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: 'https://api.test', apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const asked: string[] = [];
  // Every call is answered in one second.
  const fetch = (url: string) =>
    new Promise<Response>((resolve) =>
      setTimeout(() => {
        const email = new URL(url).searchParams.get('email')!;
        asked.push(email);
        const i = Number(/^p(\d+)@/.exec(email)![1]);
        resolve(new Response(JSON.stringify({ contacts: [{ id: `c${i}`, name: `Person ${i}`, email, company: null, title: null }] }), { headers: { 'content-type': 'application/json' } }));
      }, 1000),
    );
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  const handlers = createHandlers(context);
  const people = Array.from({ length: 30 }, (_, i) => ({ email: `p${i + 1}@example.com` }));
  const first = handlers['people.find']({ people }, { sender: 'content', tabId: 1 });
  await vi.advanceTimersByTimeAsync(10_000);
  await first;
  // An hour on, the page scans again: served its stale copies at once, refreshed behind (6 at a time).
  vi.setSystemTime(Date.now() + 60 * 60_000);
  asked.length = 0;
  await handlers['people.find']({ people }, { sender: 'content', tabId: 1 });
  // The user opens the panel on the page's last person: answered from the same copy at once.
  expect(await handlers['contact.find']({ email: 'p30@example.com' }, { sender: 'extension', tabId: null })).toMatchObject({ contact: { id: 'c30' } });
  await vi.advanceTimersByTimeAsync(10_000);
  expect(asked.filter((email) => email === 'p30@example.com')).toHaveLength(1);
});
