/**
 * A stale copy is answered at once and refreshed behind it. When a page's patient refresh of the
 * same key is already on its way, the refresh behind a copy shown on screen has no one waiting on
 * it: it must join the page's call, not send a second request after JOIN_GRACE_MS.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { JOIN_GRACE_MS, ON_SCREEN, SwrCache, type CacheStore } from '@/lib/background/cache';
import { effectiveSettings } from '@/lib/background/settings';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

function memoryStore(): CacheStore {
  const data = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(data.get(key)),
    setMany: (entries) => (Object.entries(entries).forEach(([key, value]) => data.set(key, value)), Promise.resolve()),
    remove: (keys) => (keys.forEach((key) => data.delete(key)), Promise.resolve()),
    keys: () => Promise.resolve([...data.keys()]),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('SwrCache: a stale copy served on screen sends no second call beside the page’s refresh on its way', async () => {
  let now = 0;
  const policy = { schema: z.number(), freshMs: 1000, maxStaleMs: 100_000 };
  const cache = new SwrCache(memoryStore(), () => now);
  await cache.get('k', () => Promise.resolve(1), policy);
  now = 5000;
  // The page's refresh behind its stale copy, queued behind its batch.
  const page = { release: (_: number) => {} };
  expect(await cache.get('k', () => new Promise<number>((resolve) => (page.release = resolve)), policy)).toMatchObject({ value: 1, stale: true });
  // The panel is answered from the same copy at once: nobody waits on its refresh.
  const panelFetch = vi.fn(() => Promise.resolve(2));
  expect(await cache.get('k', panelFetch, policy, ON_SCREEN)).toMatchObject({ value: 1, stale: true });
  await vi.advanceTimersByTimeAsync(JOIN_GRACE_MS * 3);
  page.release(3);
  await vi.advanceTimersByTimeAsync(0);
  expect(panelFetch).not.toHaveBeenCalled();
});

it('handlers: a page scan refreshing its stale lookups and the panel opened meanwhile cost one request per address', async () => {
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
