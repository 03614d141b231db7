/**
 * A server whose only e-mail lookup is a substring search (Django REST framework's SearchFilter on
 * name and e-mail, `icontains`) and whose pages have a size of their own (PageNumberPagination's
 * 10, whatever `limit` says): a short address such as `al@…` is inside many others (`hal@…`,
 * `val@…`), and the contact who has it exactly may be on the search's second page. It was taken
 * for "not a contact"; the search's later pages are read (as the server names them) until found.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

interface Person {
  id: string;
  name: string;
  email: string;
}

function searchOnlyServer(people: Person[], linkHeader = false) {
  const calls: string[] = [];
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    calls.push(url.pathname + url.search);
    if (url.pathname !== '/api/v2/contacts') return reply(404, { detail: 'Not found.' });
    const search = url.searchParams.get('search')?.toLowerCase() ?? null;
    const page = Number(url.searchParams.get('page') ?? '1');
    const matching = search === null ? people : people.filter((p) => p.email.includes(search) || p.name.toLowerCase().includes(search));
    const results = matching.slice((page - 1) * 10, page * 10);
    if (results.length === 0 && page > 1) return reply(404, { detail: 'Invalid page.' });
    const nextUrl = page * 10 < matching.length ? `https://api.test/api/v2/contacts?page=${page + 1}${search ? `&search=${encodeURIComponent(search)}` : ''}` : null;
    if (linkHeader) {
      // GitHub's style: a bare array, the next page in the Link header only.
      const response = reply(200, results);
      if (nextUrl !== null) response.headers.set('link', `<${nextUrl}>; rel="next"`);
      return response;
    }
    return reply(200, { count: matching.length, next: nextUrl, previous: null, results });
  }, discovery);
  return { client, calls, discovery };
}

const OTHERS: Person[] = Array.from({ length: 15 }, (_, i) => ({ id: `x${i}`, name: `A${String(i).padStart(2, '0')} Person`, email: `${'bcdfghjkmnprstv'[i]}al@acme.example` }));
const AL: Person = { id: 'al', name: 'Zed Al', email: 'al@acme.example' };

it('finds a contact on a later page of a substring search', async () => {
  const { client, discovery } = searchOnlyServer([...OTHERS, AL]);
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-param');
  expect(await client.findContactByEmail('al@acme.example')).toMatchObject({ id: 'al' });
  // Still the search's: nobody else's address is taken for theirs, nor the route given up.
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-param');
});

it('follows a Link header too, and says nobody only once the pages end', async () => {
  const { client, calls } = searchOnlyServer([...OTHERS, AL], true);
  expect(await client.findContactByEmail('al@acme.example')).toMatchObject({ id: 'al' });
  calls.length = 0;
  // Inside 15 others' addresses, and nobody's own: every page is read, then nobody.
  expect(await client.findContactByEmail('l@acme.example')).toBeNull();
  expect(calls.filter((call) => call.includes('search=l%40acme.example'))).toHaveLength(2);
});

it('leaves it to the whole list when the search answers every page with its first', async () => {
  const calls: string[] = [];
  const people = [...OTHERS, AL];
  const client = servedClient((url) => {
    calls.push(url.pathname + url.search);
    if (url.pathname !== '/api/v2/contacts') return reply(404, { detail: 'Not found.' });
    const search = url.searchParams.get('search')?.toLowerCase() ?? null;
    // The search's paging is ignored: its first ten, and a next page named every time.
    if (search !== null) {
      const matching = people.filter((p) => p.email.includes(search));
      return reply(200, { results: matching.slice(0, 10), next: matching.length > 10 ? `/api/v2/contacts?search=${search}&page=2` : null });
    }
    return reply(200, { results: people, next: null });
  });
  expect(await client.findContactByEmail('bal@acme.example')).toMatchObject({ id: 'x0' });
  calls.length = 0;
  expect(await client.findContactByEmail('al@acme.example')).toMatchObject({ id: 'al' });
  // One page more, the same again, then the whole list.
  expect(calls.filter((call) => call.includes('search='))).toHaveLength(2);
});
