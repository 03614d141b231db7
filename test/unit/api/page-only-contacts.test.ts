// @vitest-environment node
/**
 * A server that pages its contact list by `page` alone (Flask-SQLAlchemy's `paginate()`, 20 a page
 * by default) and says nothing of paging in its body: `{"items": [...]}`. Primer's `limit`/`offset`
 * are unknown to it, so the probe "offset=20" gets page 1 again, and the list is taken as read to
 * its end after 20 of 45 contacts. A name seen once in that part must not count as unique.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

// 45 contacts; two "Alex Kim": one on page 1 (c5), one on page 2 (c30).
const people = Array.from({ length: 45 }, (_, i) => ({ id: `c${i}`, name: i === 5 || i === 30 ? 'Alex Kim' : `Person ${i}`, email: `p${i}@x.test` }));

function flaskServer() {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      // Only the list route exists; unknown query parameters (email, search, q, limit, offset) are ignored.
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(Response.json({ message: 'Not Found' }, { status: 404 }));
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      return Promise.resolve(Response.json({ items: people.slice((page - 1) * perPage, page * perPage) }));
    },
  });
  return { service, asked };
}

it('does not call a list complete after reading page 1 of a page-numbered server twice', async () => {
  const { service } = flaskServer();
  const list = await service.readContactList();
  // Either every contact was read, or the list is not said to be complete.
  expect({ complete: list.complete, read: list.contacts.length }).not.toEqual({ complete: true, read: 20 });
});

it('never matches "Alex Kim" by name to the one on page 1 while a namesake sits on page 2', async () => {
  const { service } = flaskServer();
  // Calibration finds no working address filter on this server: the local index answers.
  expect((await service.findContactByEmail('p1@x.test'))?.id).toBe('c1');
  expect(await service.findContactByName('Alex Kim')).toBeNull();
});
