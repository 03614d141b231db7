// @vitest-environment node
/**
 * A contact list served by PostgREST (Supabase-style), `db-max-rows = 20`: it pages by `limit` and
 * `offset`, silently caps a page at 20 rows, and reads every other query parameter as a column
 * filter (`column=op.value`): a `page=2` has no operator and is refused with a 400 (PGRST100). The
 * probe after the short first page must ask by offset, and read the list to its end.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

// 45 contacts; two "Alex Kim": one in the first 20 (c5), one after (c30).
const people = Array.from({ length: 45 }, (_, i) => ({ id: `c${i}`, name: i === 5 || i === 30 ? 'Alex Kim' : `Person ${i}`, email: `p${i}@x.test` }));
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'and', 'or', 'not']);

function postgrest() {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(Response.json({ code: 'PGRST205', message: 'Could not find the table' }, { status: 404 }));
      let rows = people;
      for (const [name, value] of url.searchParams) {
        if (RESERVED.has(name)) continue;
        const filter = /^(eq|ilike|like)\.(.*)$/.exec(value);
        if (!filter) return Promise.resolve(Response.json({ code: 'PGRST100', details: `unexpected "${value[0]}" expecting "not" or operator (eq, gt, ...)`, hint: null, message: `"failed to parse filter (${value})" (line 1, column 1)` }, { status: 400 }));
        if (!(name in people[0]!)) return Promise.resolve(Response.json({ code: '42703', message: `column contacts.${name} does not exist` }, { status: 400 }));
        rows = rows.filter((row) => String(row[name as keyof typeof row]).toLowerCase() === filter[2]!.toLowerCase());
      }
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 20);
      return Promise.resolve(Response.json(rows.slice(offset, offset + limit)));
    },
  });
  return { service, asked };
}

it('reads a PostgREST contact list past its capped first page', async () => {
  const { service, asked } = postgrest();
  const list = await service.readContactList();
  expect({ complete: list.complete, read: list.contacts.length, asked }).not.toMatchObject({ complete: true, read: 20 });
});

it('never matches "Alex Kim" by name to the one in the first 20 while a namesake follows', async () => {
  const { service } = postgrest();
  expect(await service.findContactByName('Alex Kim')).toBeNull();
});
