/**
 * A server whose `GET /contacts?email=` works (calibrated) may refuse one address it cannot
 * validate (pydantic's EmailStr answers 422 for "josé@…", a gateway or WAF 400 for an odd
 * character). That refusal is no proof the filter stopped working: it stays the lookup for every
 * other address (one filtered call each), and the refused address is looked for in the whole list.
 * A 2xx returning people who do not fit the filter drops it (client.dialects.test.ts), as does a
 * 404 that the calibration's sample meets too (contact-lookup-route-gone.test.ts).
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };

it('keeps the calibrated e-mail filter when the server refuses one address it cannot validate', async () => {
  const discovery = new MemoryDiscoveryStore();
  const asked: string[] = [];
  const client = servedClient((url) => {
    asked.push(`${url.pathname}?${url.searchParams.toString()}`);
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email !== null) {
      // FastAPI + EmailStr: a non-ASCII local part is refused as a value.
      if (!/^[\x20-\x7e]+$/.test(email)) return reply(422, { detail: [{ loc: ['query', 'email'], msg: 'value is not a valid email address' }] });
      return reply(200, { items: email.toLowerCase() === MAYA.email ? [MAYA] : [] });
    }
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: [MAYA], total: 1 });
    return reply(404, {});
  }, discovery);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');

  // One address on a page the server's validator does not take.
  expect(await client.findContactByEmail('josé@acme.example')).toBeNull();

  // The filter still works for everyone else: it must stay the lookup.
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
  asked.length = 0;
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect(asked).toEqual(['/api/v2/contacts?email=maya%40acme.example&limit=50']);
});

it('finds a contact the filter refuses to look for in the whole list', async () => {
  const JOSE = { id: 'c2', name: 'José Müller', email: 'josé@acme.example' };
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email !== null) {
      if (!/^[\x20-\x7e]+$/.test(email)) return reply(400, { error: 'Bad request' });
      return reply(200, { items: [MAYA, JOSE].filter((contact) => contact.email === email.toLowerCase()) });
    }
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: [MAYA, JOSE], total: 2 });
    return reply(404, {});
  }, discovery);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect(await client.findContactByEmail('josé@acme.example')).toMatchObject({ id: 'c2' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
});
