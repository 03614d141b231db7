// @vitest-environment node
/**
 * nameKey takes Turkish "ı" for "i": "Aslı Kaya" is a namesake of "Asli Kaya". searchWords
 * (378e053) now counts on a searched word without an "i" to find such a namesake: "Asli Kaya" is
 * searched for "Asli" (which cannot find "Aslı") and "Kaya" (which can). But #searchNames drops
 * the last word's answer when it is cut short ("a common last word ... the first word's answer
 * stands alone then"), and "Kaya" is among the commonest Turkish surnames: with more than a page
 * of Kayas, only "Asli"'s answer is left, "Asli Kaya" looks unique, and is matched by name.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const CONTACTS = [
  { id: 'ascii', name: 'Asli Kaya', email: 'asli@x.test' },
  { id: 'turkish', name: 'Aslı Kaya', email: 'akaya@y.test' },
  ...Array.from({ length: 150 }, (_, i) => ({ id: `k${i}`, name: `Person${i} Kaya`, email: `k${i}@x.test` })),
];

it('matches no one by the name "Asli Kaya" when "Aslı Kaya" is a contact too, however many Kayas there are', async () => {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'search-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: true });
  const service = servedClient((url) => {
    const search = url.searchParams.get('search');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    // As a server's search does (ILIKE, JS includes): "ı" is not "i".
    const found = search === null ? CONTACTS : CONTACTS.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    return reply(200, { items: found.slice(offset, offset + limit), total: found.length, limit, offset });
  }, discovery);

  // Control: the whole list knows them for namesakes.
  const listing = servedClient((url) => {
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return reply(200, { items: CONTACTS.slice(offset, offset + limit), total: CONTACTS.length, limit, offset });
  }, await (async () => {
    const local = new MemoryDiscoveryStore();
    await local.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
    return local;
  })());
  expect(await listing.findContactByName('Asli Kaya')).toBeNull();

  expect((await service.findContactByName('Asli Kaya'))?.id ?? null).toBeNull();
});
