/**
 * nameKey takes Turkish "ı" for "i" ("Aslı Altın" and "Asli Altin" are one name to it), so the
 * whole list (local index) takes two such contacts for namesakes and matches neither by the name
 * alone. A server that searches names does not fold "ı" (nor does ILIKE, nor JS includes): asked
 * for "Asli" and "Altin" it finds only the ASCII contact. A name whose searched words all hold an
 * "i" is therefore looked for in the whole list, as one with "ss" is (a namesake may spell "ß").
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'ascii', name: 'Asli Altin', email: 'asli@x.test' },
  { id: 'turkish', name: 'Aslı Altın', email: 'aaltin@y.test' },
];

async function searching() {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', {
    contactLookup: 'search-param',
    contactLookupCheckedAt: Date.now(),
    contactLookupCaseSensitive: false,
    contactSearchCoversNames: true,
  });
  return servedClient((url) => {
    const search = url.searchParams.get('search');
    const found = search === null ? CONTACTS : CONTACTS.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    return reply(200, { items: found, total: found.length });
  }, discovery);
}

describe('a Turkish namesake written with "ı" beside the same name in ASCII', () => {
  it('the whole list takes them for namesakes (control)', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
    const listing = servedClient(() => reply(200, { items: CONTACTS, total: CONTACTS.length }), discovery);
    expect(await listing.findContactByName('Asli Altin')).toBeNull();
  });

  it('is a namesake on a server that searches names too: no one is matched by the name', async () => {
    expect(await (await searching()).findContactByName('Asli Altin')).toBeNull();
  });
});
