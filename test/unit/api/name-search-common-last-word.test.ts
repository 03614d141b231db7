// @vitest-environment node
/**
 * A name shown alone is searched by its first word and then by its last. Where the first answer
 * was complete and found one "Maya Li", a common last word ("Li", "Kim", "Smith") finding more than
 * a page does not send the lookup to the whole contact list: the first word's answer decides.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const FIRST = ['Alice', 'William', 'Olivia', 'Lily', 'Elias', 'Julia', 'Liam', 'Amelia', 'Philip', 'Colin'];
const CONTACTS = [
  { id: 'maya', name: 'Maya Li', email: 'maya@x.test' },
  ...Array.from({ length: 2000 }, (_, i) => ({ id: `c${i}`, name: `${FIRST[i % FIRST.length]} Person${i}`, email: `p${i}@x.test` })),
];

it('does not page the whole contact list to match "Maya Li", whom the first search found alone', async () => {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'search-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: true });
  const asked: string[] = [];
  const service = servedClient((url) => {
    const search = url.searchParams.get('search');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    asked.push(search === null ? `list@${offset}` : `search:${search}`);
    const found = search === null ? CONTACTS : CONTACTS.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    return reply(200, { items: found.slice(offset, offset + limit), total: found.length, limit, offset });
  }, discovery);
  expect(await service.findContactByName('Maya Li')).toMatchObject({ id: 'maya' });
  expect(asked.filter((request) => request.startsWith('list@'))).toEqual([]);
});
