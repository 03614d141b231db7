// @vitest-environment node
/**
 * The first word's complete answer decides when the last word's search is cut short, but one that
 * found nobody decides nothing: the only "Maya Chen" (a soft hyphen inside her first name, which a
 * search for "Maya" misses) is found through the whole list.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const contacts = [
  { id: 'dan', name: 'Dan Chen', email: 'dan@x.test' },
  { id: 'maya-2', name: 'Ma\u00ADya Chen', email: 'mchen@y.test' },
];

it('finds the single "Maya Chen" through the whole list when "Maya" finds nobody and "Chen" is cut short', async () => {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'search-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: true });
  const asked: (string | null)[] = [];
  const service = servedClient((url) => {
    const search = url.searchParams.get('search');
    asked.push(search);
    const found = search === null ? contacts : contacts.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    // "Chen" is a common last name: the server cuts its page short, saying nothing of a total.
    return search === 'Chen' ? reply(200, { items: found.slice(0, 1) }) : reply(200, { items: found, total: found.length });
  }, discovery);
  expect(await service.findContactByName('Maya Chen')).toMatchObject({ id: 'maya-2' });
});
