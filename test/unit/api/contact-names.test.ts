// @vitest-environment node
/**
 * Matching by name (where a page shows no address): only a single contact with exactly that full
 * name. "Exactly" ignores only case, runs of spaces (NBSP included) and Unicode composition; a part
 * of the name, or the name with a middle initial, is another name.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'maya', name: 'Maya Chen', email: 'maya@x.test' },
  { id: 'alex-1', name: 'Alex Kim', email: 'alex@x.test' },
  { id: 'alex-2', name: 'Alex Kim', email: 'akim@y.test' },
  { id: 'sam-1', name: 'Sam Lee', email: 'sam@x.test' },
  // The same full name, written in another case and with a doubled space: a namesake all the same.
  { id: 'sam-2', name: 'sam  LEE', email: 'slee@y.test' },
  { id: 'zoe', name: 'Zoe\u0301 Brandt', email: 'zoe@x.test' },
  { id: 'jo', name: 'Jo\u00a0Park', email: 'jo@x.test' },
];

/**
 * A client of a fake server at https://api.test, whose replies `answer` writes (a body as JSON, or
 * a whole Response); the queries it was sent.
 */
function fakeService(discovery: MemoryDiscoveryStore, answer: (url: URL) => unknown) {
  const asked: string[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url.search);
      const reply = answer(url);
      return Promise.resolve(reply instanceof Response ? reply : new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } }));
    },
  });
  return { service, asked };
}

/**
 * A server with `lookup` calibrated already. Its `search` finds names containing the text, as
 * stored (`caseSensitive`) or without case; it has no filter by name otherwise.
 */
async function client(lookup: 'email-param' | 'search-param', caseSensitive = false, { overflow = false, prefix = false, capped = 0, endSaid = false } = {}) {
  const discovery = new MemoryDiscoveryStore();
  // Its search finds names: calibration saw it find its sample by first name.
  await discovery.update('https://api.test', {
    contactLookup: lookup,
    contactLookupCheckedAt: Date.now(),
    contactLookupCaseSensitive: caseSensitive,
    // A search matching only the start of names was not seen finding one by a later word.
    contactSearchCoversNames: lookup === 'search-param' && !prefix,
  });
  return fakeService(discovery, (url) => {
    const search = url.searchParams.get('search');
    // `prefix`: the search matches the start of a name only (SQL's `LIKE 'text%'`).
    const holds = (name: string, text: string) => (prefix ? name.startsWith(text) : name.includes(text));
    const fits = (name: string) => (caseSensitive ? holds(name, search ?? '') : holds(name.toLowerCase(), (search ?? '').toLowerCase()));
    const found = search === null ? CONTACTS : CONTACTS.filter((contact) => fits(contact.name));
    // `capped`: the server's own page size for a search, whatever limit was asked, and no total.
    if (capped > 0 && search !== null) {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { items: found.slice(offset, offset + capped) };
    }
    // `endSaid`: no total, but the server says this is the last page.
    if (endSaid && search !== null) return { items: found, has_more: false };
    // `overflow`: the search says it found more than this page (a page of a larger total).
    const total = overflow && search !== null ? found.length + 500 : found.length;
    return { items: found, total };
  });
}

describe.each(['email-param', 'search-param'] as const)('names on a server calibrated to %s', (lookup) => {
  it('match the single contact with exactly that full name, whatever its case, spaces or composition', async () => {
    const { service } = await client(lookup);
    for (const shown of ['Maya Chen', 'maya chen', '  MAYA   Chen ', 'Maya\u00a0Chen', 'Maya\u202fChen']) {
      expect((await service.findContactByName(shown))?.id, shown).toBe('maya');
    }
    expect((await service.findContactByName('Zoé Brandt'))?.id).toBe('zoe');
  });

  it('match no one for a part of the name, a middle initial, or another name near it', async () => {
    const { service } = await client(lookup);
    for (const shown of ['Maya', 'Chen', 'Maya J. Chen', 'Maya J Chen', 'Chen Maya', 'Maya Chen-Li', 'Maya Chen (Guest)', 'Mayа Chen', 'Maya\u200bChen', '']) {
      expect(await service.findContactByName(shown), shown).toBeNull();
    }
  });

  it('match no one when two contacts share the name, even written differently', async () => {
    const { service } = await client(lookup);
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect(await service.findContactByName('Sam Lee')).toBeNull();
    expect(await service.findContactByName('sam lee')).toBeNull();
  });
});

describe('names on a server whose search compares case-sensitively', () => {
  it('are decided on the whole contact list: a namesake in another case is not missed', async () => {
    const { service, asked } = await client('search-param', true);
    // The search for "Sam Lee" finds only one of the two Sam Lees: trusting it would guess.
    expect(await service.findContactByName('Sam Lee')).toBeNull();
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
    expect(asked.some((query) => query.includes('search='))).toBe(false);
  });
});

describe('names on a server with a search', () => {
  it('ask it for the first word of the name, which every spelling of the name contains, then its last', async () => {
    const { service, asked } = await client('search-param');
    await service.findContactByName('  Lena   Novak-Brandt ');
    // The last word finds a namesake hiding an invisible character inside its first name.
    expect(asked).toEqual(['?search=Lena&limit=100', '?search=Novak-Brandt&limit=100']);
    // Never without the first word: "Zoé" differs between spellings, and "Brandt" does not start the
    // name (a search by the start of a name finds no Zoé Brandt by it): the whole list decides.
    asked.length = 0;
    expect((await service.findContactByName('Zoé Brandt'))?.id).toBe('zoe');
    expect(asked.some((query) => query.includes('search='))).toBe(false);
  });

  it('find the name on a search that matches only the start of a name', async () => {
    const { service } = await client('search-param', false, { prefix: true });
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
    expect((await service.findContactByName('Jo Park'))?.id).toBe('jo');
    // A name whose first word is not plain ASCII: a later word does not start the name.
    expect((await service.findContactByName('Zoé Brandt'))?.id).toBe('zoe');
  });

  it('are decided on the whole contact list when the search cuts its page short and gives no total', async () => {
    // One Alex Kim on the search's page of one: trusting it would take a namesake for the one.
    const { service, asked } = await client('search-param', false, { capped: 1 });
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
    expect(asked.filter((query) => !query.includes('search='))).not.toHaveLength(0);
  });

  it('are decided on the search when it gives no total but says it is the last page', async () => {
    const { service, asked } = await client('search-param', false, { endSaid: true });
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect(asked.every((query) => query.includes('search='))).toBe(true);
  });

  it('are decided on the whole contact list when the search finds more than a page', async () => {
    const { service, asked } = await client('search-param', false, { overflow: true });
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
    expect(await service.findContactByName('Sam Lee')).toBeNull();
    expect(asked.filter((query) => !query.includes('search='))).not.toHaveLength(0);
  });
});

describe('names on a server whose search finds addresses only', () => {
  it('are decided on the whole contact list: the search would find one Alex Kim by address and miss the other', async () => {
    const discovery = new MemoryDiscoveryStore();
    const { service, asked } = fakeService(discovery, (url) => {
      // `?email=` ignored, no search routes: calibration comes to `search`, which matches addresses.
      if (url.pathname !== '/api/v2/contacts') return { error: 'not found' };
      const search = url.searchParams.get('search');
      const found = search === null ? CONTACTS : CONTACTS.filter((contact) => contact.email.includes(search.toLowerCase()));
      return { items: found, total: found.length };
    });
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
    expect(await discovery.get('https://api.test')).toMatchObject({ contactLookup: 'search-param', contactSearchCoversNames: false });
    asked.length = 0;
    // "alex" is in alex@x.test only: the search alone would make Alex Kim look unique.
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect(asked.some((query) => query.includes('search=Alex'))).toBe(false);
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
  });

  it('learns at calibration that a search finds names, and then asks it', async () => {
    const discovery = new MemoryDiscoveryStore();
    const { service } = fakeService(discovery, (url) => {
      if (url.pathname !== '/api/v2/contacts') return { error: 'not found' };
      const search = url.searchParams.get('search')?.toLowerCase();
      const found = search === undefined ? CONTACTS : CONTACTS.filter((contact) => contact.email.includes(search) || contact.name.toLowerCase().includes(search));
      return { items: found, total: found.length };
    });
    await service.findContactByEmail('maya@x.test');
    expect(await discovery.get('https://api.test')).toMatchObject({ contactLookup: 'search-param', contactSearchCoversNames: true });
  });
});

describe('names written in either order', () => {
  const withOrder = [
    { id: 'maya-a', name: 'Maya Chen', email: 'maya@x.test' },
    { id: 'maya-b', name: 'Chen, Maya', email: 'mchen@y.test' },
    { id: 'lee', name: 'Park, Lee', email: 'lee@x.test' },
  ];
  for (const lookup of ['email-param', 'search-param'] as const) {
    it(`take "Chen, Maya" and "Maya Chen" for one name: neither is picked, and "Lee Park" finds "Park, Lee" (${lookup})`, async () => {
      const discovery = new MemoryDiscoveryStore();
      await discovery.update('https://api.test', { contactLookup: lookup, contactLookupCheckedAt: Date.now(), contactSearchCoversNames: lookup === 'search-param' });
      const { service } = fakeService(discovery, (url) => {
        const search = url.searchParams.get('search')?.toLowerCase();
        const found = search === undefined ? withOrder : withOrder.filter((contact) => contact.name.toLowerCase().includes(search));
        return { items: found, total: found.length };
      });
      expect(await service.findContactByName('Maya Chen')).toBeNull();
      expect(await service.findContactByName('Chen, Maya')).toBeNull();
      expect((await service.findContactByName('Lee Park'))?.id).toBe('lee');
      expect((await service.findContactByName('Park, Lee'))?.id).toBe('lee');
    });
  }
});

describe('an address several contacts share', () => {
  it('matches none of them (a team mailbox, a person entered twice): the address does not tell them apart', async () => {
    const shared = [
      { id: 'b-person', name: 'Bea Ito', email: 'team@x.test' },
      { id: 'a-person', name: 'Ann Ode', email: 'team@x.test' },
      { id: 'maya', name: 'Maya Chen', email: 'maya@x.test' },
    ];
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
    const { service } = fakeService(discovery, (url) => {
      const email = url.searchParams.get('email');
      const found = email === null ? shared : shared.filter((contact) => contact.email === email);
      return { items: found, total: found.length };
    });
    expect(await service.findContactByEmail('team@x.test')).toBeNull();
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
  });
});

describe('finding the lookup form on a server whose first contacts have no address', () => {
  it('calibrates with a contact further down the list, and then asks by address', async () => {
    const phoneOnly = Array.from({ length: 25 }, (_, i) => ({ id: `p${i}`, name: `Phone ${i}`, email: null }));
    const contacts = [...phoneOnly, { id: 'maya', name: 'Maya Chen', email: 'maya@x.test' }];
    const discovery = new MemoryDiscoveryStore();
    const { service, asked } = fakeService(discovery, (url) => {
      const email = url.searchParams.get('email');
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const found = email === null ? contacts : contacts.filter((contact) => contact.email === email.toLowerCase());
      return { items: found.slice(offset, offset + limit), total: found.length };
    });
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
    expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
    asked.length = 0;
    expect(await service.findContactByEmail('nobody@x.test')).toBeNull();
    expect(asked).toEqual(['?email=nobody%40x.test&limit=50']);
  });
});

describe('names on a server none of whose contacts has an address', () => {
  it('matches the one contact with that full name from the list, and finds the first contact given an address at the next lookup', async () => {
    // Contacts made from a recording's speakers: a name, no address.
    const contacts: { id: string; name: string; email: string | null }[] = [
      { id: 'c1', name: 'Maya Chen', email: '' },
      { id: 'c2', name: 'Alex Kim', email: null },
      { id: 'c3', name: 'Alex Kim', email: null },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), (url) => {
      const email = url.searchParams.get('email');
      const found = email === null ? contacts : contacts.filter((contact) => contact.email === email);
      return { items: found, total: found.length };
    });
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('c1');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect(await service.findContactByEmail('jo@x.test')).toBeNull();
    // The account's first contact with an address (its first recording processed): nothing was
    // fixed for a day on the empty account, so the next lookup learns to ask by address.
    contacts.push({ id: 'c4', name: 'Jo Park', email: 'jo@x.test' });
    expect((await service.findContactByEmail('jo@x.test'))?.id).toBe('c4');
  });
});

describe('the whole list on servers with their own paging rules', () => {
  const everyone = Array.from({ length: 250 }, (_, i) => ({ id: `c${i}`, name: i === 200 ? 'Maya Chen' : `Person ${i}`, email: `p${i}@x.test` }));

  it('pages a server that reads page and limit (offset ignored, 20 a page by default) to the end', async () => {
    const { service } = fakeService(new MemoryDiscoveryStore(), (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return { items: everyone.slice((page - 1) * limit, page * limit), page, limit, total: everyone.length };
    });
    expect((await service.listAllContacts()).map((contact) => contact.id)).toEqual(everyone.map((contact) => contact.id));
  });

  it('asks for smaller pages where the server refuses the size asked (a maximum of 50), and finds a name past the first page', async () => {
    const { service, asked } = fakeService(new MemoryDiscoveryStore(), (url) => {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (limit > 50) {
        return new Response(JSON.stringify({ detail: [{ msg: 'ensure this value is less than or equal to 50' }] }), { status: 422, headers: { 'content-type': 'application/json' } });
      }
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const email = url.searchParams.get('email');
      const found = email === null ? everyone : everyone.filter((contact) => contact.email === email);
      return { items: found.slice(offset, offset + limit), total: found.length };
    });
    expect((await service.listAllContacts()).length).toBe(250);
    expect(asked.slice(0, 3)).toEqual(['?limit=100&offset=0', '?limit=50&offset=0', '?offset=50&limit=50']);
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('c200');
  });
});

describe('a search by address that ignores case, beside a search by name that does not (SQL LIKE on names)', () => {
  /** Only `?search=`: addresses matched without case, names as stored. */
  const likeServer = (first: { id: string; name: string; email: string }) => {
    const people = [first, { id: 'sam-1', name: 'Sam Lee', email: 'sam@x.test' }, { id: 'sam-2', name: 'SAM LEE', email: 'slee@y.test' }];
    return fakeService(new MemoryDiscoveryStore(), (url) => {
      if (url.pathname !== '/api/v2/contacts' || url.searchParams.has('email') || url.searchParams.has('q')) return new Response('{"detail":"Not found."}', { status: 404 });
      const search = url.searchParams.get('search');
      const found = search === null ? people : people.filter((p) => p.email.includes(search.toLowerCase()) || p.name.includes(search));
      return { items: found, total: found.length };
    }).service;
  };

  it('is not trusted with names: a namesake written in capitals is found in the whole list', async () => {
    const service = likeServer({ id: 'maya', name: 'Maya Chen', email: 'maya@x.test' });
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
    expect(await service.findContactByName('Sam Lee')).toBeNull();
    expect((await service.findContactByName('Maya Chen'))?.id).toBe('maya');
  });

  it('is not trusted with names on a probe with no letters to change the case of ("Maya 2")', async () => {
    const service = likeServer({ id: 'maya', name: 'Maya 2', email: 'maya@x.test' });
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
    expect(await service.findContactByName('Sam Lee')).toBeNull();
  });
});

describe('a list read only in part never makes a name look unique', () => {
  // Namesakes at positions 5 and 140: a list read to 100 finds one "Alex Kim" only.
  const people = Array.from({ length: 160 }, (_, i) => ({ id: `c${i}`, name: i === 5 || i === 140 ? 'Alex Kim' : `Person ${i}`, email: `p${i}@x.test` }));
  const pageOf = (url: URL, size: number) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return people.slice(offset, offset + size);
  };
  const indexed = async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
    return discovery;
  };

  it('matches no one by name when the page limit stopped the list', async () => {
    const discovery = await indexed();
    const service = new ServiceClient('https://api.test', 'secret-key', {
      discovery,
      maxContactPages: 1,
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: (input) => Promise.resolve(Response.json({ items: pageOf(new URL(input), 100), total: people.length })),
    });
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    // Person 7 is unique in what was read, but the rest of the list was not read.
    expect(await service.findContactByName('Person 7')).toBeNull();
    // Addresses are exact whatever was read.
    expect((await service.findContactByEmail('p7@x.test'))?.id).toBe('c7');
  });

  it('matches no one by name when the server sends its first page again for the next (it ignores the paging)', async () => {
    const { service } = fakeService(await indexed(), () => ({ items: people.slice(0, 100), next: '?cursor=abc' }));
    expect(await service.findContactByName('Person 7')).toBeNull();
  });

  it('matches no one by name when a server capping its pages at 50 sends its first page again for the next it named', async () => {
    // It ignores the cursor (and offset) asked: fewer than a page read in all is not the end here.
    const { service } = fakeService(await indexed(), () => ({ items: people.slice(0, 50), next: 'MTAw' }));
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    const counted = fakeService(await indexed(), () => ({ items: people.slice(0, 50), has_more: true }));
    expect(await counted.service.findContactByName('Alex Kim')).toBeNull();
  });

  it.each([
    ['an opaque token under `next`', (start: number, more: boolean) => ({ items: people.slice(start, start + 50), next: more ? btoa(String(start + 50)) : null })],
    ['HubSpot’s `paging.next.after`', (start: number, more: boolean) => ({ results: people.slice(start, start + 50), ...(more ? { paging: { next: { after: btoa(String(start + 50)), link: 'https://api.test/x' } } } : {}) })],
    ['a cursor object `{cursor: {next}}`', (start: number, more: boolean) => ({ items: people.slice(start, start + 50), cursor: { next: more ? btoa(String(start + 50)) : null } })],
    ['Slack’s `response_metadata.next_cursor` (empty on the last page)', (start: number, more: boolean) => ({ ok: true, members: people.slice(start, start + 50), response_metadata: { next_cursor: more ? btoa(String(start + 50)) : '' } })],
    ['`contacts` with Slack’s `response_metadata`', (start: number, more: boolean) => ({ contacts: people.slice(start, start + 50), response_metadata: { next_cursor: more ? btoa(String(start + 50)) : '' } })],
  ])('reads a list paged by %s (50 a page, offset ignored) to its end', async (_, reply) => {
    const { service, asked } = fakeService(await indexed(), (url) => {
      const token = url.searchParams.get('cursor') ?? url.searchParams.get('after');
      const start = token ? Number(atob(token)) : 0;
      return reply(start, start + 50 < people.length);
    });
    expect((await service.listAllContacts()).map((contact) => contact.id)).toEqual(people.map((contact) => contact.id));
    expect(asked).toHaveLength(Math.ceil(people.length / 50));
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect((await service.findContactByName('Person 150'))?.id).toBe('c150');
  });

  it.each([
    ['a page number as text under `next`', (url: URL) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { items: people.slice((page - 1) * 50, page * 50), page, next: page * 50 < people.length ? String(page + 1) : null };
    }],
    ['a page number as text under `meta.next`', (url: URL) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: people.slice((page - 1) * 100, page * 100), meta: { current_page: page, next: page * 100 < people.length ? String(page + 1) : null } };
    }],
    ['an offset as text under `next`', (url: URL) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { items: people.slice(offset, offset + 100), next: offset + 100 < people.length ? String(offset + 100) : null };
    }],
    ['a link without its leading slash', (url: URL) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { items: people.slice(offset, offset + 100), next: offset + 100 < people.length ? `api/v2/contacts?offset=${offset + 100}&limit=100` : null };
    }],
    ['an opaque token under `next`, the offset read instead', (url: URL) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { items: people.slice(offset, offset + 100), next: offset + 100 < people.length ? `tok-${offset + 100}` : null };
    }],
  ])('reads to its end a list paged by %s', async (_, reply) => {
    const { service } = fakeService(await indexed(), reply);
    expect((await service.readContactList()).contacts.map((contact) => contact.id)).toEqual(people.map((contact) => contact.id));
    expect(await service.findContactByName('Alex Kim')).toBeNull();
    expect((await service.findContactByName('Person 150'))?.id).toBe('c150');
  });

  it('matches a name unique in a list read to its end', async () => {
    const { service } = fakeService(await indexed(), (url) => ({ items: pageOf(url, 100), total: people.length }));
    expect((await service.findContactByName('Person 7'))?.id).toBe('c7');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
  });

  it('matches a name on a server that answers a page past the end with its last one (everyone it counts read)', async () => {
    // 150 of them, 20 a page: the 8th holds 10, and a 9th is the 8th again.
    const some = people.slice(0, 150);
    const { service } = fakeService(await indexed(), (url) => {
      const page = Math.min(Number(url.searchParams.get('page') ?? 1), 8);
      return { items: some.slice((page - 1) * 20, page * 20), total: some.length, page };
    });
    expect((await service.findContactByName('Person 7'))?.id).toBe('c7');
  });

  it('matches a name on a server that sends everyone at once, whatever was asked', async () => {
    const { service } = fakeService(await indexed(), () => ({ items: people }));
    expect((await service.findContactByName('Person 7'))?.id).toBe('c7');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
  });

  it('reads a page-numbered list whose server caps the size asked at its own (50), saying neither, to its end', async () => {
    const { service } = fakeService(await indexed(), (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Math.min(Number(url.searchParams.get('per_page') ?? url.searchParams.get('limit') ?? 50), 50);
      return { items: people.slice((page - 1) * size, page * size), page };
    });
    expect(await service.listAllContacts()).toHaveLength(people.length);
    expect((await service.findContactByName('Person 150'))?.id).toBe('c150');
    expect(await service.findContactByName('Alex Kim')).toBeNull();
  });

  it('reads a page-numbered list that says neither its size nor its total to its end, asking no page past it', async () => {
    const everyone = people.concat(people.map((p) => ({ ...p, id: `${p.id}b`, email: `b${p.email}` }))).slice(0, 250);
    const { service, asked } = fakeService(new MemoryDiscoveryStore(), (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('per_page') ?? url.searchParams.get('limit') ?? 100);
      if (page > 3) return new Response('{"detail":"Not found."}', { status: 404 });
      return { items: everyone.slice((page - 1) * size, page * size), page };
    });
    expect(await service.listAllContacts()).toHaveLength(250);
    expect(asked.filter((query) => query.includes('page=4'))).toEqual([]);
    const few = fakeService(new MemoryDiscoveryStore(), (url) =>
      Number(url.searchParams.get('page') ?? 1) > 1 ? new Response('{"detail":"Not found."}', { status: 404 }) : { items: people.slice(0, 7), page: 1 },
    );
    expect(await few.service.listAllContacts()).toHaveLength(7);
  });

  it.each([
    ['its page size as `size` (fastapi-pagination)', (page: number) => ({ items: people.slice((page - 1) * 20, page * 20), total: people.length, page, size: 20 })],
    ['no page size at all, 20 a page', (page: number) => ({ items: people.slice((page - 1) * 20, page * 20), total: people.length, page })],
    ['the next page by number (`next_page`)', (page: number) => ({ items: people.slice((page - 1) * 20, page * 20), next_page: page * 20 < people.length ? page + 1 : null })],
  ])('reads the whole list of a server paging by number with %s', async (_, reply) => {
    const { service } = fakeService(new MemoryDiscoveryStore(), (url) => reply(Number(url.searchParams.get('page') ?? 1)));
    expect((await service.listAllContacts()).map((contact) => contact.id)).toEqual(people.map((contact) => contact.id));
  });
});

describe('a by-email route that answers "nobody" with an empty body', () => {
  it.each([{}, { contact: null }, { data: null }])('reads %j as nobody and keeps asking the route', async (nobody) => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'by-email-path', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false });
    const { service, asked } = fakeService(discovery, (url) => (url.pathname.endsWith('/maya%40x.test') ? { id: 'maya', name: 'Maya Chen', email: 'maya@x.test' } : nobody));
    expect(await service.findContactByEmail('nobody@x.test')).toBeNull();
    expect((await discovery.get('https://api.test')).contactLookup).toBe('by-email-path');
    expect((await service.findContactByEmail('maya@x.test'))?.id).toBe('maya');
    // Two lookups, two calls: no list paged behind them.
    expect(asked).toHaveLength(2);
  });
});

describe('a person’s recordings on a server that ignores the contact filter', () => {
  it('lists none that name someone else as their contact, with this person nowhere among the participants', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed' },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: [{ contact_id: 'c2' }] },
      { id: 'r3', primary_contact_id: 'c2', status: 'completed', participants: [{ contact_id: 'c2' }, { contact_id: 'c1' }] },
      { id: 'r4', status: 'completed' },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    const page = await service.listRecordings({ contactId: 'c1', limit: 10 });
    expect(page.recordings.map((recording) => recording.id)).toEqual(['r1', 'r3', 'r4']);
    // Paging goes by what the server listed.
    expect(page.received).toBe(4);
  });

  it('once the filter is seen ignored, also lists none naming someone else whose participants carry no ids', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed' },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: [{ contact_id: 'c2' }] },
      { id: 'r5', primary_contact_id: 'c2', status: 'completed', participants: ['dan@x.test'] },
      { id: 'r6', primary_contact_id: 'c2', status: 'completed' },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: 'c1', limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1']);
  });
});

describe('a person’s recordings on a server that ignores the contact filter, its participants contacts with their names', () => {
  it('lists none of someone else’s, whose participants’ ids are contacts’ (one is this person’s)', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed', participants: [{ id: 'c1', name: 'Maya Chen', email: 'maya@x.test' }] },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: [{ id: 'c2', name: 'Dan Ito', email: 'dan@x.test' }] },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: 'c1', limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1']);
  });
});

describe('a person’s recordings on a server that honours the contact filter (by participant)', () => {
  it('lists the meetings they attended under someone else, whose participants carry no contact ids', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed' },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: ['maya@x.test', 'Dan Ito <dan@x.test>'] },
      { id: 'r3', primary_contact_id: 'c2', status: 'completed', participants: [{ name: 'Maya Chen', email: 'maya@x.test' }] },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    const page = await service.listRecordings({ contactId: 'c1', limit: 10 });
    expect(page.recordings.map((recording) => recording.id)).toEqual(['r1', 'r2', 'r3']);
    expect(page.total).toBe(3);
  });

  it('lists the meetings they attended whose participants are rows with ids of their own beside name and address', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c2', status: 'completed', participants: [{ id: 'p-1', name: 'Dan Ito', email: 'dan@x.test' }, { id: 'p-2', name: 'Maya Chen', email: 'maya@x.test' }] },
      { id: 'r2', primary_contact_id: 'c1', status: 'completed', participants: [] },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: 'c1', limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1', 'r2']);
  });

  it('lists their own recordings whose contact id is the same UUID in capitals', async () => {
    const id = '3f0e2b1c-1111-2222-3333-444455556666';
    const recordings = [
      { id: 'r1', primary_contact_id: id.toUpperCase(), status: 'completed', participants: [{ contact_id: id.toUpperCase() }] },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: [{ contact_id: 'c2' }, { contact_id: id.toUpperCase() }] },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: id, limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1', 'r2']);
  });

  it('keeps the meetings they attended beside one still processing, with no participants yet (left out alone)', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed' },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed', participants: ['maya@x.test', 'Dan Ito <dan@x.test>'] },
      { id: 'r4', primary_contact_id: 'c3', status: 'processing' },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: 'c1', limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1', 'r2']);
  });

  it('still lists none naming someone else with no participants at all (nothing says they were there)', async () => {
    const recordings = [
      { id: 'r1', primary_contact_id: 'c1', status: 'completed' },
      { id: 'r2', primary_contact_id: 'c2', status: 'completed' },
      { id: 'r3', primary_contact_id: 'c3', status: 'completed' },
    ];
    const { service } = fakeService(new MemoryDiscoveryStore(), () => ({ recordings, total: recordings.length }));
    expect((await service.listRecordings({ contactId: 'c1', limit: 10 })).recordings.map((recording) => recording.id)).toEqual(['r1']);
  });
});
