/**
 * A `GET /contacts/by-email/:email` route that answers with a list (`[]` for nobody, `[contact]`,
 * or `{items: […]}`: an address need not be unique) was not taken for the route: read as one
 * contact, the list failed, and the first stranger's `[]` gave the route up for the whole contact
 * list, read hourly (someone just added stayed unmarked for up to an hour).
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const LEE = { id: 'c2', name: 'Lee Park', email: 'lee@acme.example' };

for (const [shape, wrap] of [
  ['a bare array', (found: object[]) => found],
  ['items', (found: object[]) => ({ items: found })],
] as const) {
  it(`keeps a by-email route that answers ${shape}`, async () => {
    const discovery = new MemoryDiscoveryStore();
    let people = [MAYA];
    const client = servedClient((url) => {
      const byEmail = /^\/api\/v2\/contacts\/by-email\/(.+)$/.exec(url.pathname)?.[1];
      if (byEmail !== undefined) return reply(200, wrap(people.filter((person) => person.email === decodeURIComponent(byEmail).toLowerCase())));
      if (url.pathname === '/api/v2/contacts' && [...url.searchParams.keys()].some((key) => key !== 'limit' && key !== 'offset')) return reply(400, { error: 'Unknown query parameter' });
      if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
      return reply(404, { error: 'Not found' });
    }, discovery);
    expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe('by-email-path');
    expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
    people = [MAYA, LEE];
    expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe('by-email-path');
  });
}
