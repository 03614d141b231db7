// @vitest-environment node
/**
 * The contact list read whole, however the server pages it, as servers are commonly built. The
 * interface shows no paging for contacts; Primer asks `limit` and `offset`, then (a server
 * answering an offset with its first page again) page numbers from 1. A list is said complete
 * only when everyone was read: a name found once in a part of it may have a namesake in the rest.
 * Each server below holds two contacts named "Alex Kim" (c5, c30) where it holds 45.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

type Person = { id: string; name: string; email: string };
const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({ id: `c${i}`, name: i === 5 || i === 30 ? 'Alex Kim' : i === 2 ? 'Dan Ito' : `Person ${i}`, email: `p${i}@x.test` }));
const FORTY_FIVE = people(45);

/** A client of a server answering `route(url)` on its contact list (404 elsewhere: no address filter found). */
function serve(route: (url: URL) => Response) {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url.search);
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(Response.json({ message: 'Not Found' }, { status: 404 }));
      return Promise.resolve(route(url));
    },
  });
  return { service, asked };
}

/** Flask-SQLAlchemy's `paginate()`: `page` from 1, 20 a page, `{"items": [...]}`; limit and offset unknown to it. */
const flask = (rows: Person[] = FORTY_FIVE) =>
  serve((url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    return Response.json({ items: rows.slice((page - 1) * 20, page * 20) });
  });

/** Spring's `Pageable`: `page` from 0, 20 a page, a bare list. */
const spring = () =>
  serve((url) => {
    const page = Number(url.searchParams.get('page') ?? 0);
    return Response.json(FORTY_FIVE.slice(page * 20, (page + 1) * 20));
  });

/**
 * PostgREST (Supabase-style), `db-max-rows = 20`: `limit` and `offset`, a page silently capped at
 * 20 rows, every other parameter a column filter (`column=op.value`): `page=2` has no operator and
 * is refused with a 400 (PGRST100).
 */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'and', 'or', 'not']);
const postgrest = () =>
  serve((url) => {
    let rows = FORTY_FIVE;
    for (const [name, value] of url.searchParams) {
      if (RESERVED.has(name)) continue;
      const filter = /^(eq|ilike|like)\.(.*)$/.exec(value);
      if (!filter) return Response.json({ code: 'PGRST100', details: `unexpected "${value[0]}" expecting "not" or operator (eq, gt, ...)`, hint: null, message: `"failed to parse filter (${value})" (line 1, column 1)` }, { status: 400 });
      if (!(name in FORTY_FIVE[0]!)) return Response.json({ code: '42703', message: `column contacts.${name} does not exist` }, { status: 400 });
      rows = rows.filter((row) => String(row[name as keyof Person]).toLowerCase() === filter[2]!.toLowerCase());
    }
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 20);
    return Response.json(rows.slice(offset, offset + limit));
  });

/** The interface's own shape, `{"items": [...]}`, from a server ignoring its query: everyone, whatever is asked. */
const wholeList = () => serve(() => Response.json({ items: people(3) }));

/** A plain Django view with `Paginator.get_page()`: 25 a page from 1, a page past the last is the last (17 people: one page). */
const djangoGetPage = () =>
  serve((url) => {
    const list = people(17);
    const pages = Math.max(1, Math.ceil(list.length / 25));
    const page = Math.min(Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1), pages);
    return Response.json({ items: list.slice((page - 1) * 25, page * 25) });
  });

// c3 has two addresses: the joined query lists it twice, side by side, so page 1 holds 19 contacts.
const withTwice = FORTY_FIVE.flatMap((person) => (person.id === 'c3' ? [person, { ...person, email: 'p3-other@x.test' }] : [person]));

describe('a list read whole', () => {
  it.each([
    ['Flask, paging by number from 1', () => flask(), 45],
    ['Flask, a contact listed twice on page 1', () => flask(withTwice), 45],
    ['Spring, paging by number from 0', spring, 45],
    ['PostgREST, capping a page at 20 rows and refusing an unknown parameter', postgrest, 45],
    ['a server sending everyone whatever is asked', wholeList, 3],
    ['Django’s get_page(), one page', djangoGetPage, 17],
  ])('%s', async (_, server, count) => {
    const { service, asked } = server();
    const list = await service.readContactList();
    expect({ complete: list.complete, read: new Set(list.contacts.map((contact) => contact.id)).size, asked }).toMatchObject({ complete: true, read: count });
  });
});

/**
 * A server ignoring every paging parameter and sending its first 20 rows (a view with a fixed
 * `LIMIT 20`, or get_page reading `?p=`), no total, no word of more. No answer tells it from a
 * one-page list of exactly 20: a page of a usual size may be a cap.
 */
const capped = () => serve(() => Response.json({ items: FORTY_FIVE.slice(0, 20) }));

it('a server sending its first 20 rows whatever is asked is not read whole', async () => {
  expect((await capped().service.readContactList()).complete).toBe(false);
});

describe('a name matched only when no namesake can be in what was not read', () => {
  it.each([
    ['Flask', () => flask()],
    ['Flask, a contact listed twice', () => flask(withTwice)],
    ['Spring', spring],
    ['PostgREST', postgrest],
    ['a server capping at 20 rows', capped],
  ])('%s: "Alex Kim" is two people, neither is matched by name', async (_, server) => {
    const { service } = server();
    expect((await service.findContactByEmail('p1@x.test'))?.id).toBe('c1');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
  });

  it('a server sending everyone: the only "Dan Ito" is matched by name', async () => {
    const { service } = wholeList();
    expect((await service.findContactByEmail('p0@x.test'))?.id).toBe('c0');
    expect((await service.findContactByName('Dan Ito'))?.id).toBe('c2');
  });
});
