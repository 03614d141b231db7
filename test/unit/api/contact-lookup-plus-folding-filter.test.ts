/**
 * A service that folds plus-addressing in its e-mail filter (a CRM matching on a canonical
 * address: `maya+news@…` finds `maya@…`) answers Maya for `maya+news@…`. Primer never takes her for
 * that address (plus-addressing is not folded: another mailbox may be behind it), but it took the
 * answer for the filter ignored, and every lookup from then on went to the whole contact list,
 * read hourly (someone just added stayed unmarked for up to an hour). The filter is kept.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const LEE = { id: 'c2', name: 'Lee Park', email: 'lee@acme.example' };
const OLA = { id: 'c3', name: 'Ola Berg', email: 'ola@acme.example' };

const canonical = (address: string) => address.toLowerCase().replace(/\+[^@]*@/, '@');

it('keeps a filter that folds plus-addressing, and never takes the base address for the tagged one', async () => {
  const discovery = new MemoryDiscoveryStore();
  let people = [MAYA, LEE];
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(200, { items: people.filter((person) => canonical(person.email) === canonical(email)) });
    if (url.pathname === '/api/v2/contacts' && [...url.searchParams.keys()].some((key) => key !== 'limit' && key !== 'offset')) return reply(400, { error: 'unknown parameter' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
    return reply(404, { error: 'Not Found' });
  }, discovery);
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  expect(await client.findContactByEmail('maya+news@acme.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  // Added on the service since: found at once.
  people = [MAYA, LEE, OLA];
  expect(await client.findContactByEmail('ola@acme.example')).toMatchObject({ id: 'c3' });
});

it('still gives up a filter that answers people whose addresses are unlike the one asked', async () => {
  const discovery = new MemoryDiscoveryStore();
  let wrong = false;
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    // Folding gone wrong: every address at the domain.
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(200, { items: [MAYA, LEE].filter((person) => person.email === email || (wrong && email.endsWith('@acme.example'))) });
    if (url.pathname === '/api/v2/contacts' && [...url.searchParams.keys()].some((key) => key !== 'limit' && key !== 'offset')) return reply(400, { error: 'unknown parameter' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: [MAYA, LEE], total: 2 });
    return reply(404, { error: 'Not Found' });
  }, discovery);
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
  wrong = true;
  expect(await client.findContactByEmail('maya+news@acme.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('local-index');
});
