// @vitest-environment node
/**
 * Servers paging their contact list by `page` alone, whatever offset is asked: Flask-SQLAlchemy's
 * `paginate()` (20 rows a page, counting from 1, `{"items": [...]}`) and Spring's `Pageable`
 * (counting from 0, a bare list). An offset probe gets the first page again; the list must then be
 * read by page number to its end, also when a page lists a contact twice (one row per address of
 * a join), and never be called complete with a page skipped.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

// 45 contacts; two "Alex Kim": one on page 1 (c5), one on page 2 (c30).
const people = Array.from({ length: 45 }, (_, i) => ({ id: `c${i}`, name: i === 5 || i === 30 ? 'Alex Kim' : `Person ${i}`, email: `p${i}@x.test` }));
// c3 has two addresses: the joined query lists it twice, side by side.
const rows = people.flatMap((person) => (person.id === 'c3' ? [person, { ...person, email: 'p3-other@x.test' }] : [person]));

function flaskServer() {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(Response.json({ message: 'Not Found' }, { status: 404 }));
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      return Promise.resolve(Response.json({ items: rows.slice((page - 1) * perPage, page * perPage) }));
    },
  });
  return { service, asked };
}

it('does not call a page-numbered list complete when its first page listed a contact twice', async () => {
  const { service, asked } = flaskServer();
  const list = await service.readContactList();
  // Either every contact was read, or the list is not said to be complete.
  expect({ complete: list.complete, read: list.contacts.length, asked }).not.toMatchObject({ complete: true, read: 19 });
});

it('never matches "Alex Kim" by name while a namesake sits on page 2 of such a list', async () => {
  const { service } = flaskServer();
  expect((await service.findContactByEmail('p1@x.test'))?.id).toBe('c1');
  expect(await service.findContactByName('Alex Kim')).toBeNull();
});

/** Spring's Pageable: `page` counts from 0 (`?page=0` is the first), 20 a page; the body a bare list. */
it('does not call a list complete that skipped a page of a server counting pages from 0', async () => {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      const page = Number(url.searchParams.get('page') ?? 0);
      return Promise.resolve(Response.json(people.slice(page * 20, (page + 1) * 20)));
    },
  });
  const list = await service.readContactList();
  const read = new Set(list.contacts.map((contact) => contact.id));
  const missing = people.filter((person) => !read.has(person.id)).map((person) => person.id);
  expect({ complete: list.complete, missing: missing.length > 0 }).not.toEqual({ complete: true, missing: true });
});
