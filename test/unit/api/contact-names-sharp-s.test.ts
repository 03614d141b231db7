// @vitest-environment node
/**
 * "Exactly that full name … whatever its case": a contact written in capitals is a namesake
 * ("sam LEE" beside "Sam Lee", contact-names.test.ts). German "ß" has no one-letter capital in
 * common use: "Jürgen Strauß" in capitals is "JÜRGEN STRAUSS". Names compare with "ß" as "ss", so
 * the name in capitals is a namesake, and neither is matched by it. A server's search is not asked
 * for a word holding "ss" (which a namesake may spell "ß"): the whole list decides.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'js-1', name: 'Jürgen Strauß', email: 'j.strauss@x.test' },
  { id: 'js-2', name: 'JÜRGEN STRAUSS', email: 'jstrauss@y.test' },
  { id: 'hs-1', name: 'Hans Weiß', email: 'hans@x.test' },
  { id: 'hs-2', name: 'HANS WEISS', email: 'hweiss@y.test' },
  // Written family name first, without a comma: the first word holds the "ss".
  { id: 'wh-1', name: 'Weiss Hanna', email: 'hanna@x.test' },
  { id: 'wh-2', name: 'WEIß HANNA', email: 'whanna@y.test' },
  { id: 'ml', name: 'Melissa Lee', email: 'melissa@x.test' },
];

async function client(lookup: 'email-param' | 'search-param') {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', {
    contactLookup: lookup,
    contactLookupCheckedAt: Date.now(),
    contactLookupCaseSensitive: false,
    contactSearchCoversNames: lookup === 'search-param',
  });
  const asked: (string | null)[] = [];
  const service = new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const search = new URL(input).searchParams.get('search')?.toLowerCase();
      asked.push(search ?? null);
      const found = search === undefined ? CONTACTS : CONTACTS.filter((c) => c.name.toLowerCase().includes(search));
      return Promise.resolve(new Response(JSON.stringify({ items: found, total: found.length }), { headers: { 'content-type': 'application/json' } }));
    },
  });
  return { service, asked };
}

describe.each(['email-param', 'search-param'] as const)('a name with "ß" beside the same name in capitals (%s)', (lookup) => {
  it('matches neither Jürgen Strauß nor Hans Weiß: each has a namesake written in capitals', async () => {
    const { service } = await client(lookup);
    expect(await service.findContactByName('Jürgen Strauß')).toBeNull();
    expect(await service.findContactByName('JÜRGEN STRAUSS')).toBeNull();
    expect(await service.findContactByName('Hans Weiß')).toBeNull();
    expect(await service.findContactByName('Weiss Hanna')).toBeNull();
  });

  it('still matches a single contact with the name', async () => {
    const { service } = await client(lookup);
    expect(await service.findContactByName('Melissa Lee')).toMatchObject({ id: 'ml' });
  });
});

describe('the word a name search is asked for', () => {
  it('is the name’s first word, but for one holding "ss" or "ß": the whole list decides', async () => {
    const { service, asked } = await client('search-param');
    expect(await service.findContactByName('Hans Weiß')).toBeNull();
    expect(asked).toEqual(['hans']);
    asked.length = 0;
    // A search for "Weiss" would not find "WEIß HANNA".
    expect(await service.findContactByName('Weiss Hanna')).toBeNull();
    expect((await service.findContactByName('Melissa Lee'))?.id).toBe('ml');
    expect((await service.findContactByName('Jürgen Strauß'))).toBeNull();
    expect(asked.every((word) => word === null)).toBe(true);
  });
});
