/**
 * A service whose e-mail filter compares with SQL's LIKE (Rails' `where("email ILIKE ?", email)`,
 * a common way to ignore case) reads `_` in an address as any one character: asked for
 * `jo_doe@…` it answers `jo.doe@…` too. That answer was taken for the filter ignored, and every
 * lookup from then on went to the whole contact list, read hourly (someone just added stayed
 * unmarked for up to an hour). Such a match is the filter's: kept, and still only the exact
 * address is anyone.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const JO_DOT = { id: 'c2', name: 'Jo Doe', email: 'jo.doe@acme.example' };
const JO_UNDERSCORE = { id: 'c3', name: 'Jo Doe', email: 'jo_doe@acme.example' };

/** `pattern` as ILIKE reads it: `_` any one character, `%` any run, case ignored. */
function ilike(value: string, pattern: string): boolean {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '.').replace(/%/g, '.*');
  return new RegExp(`^${source}$`, 'i').test(value);
}

function railsServer(people: (typeof MAYA)[], param: 'email' | 'search') {
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    const asked = url.searchParams.get(param);
    if (url.pathname === '/api/v2/contacts' && asked !== null) {
      return reply(200, { items: people.filter((person) => ilike(person.email, param === 'email' ? asked : `%${asked}%`) || (param === 'search' && ilike(person.name, `%${asked}%`))) });
    }
    if (url.pathname === '/api/v2/contacts' && [...url.searchParams.keys()].some((key) => key !== 'limit' && key !== 'offset')) return reply(400, { error: 'unknown parameter' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
    return reply(404, { error: 'Not Found' });
  }, discovery);
  return { client, discovery };
}

for (const [param, form] of [
  ['email', 'email-param'],
  ['search', 'search-param'],
] as const) {
  it(`keeps a ${param} filter that reads "_" as any character, and matches only the exact address`, async () => {
    const { client, discovery } = railsServer([MAYA, JO_DOT, JO_UNDERSCORE], param);
    expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe(form);
    expect(await client.findContactByEmail('jo_doe@acme.example')).toMatchObject({ id: 'c3' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe(form);
  });
}

it('never takes a LIKE match for the address itself', async () => {
  const { client, discovery } = railsServer([MAYA, JO_DOT], 'email');
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect(await client.findContactByEmail('jo_doe@acme.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
});
