/**
 * `GET /contacts?email=` answered with the one contact itself (`{id, name, email}`, or wrapped in
 * `{contact: …}` / `{data: …}`), not a list: the filter was taken for no filter, and the whole
 * contact list, paged through and refreshed hourly, answered every lookup, so someone added on the
 * service stayed unmarked for up to an hour. The contact is read as the filter's one answer.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const LEE = { id: 'c2', name: 'Lee Park', email: 'lee@acme.example' };

for (const [shape, wrap] of [
  ['bare', (contact: object) => contact],
  ['under contact', (contact: object) => ({ contact })],
  ['under data', (contact: object) => ({ data: contact })],
] as const) {
  it(`keeps an e-mail filter that answers the contact itself (${shape})`, async () => {
    const discovery = new MemoryDiscoveryStore();
    let people = [MAYA];
    const client = servedClient((url) => {
      const email = url.searchParams.get('email');
      if (url.pathname === '/api/v2/contacts' && email !== null) {
        const found = people.find((person) => person.email === email.toLowerCase());
        return found ? reply(200, wrap(found)) : reply(404, { error: 'Contact not found' });
      }
      if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
      return reply(404, { error: 'Not found' });
    }, discovery);
    expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
    expect(await client.findContactByEmail('maya+news@acme.example')).toBeNull();
    // Added on the service since: found at once, not after the list's next hourly read.
    people = [MAYA, LEE];
    expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
  });
}

it('still gives up a filter whose one contact is someone else', async () => {
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    // The filter ignored: the first contact, whatever is asked.
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(200, MAYA);
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: [MAYA, LEE], total: 2 });
    return reply(404, { error: 'Not found' });
  }, discovery);
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('local-index');
});
