/**
 * A calibrated `GET /contacts?email=` whose validator refuses one address's value (400/422:
 * pydantic's EmailStr refuses an Active Directory "jane@corp.local", a WAF an apostrophe in
 * "o'brien@…") keeps the filter: it still works for everyone else, and a contact added on the
 * service since is found at once (the whole-list copy would not know them). Only the route itself
 * refused (404) drops the filter: contact-lookup-route-gone.test.ts.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const NEW = { id: 'c3', name: 'Ola Berg', email: 'ola@acme.example' };

it.each([
  ['an AD address EmailStr refuses (422)', 'jane@corp.local', 422],
  ["an apostrophe a WAF refuses (400)", "o'brien@acme.example", 400],
])('keeps the e-mail filter when the server refuses %s', async (_, refused, status) => {
  const discovery = new MemoryDiscoveryStore();
  let people = [MAYA];
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email !== null) {
      if (email === refused) return reply(status, { detail: [{ loc: ['query', 'email'], msg: 'value is not a valid email address' }] });
      return reply(200, { items: people.filter((p) => p.email === email.toLowerCase()) });
    }
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
    return reply(404, {});
  }, discovery);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  // One address on a page the server's validator (or WAF) does not take.
  expect(await client.findContactByEmail(refused)).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  // A contact added on the service since: the filter finds them at once.
  people = [MAYA, NEW];
  expect(await client.findContactByEmail(NEW.email)).toMatchObject({ id: 'c3' });
});
