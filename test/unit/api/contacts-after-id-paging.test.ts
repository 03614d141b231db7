// @vitest-environment node
/**
 * Servers that page their contact list after the last id they sent, saying only `has_more`: the
 * next page is asked by that id under a name the reply does not give (Stripe's `starting_after`,
 * OpenAI's `after`, Anthropic's `after_id`), and an offset is ignored (the first page again). The
 * list was read to its first page only and never said complete, so a name beyond it matched
 * nobody, and an address beyond a search's first page was looked for in that part alone.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';

type Person = { id: string; name: string; email: string };
const EVERYONE: Person[] = Array.from({ length: 130 }, (_, i) => ({ id: `c${i}`, name: `Person ${i}`, email: `p${i}@x.test` }));

type Style = 'stripe-like' | 'openai' | 'anthropic';
/** The name each style reads the last id by, and its reply around a page (50 at most, whatever is asked). */
const STYLES: Record<Style, { param: string; body: (data: Person[], more: boolean) => object }> = {
  // A Stripe-like list without Stripe's `object: "list"`: `{data, has_more}`, `starting_after`.
  'stripe-like': { param: 'starting_after', body: (data, more) => ({ data, has_more: more }) },
  // OpenAI's lists: Stripe's `object: "list"`, paged by `after`.
  openai: { param: 'after', body: (data, more) => ({ object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: more }) },
  anthropic: { param: 'after_id', body: (data, more) => ({ data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: more }) },
};

function server(style: Style, people = EVERYONE) {
  const calls: string[] = [];
  const { param, body } = STYLES[style];
  const client = servedClient((url) => {
    calls.push(url.search);
    if (url.pathname !== '/api/v2/contacts') return reply(404, { message: 'Not Found' });
    const search = url.searchParams.get('search');
    const rows = search === null ? people : people.filter((p) => p.email.includes(search) || p.name.toLowerCase().includes(search.toLowerCase()));
    const after = url.searchParams.get(param);
    const start = after === null ? 0 : rows.findIndex((p) => p.id === after) + 1;
    const data = rows.slice(start, start + 50);
    return reply(200, body(data, start + 50 < rows.length));
  });
  return { client, calls };
}

describe.each(['stripe-like', 'openai', 'anthropic'] as const)('a %s list', (style) => {
  it('is read to its end, and said complete', async () => {
    const { client } = server(style);
    const list = await client.readContactList();
    expect(list.contacts.map((contact) => contact.id)).toEqual(EVERYONE.map((contact) => contact.id));
    expect(list.complete).toBe(true);
  });

  it('matches a name on its third page', async () => {
    const { client } = server(style);
    expect(await client.findContactByName('Person 120')).toMatchObject({ id: 'c120' });
  });

  it('finds an address a search lists past its first page', async () => {
    // "al@x.test" is inside 60 others' addresses ("a0al@x.test"…): a substring search answers 50 of them and has_more.
    const others = Array.from({ length: 60 }, (_, i) => ({ id: `o${i}`, name: `Other ${i}`, email: `a${i}al@x.test` }));
    const { client } = server(style, [...others, { id: 'al', name: 'Al Berg', email: 'al@x.test' }]);
    expect(await client.findContactByEmail('a3al@x.test')).toMatchObject({ id: 'o3' });
    expect(await client.findContactByEmail('al@x.test')).toMatchObject({ id: 'al' });
  });
});

it('asks each further name once, the learnt one for every later page', async () => {
  const { client, calls } = server('anthropic');
  await client.readContactList();
  // The first page, the offset and `starting_after` and `after` answered with the first page again, then `after_id` to the end.
  expect(calls).toEqual(['?limit=100&offset=0', '?offset=50&limit=100', '?limit=100&starting_after=c49', '?limit=100&after=c49', '?limit=100&after_id=c49', '?limit=100&after_id=c99']);
});

it('takes an empty page after a has_more that was wrong (a full last page) as the end, as before', async () => {
  // 100 contacts, paged by offset; `has_more` is "the page was full", true on the last page too.
  const hundred = EVERYONE.slice(0, 100);
  const calls: string[] = [];
  const client = servedClient((url) => {
    calls.push(url.search);
    if (url.pathname !== '/api/v2/contacts') return reply(404, { message: 'Not Found' });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const data = hundred.slice(offset, offset + 50);
    return reply(200, { data, has_more: data.length === 50 });
  });
  const list = await client.readContactList();
  expect(list.contacts).toHaveLength(100);
  expect(list.complete).toBe(true);
  expect(calls).toEqual(['?limit=100&offset=0', '?offset=50&limit=100', '?offset=100&limit=100']);
});
