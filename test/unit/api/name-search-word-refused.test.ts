// @vitest-environment node
/**
 * A server's search refusing one word's value (400/422: a WAF's SQL-injection rule on the
 * apostrophe of "O'Brien", a validator's) says nothing of the name: as for an address the filter
 * refuses (contact-finder.ts), the whole contact list decides. The refusal failed the lookup,
 * every minute, for everyone named so: "Sean O'Brien" was never marked, nor "D'Angelo Russell".
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const CONTACTS = [
  { id: 'sean', name: "Sean O'Brien", email: 'sean@x.test' },
  { id: 'dangelo', name: "D'Angelo Russell", email: 'dr@x.test' },
  { id: 'other', name: 'Sean Park', email: 'sp@x.test' },
  { id: 'twin-1', name: "Mary O'Neil", email: 'm1@x.test' },
  { id: 'twin-2', name: "O'Neil, Mary", email: 'm2@x.test' },
];

async function service() {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'search-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: true });
  return servedClient((url) => {
    const search = url.searchParams.get('search');
    if (search?.includes("'")) return reply(400, { error: 'Request blocked' });
    const found = search === null ? CONTACTS : CONTACTS.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    return reply(200, { items: found, total: found.length });
  }, discovery);
}

it.each([
  ["Sean O'Brien", 'sean'],
  ["D'Angelo Russell", 'dangelo'],
  ["O'Brien, Sean", 'sean'],
])('finds "%s" in the whole list when the search refuses a word of the name', async (name, id) => {
  expect(await (await service()).findContactByName(name)).toMatchObject({ id });
});

it('still matches no one by a name two contacts share, the search refusing its word', async () => {
  expect(await (await service()).findContactByName("Mary O'Neil")).toBeNull();
});
