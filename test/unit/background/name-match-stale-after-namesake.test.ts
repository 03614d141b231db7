/**
 * A match by name is the only contact with that full name in the list as read: once a namesake is
 * added and the list read again (the hourly upkeep's rebuild), the single match cached before is
 * no longer the service's answer. It was kept "briefly" (5 minutes), then served stale while
 * refreshed, for up to a week: the page, the side panel or the popup showing that name was handed
 * the old contact "matched by name" (and a page keeps what it is told for 10 minutes), though the
 * index's own rule (allByName) never answers a single name from a list past its lifetime.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings } from '@/lib/background/settings';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

const BASE = 'https://api.test';
const MINUTE = 60_000;
const maya = { id: 'mc-1', name: 'Maya Chen', email: 'maya@x.test' };
const namesake = { id: 'mc-2', name: 'Maya Chen', email: 'mchen@y.test' };

let contacts: object[];
let now: number;

beforeEach(async () => {
  now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  contacts = [maya];
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: BASE, apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'local-index', contactLookupCheckedAt: now });
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp() {
  const fetch = () =>
    Promise.resolve(new Response(JSON.stringify({ items: contacts, total: contacts.length }), { headers: { 'content-type': 'application/json' } }));
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  return { context, handlers: createHandlers(context) };
}

const later = async (ms: number) => {
  // The recorded discovery stays fresh: only the cache's and the index's ages matter here.
  now += ms;
  vi.setSystemTime(now);
  await storageDiscoveryStore.update(BASE, { contactLookupCheckedAt: now });
};

it.each([
  ['the hourly upkeep read the list again', 61 * MINUTE, true],
  ['the list was read again a moment after the match', 6 * MINUTE, true],
  ['the list is past its hour, not yet read again', 2 * 60 * MINUTE, false],
])('does not name the contact once matched by a name a namesake shares now (%s)', async (_, wait, rebuilt) => {
  const { context, handlers } = setUp();
  const asked = { sender: 'extension' as const, tabId: null };
  expect((await handlers['contact.find']({ name: 'Maya Chen' }, asked))?.contact.id).toBe('mc-1');

  contacts = [maya, namesake];
  await later(wait);
  if (rebuilt) expect(await context.refreshContactIndexIfUsed()).toBe(true);

  expect(await handlers['contact.find']({ name: 'Maya Chen' }, asked)).toBeNull();
  // Nor a page's batch.
  expect(await handlers['people.find']({ people: [{ name: 'Maya Chen' }] }, asked)).toEqual([null]);
});

it('still answers a name match from the cache while it is fresh, and an address match served stale', async () => {
  let calls = 0;
  const fetch = () => {
    calls += 1;
    return Promise.resolve(new Response(JSON.stringify({ items: contacts, total: contacts.length }), { headers: { 'content-type': 'application/json' } }));
  };
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  const asked = { sender: 'extension' as const, tabId: null };
  expect((await handlers['contact.find']({ name: 'Maya Chen' }, asked))?.matchedBy).toBe('name');
  expect((await handlers['contact.find']({ email: 'maya@x.test' }, asked))?.matchedBy).toBe('email');
  const before = calls;
  await later(2 * MINUTE);
  expect((await handlers['contact.find']({ name: 'Maya Chen' }, asked))?.contact.id).toBe('mc-1');
  expect(calls).toBe(before);
  // An address stays exact however old its answer: served at once, refreshed behind.
  await later(2 * 60 * MINUTE);
  contacts = [maya, namesake];
  expect((await handlers['contact.find']({ email: 'maya@x.test' }, asked))?.contact.id).toBe('mc-1');
});
