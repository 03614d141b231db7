// @vitest-environment node
/**
 * Two servers whose whole list fits in the first page: the interface's own shape, `GET
 * /api/v2/contacts` → `{"items": [...]}`, from a server that ignores its query and sends everyone;
 * and a plain Django view paging with `Paginator.get_page()`, 25 a page, which answers a page past
 * the last with the last page. The list is read whole and said to be complete, so a name-only
 * attendee is matched to the one contact with that name.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const people = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: i === 2 ? 'Dan Ito' : `Person ${i}`, email: `p${i}@x.test` }));

function serve(route: (url: URL) => unknown) {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url.search);
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(Response.json({ message: 'Not Found' }, { status: 404 }));
      return Promise.resolve(Response.json(route(url)));
    },
  });
  return { service, asked };
}

/** The whole list, whatever is asked. */
const specServer = () => serve(() => ({ items: people(3) }));
/** Django's Paginator.get_page: 25 a page from 1, a number past the last is the last page. */
const djangoGetPage = () =>
  serve((url) => {
    const list = people(20);
    const pages = Math.max(1, Math.ceil(list.length / 25));
    const page = Math.min(Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1), pages);
    return { items: list.slice((page - 1) * 25, page * 25) };
  });

it.each([
  ['a server sending its whole list whatever is asked', specServer, 3],
  ['a Django get_page() list of one page', djangoGetPage, 20],
])('reads %s as complete', async (_, server, count) => {
  const { service, asked } = server();
  const list = await service.readContactList();
  expect({ complete: list.complete, read: list.contacts.length, asked }).toMatchObject({ complete: true, read: count });
});

it('matches the only "Dan Ito" by name on such a server', async () => {
  const { service } = specServer();
  expect((await service.findContactByEmail('p0@x.test'))?.id).toBe('c0');
  expect((await service.findContactByName('Dan Ito'))?.id).toBe('c2');
});
