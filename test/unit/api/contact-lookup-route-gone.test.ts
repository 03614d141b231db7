/**
 * The calibrated `?email=` filter refused for a plain ASCII address (a gateway now answering 404 to
 * the route whatever the address): the form is gone for everyone, and the index answers alone from
 * then on, once the calibration's sample is refused too (a search's 404 for a stranger is no route
 * gone: contact-lookup-404-nobody.test.ts). Asked first for every person, it would double every
 * lookup for a day. (A value refused, 400/422, keeps the form: contact-lookup-value-refused.test.ts.)
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const PEOPLE = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, name: `Person ${i}`, email: `p${i}@acme.example` }));

it('stops sending a filtered lookup the server refuses for every address', async () => {
  const discovery = new MemoryDiscoveryStore();
  let routeGone = false;
  const filtered: string[] = [];
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email !== null) {
      filtered.push(email);
      if (routeGone) return reply(404, { detail: 'Not Found' });
      return reply(200, { items: PEOPLE.filter((p) => p.email === email.toLowerCase()) });
    }
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: PEOPLE, total: PEOPLE.length });
    return reply(404, {});
  }, discovery);
  expect(await client.findContactByEmail('p0@acme.example')).toMatchObject({ id: 'c0' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  // The service's gateway no longer routes the filter: 404 for everyone.
  routeGone = true;
  filtered.length = 0;
  for (const p of PEOPLE.slice(1)) expect(await client.findContactByEmail(p.email)).toMatchObject({ id: p.id });
  // The first refusal, then the sample asked again and refused too: the form is dropped, and the
  // others are answered by the index alone.
  expect(filtered).toEqual(['p1@acme.example', 'p0@acme.example']);
});
