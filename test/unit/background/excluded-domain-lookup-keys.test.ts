// @vitest-environment node
/**
 * The user excludes a domain. A lookup of someone there that found no contact ("not a contact"),
 * or found a contact filed under another primary address, kept the address asked for in
 * storage.local, as its cache key, for 30 days: forgetting went by what the answer named, and
 * these name no one there. Every lookup asked about an address the options leave out now goes.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { forgetLeftOutOnChange } from '@/lib/background/forget-excluded';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';

it('forgets the lookups of addresses in a domain once the user excludes it, found or not', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  // Ana is filed under her address elsewhere, and also has one at partner.example.
  const ana = { id: 'ana', name: 'Ana Ruiz', email: 'ana@ruiz.example', emails: ['ana@ruiz.example', 'ana@partner.example'] };
  const fetch = vi.fn((input: string) => {
    const email = new URL(input).searchParams.get('email');
    const body = { items: email === 'ana@partner.example' || email === 'ana@ruiz.example' ? [ana] : [] };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const panel = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };
  forgetLeftOutOnChange(context);

  for (const email of ['bo@partner.example', 'ana@partner.example', 'cy@elsewhere.example']) {
    await broker({ primer: 1, type: 'contact.find', payload: { email } }, panel);
  }
  await context.cache.flush();
  const storedAbout = async (text: string) => Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.includes(text));
  expect(await storedAbout('@partner.example')).toHaveLength(2);

  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await context.cache.flush();
  expect(await storedAbout('@partner.example')).toEqual([]);
  // Someone elsewhere is kept.
  expect(await storedAbout('cy@elsewhere.example')).toHaveLength(1);
});
