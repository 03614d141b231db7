// @vitest-environment node
/**
 * A server that caps its pages below the size asked (50 of the 100 asked) and says `count` for the
 * number of items on the page (not DRF's total). "Ann" finds 60 contacts; the second "Ann Lee" is
 * on page 2. A `count` that is the page's own length is no total: the first page is not the whole
 * answer, so "Ann Lee" is looked up further (the whole list, read to its end) and, having a
 * namesake, is no one's by name. An exact address is still found with a single request.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'ann-1', name: 'Ann Lee', email: 'ann@x.test' },
  ...Array.from({ length: 58 }, (_, i) => ({ id: `other-${i}`, name: `Anna Other${i}`, email: `anna${i}@x.test` })),
  // Page 2 of the search (position 60).
  { id: 'ann-2', name: 'Ann Lee', email: 'alee@y.test' },
];
const CAP = 50;

function cappedService(discovery: MemoryDiscoveryStore, asked: URL[] = []) {
  return new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url);
      const search = url.searchParams.get('search')?.toLowerCase();
      const email = url.searchParams.get('email')?.toLowerCase();
      const found =
        email !== undefined
          ? CONTACTS.filter((c) => c.email === email)
          : search === undefined
            ? CONTACTS
            : CONTACTS.filter((c) => c.name.toLowerCase().includes(search) || c.email.includes(search));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? CAP), CAP);
      const items = found.slice(offset, offset + limit);
      // `count`: how many items this reply holds (not the total).
      return Promise.resolve(new Response(JSON.stringify({ items, count: items.length }), { headers: { 'content-type': 'application/json' } }));
    },
  });
}

describe('a server that caps its pages (50 of 100 asked) and counts only the page', () => {
  it('name search: does not match the first Ann Lee when a second one is on the next page', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', {
      contactLookup: 'search-param',
      contactLookupCheckedAt: Date.now(),
      contactLookupCaseSensitive: false,
      contactSearchCoversNames: true,
    });
    expect(await cappedService(discovery).findContactByName('Ann Lee')).toBeNull();
  });

  it('whole list (index): does not match the first Ann Lee when a second one is past the first page', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
    expect(await cappedService(discovery).findContactByName('Ann Lee')).toBeNull();
  });

  it('an exact address: one request, its `count: 1` changing nothing', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false });
    const asked: URL[] = [];
    expect(await cappedService(discovery, asked).findContactByEmail('alee@y.test')).toMatchObject({ id: 'ann-2' });
    expect(asked.map((url) => url.searchParams.get('email'))).toEqual(['alee@y.test']);
  });
});
