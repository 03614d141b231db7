/**
 * A search route that answers 404 for an address it has no contact for is told from a route gone
 * by asking it for the address it was calibrated with. When that contact has since been deleted
 * (or merged) on the service, the sample's own 404 was taken for the route gone: every lookup went
 * to the whole contact list, read hourly, for a day (someone just added stayed unmarked for up to
 * an hour, and a large account was paged through). The route is now checked again against a
 * contact the service still has.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const LEE = { id: 'c2', name: 'Lee Park', email: 'lee@acme.example' };
const OLA = { id: 'c3', name: 'Ola Berg', email: 'ola@acme.example' };

function searchServer(start: (typeof MAYA)[], routeGone = () => false) {
  const discovery = new MemoryDiscoveryStore();
  const state = { people: start };
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts/search' && email !== null && !routeGone()) {
      const found = state.people.filter((person) => person.email === email.toLowerCase());
      return found.length > 0 ? reply(200, { items: found }) : reply(404, { detail: 'Contact not found' });
    }
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(400, { detail: 'Unknown parameter: email' });
    if (url.pathname === '/api/v2/contacts' && !url.searchParams.has('search') && !url.searchParams.has('q')) return reply(200, { items: state.people, total: state.people.length });
    if (url.pathname === '/api/v2/contacts') return reply(400, { detail: 'Unknown parameter' });
    return reply(404, { detail: 'Not Found' });
  }, discovery);
  return { client, discovery, state };
}

it('keeps a search route that answers 404 for nobody after its sample contact is deleted', async () => {
  const { client, discovery, state } = searchServer([MAYA, LEE]);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-path');

  // Maya is deleted on the service; a stranger writes.
  state.people = [LEE];
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-path');

  // Someone added since is found at once.
  state.people = [LEE, OLA];
  expect(await client.findContactByEmail('ola@acme.example')).toMatchObject({ id: 'c3' });
});

it('still gives the route up when it is gone for everyone', async () => {
  let gone = false;
  const { client, discovery } = searchServer([MAYA, LEE], () => gone);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  gone = true;
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('local-index');
});
