// @vitest-environment node
/**
 * "Addresses at these domains are never sent to the service." contact.find checks the exclusions
 * itself ("whoever asks"); so does a page's people.find batch, as it arrives and again as each
 * lookup waits its turn: a large page's batch waits for the page's call slots for many seconds, and a
 * domain the user excludes meanwhile is not sent, one queued lookup after another.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { MAX_CONCURRENT_CALLS, ON_SCREEN_RESERVED_CALLS, ServiceContext } from '@/lib/background/service-context';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';

it('does not send an address whose domain was excluded while the page’s batch waited its turn', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  // The service's e-mail filter is known already (no calibration in this test).
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const asked: string[] = [];
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    // As a browser's fetch: a request whose signal is aborted already is never sent.
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const email = new URL(input).searchParams.get('email') ?? '';
    asked.push(email);
    await slow;
    return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

  // Clients fill the slots a page's lookups may take (one is kept for the panel); a colleague at mycompany.com waits behind them.
  const pageSlots = MAX_CONCURRENT_CALLS - ON_SCREEN_RESERVED_CALLS;
  const people = [...Array.from({ length: pageSlots }, (_, i) => ({ email: `client${i}@client.example` })), { email: 'ana@mycompany.com' }];
  const batch = broker({ primer: 1, type: 'people.find', payload: { people } }, page)!;
  await vi.waitFor(() => expect(asked).toHaveLength(pageSlots));

  // The user excludes their own company's domain in the options meanwhile.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] });
  release();
  const answer = await batch;
  expect.soft(asked).not.toContain('ana@mycompany.com');
  // Not a contact, to the page: it leaves her out by now anyway.
  expect.soft(answer).toMatchObject({ ok: true, data: people.map(() => null) });
});

it('answers an address already left out when the batch comes as no one’s, without asking or keeping that answer', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const asked: string[] = [];
  const fetch = vi.fn((input: string) => {
    asked.push(new URL(input).searchParams.get('email') ?? '');
    return Promise.resolve(new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } }));
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  const people = [{ email: 'ben@mycompany.org' }, { email: 'me@home.example' }, { email: 'dan@client.example' }];

  // A page that read the old preferences sends everyone.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.org'], ownAddresses: ['me@home.example'] });
  expect.soft(await broker({ primer: 1, type: 'people.find', payload: { people } }, page)).toMatchObject({ ok: true, data: [null, null, null] });
  expect.soft(asked).toEqual(['dan@client.example']);

  // Included again: asked then ("not a contact" was not kept for them).
  await preferencesItem.setValue(DEFAULT_PREFERENCES);
  await broker({ primer: 1, type: 'people.find', payload: { people } }, page);
  expect.soft(asked).toEqual(['dan@client.example', 'ben@mycompany.org', 'me@home.example']);
});
