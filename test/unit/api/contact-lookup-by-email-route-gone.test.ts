/**
 * A `GET /contacts/by-email/:email` route answers 404 for an address it has no contact for. Once it
 * was calibrated, every 404 was taken for "nobody": when the route went (a new version of the
 * service, a proxy's rules), every person on every page was "not a contact" for a day, though the
 * contact list still had them. As for the search routes, the calibration's sample tells a route
 * gone from nobody, asked again every 10 minutes while 404s come.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const LEE = { id: 'c2', name: 'Lee Park', email: 'lee@acme.example' };

it('finds contacts in the list once the by-email route is gone, and still says nobody while it works', async () => {
  const discovery = new MemoryDiscoveryStore();
  let routeGone = false;
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const answer = (url: URL) => {
    const byEmail = /^\/api\/v2\/contacts\/by-email\/(.+)$/.exec(url.pathname)?.[1];
    if (byEmail !== undefined && !routeGone) {
      const found = [MAYA, LEE].find((person) => person.email === decodeURIComponent(byEmail).toLowerCase());
      return found ? reply(200, found) : reply(404, { error: 'Contact not found' });
    }
    if (url.pathname === '/api/v2/contacts' && [...url.searchParams.keys()].some((key) => key !== 'limit' && key !== 'offset')) return reply(400, { error: 'unknown parameter' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: [MAYA, LEE], total: 2 });
    return reply(404, { error: 'Not Found' });
  };
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    now: () => clock,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => Promise.resolve(answer(new URL(input))),
  });
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('by-email-path');
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('by-email-path');

  routeGone = true;
  clock += 11 * 60_000;
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('local-index');
});
