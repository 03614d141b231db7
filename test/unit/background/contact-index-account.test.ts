// @vitest-environment node
/**
 * The saved contact list names its address only. Settings changed while no worker listened (an
 * administrator's key replaced while the browser was closed: Firefox reads policies only at start)
 * leave the old account's list for the new account's key at the same address.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { ServiceContext } from '@/lib/background/service-context';

const BASE = 'https://corp.example.com';
const ann = { id: 'a-1', name: 'Ann Lee', email: 'ann@account-a.example', company: null, title: null };

function serviceFor(lists: Record<string, object[]>) {
  return vi.fn((_url: string, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('authorization')!.replace('Bearer ', '');
    return Promise.resolve(new Response(JSON.stringify({ contacts: lists[key] ?? [] }), { headers: { 'content-type': 'application/json' } }));
  });
}

it('does not answer account B’s lookups from the contact list a worker saved for account A at the same address', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
  const fetch = serviceFor({ 'key-account-a': [ann], 'key-account-b': [] });
  // This server has no working e-mail filter: lookups are answered from the local list.
  await storageDiscoveryStore.update(BASE, { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });

  // A worker of account A's time builds and saves its contact list.
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-a' } as never);
  const first = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  expect(await (await first.client()).findContactByEmail(ann.email)).toMatchObject({ id: ann.id });

  // The browser starts again with the policy naming account B's key (no change event: it changed while closed).
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-b' } as never);
  const next = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const client = await next.client();
  expect(await client.findContactByEmail(ann.email)).toBeNull();
});
