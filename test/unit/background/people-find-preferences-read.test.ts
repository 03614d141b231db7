// @vitest-environment node
/**
 * Every page's people.find batch (a page's scan, on every focus and mutation, in every tab) checks
 * the user's exclusions. The worker keeps one copy of the preferences, read once and followed as
 * they change, so a warm page (all answers cached) costs no storage.sync read per batch.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { PAGE_AREA } from '@/lib/storage/page-area';

const BASE = 'https://corp.example.com';

it('reads the preferences from storage at most once over a page’s repeated batches', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } })));
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  const people = [{ email: 'dan@client.example' }];
  await broker({ primer: 1, type: 'people.find', payload: { people } }, page);

  const reads = vi.spyOn(fakeBrowser.storage[PAGE_AREA], 'get');
  for (let i = 0; i < 5; i++) await broker({ primer: 1, type: 'people.find', payload: { people } }, page);
  expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
});
