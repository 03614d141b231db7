/**
 * A calibrated `GET /contacts/search?email=` that answers 404 for an address it has no contact for
 * (a "Contact not found" for a stranger, the most common lookup in an inbox) is not a route gone:
 * it still answers the calibration's sample. The filter is kept, the stranger is nobody, and a
 * contact added on the service since is found at once (the whole-list copy would not know them).
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const NEW = { id: 'c3', name: 'Ola Berg', email: 'ola@acme.example' };

it('keeps a search route that answers 404 for nobody, and finds a contact added since', async () => {
  const discovery = new MemoryDiscoveryStore();
  let people = [MAYA];
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts/search' && email !== null) {
      const found = people.filter((p) => p.email === email.toLowerCase());
      return found.length > 0 ? reply(200, { items: found }) : reply(404, { detail: 'Contact not found' });
    }
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(400, { detail: 'Unknown parameter: email' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
    return reply(404, {});
  }, discovery);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-path');

  // A sender who is not a contact.
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-path');

  // A contact added on the service since: the filter finds them at once.
  people = [MAYA, NEW];
  expect(await client.findContactByEmail(NEW.email)).toMatchObject({ id: 'c3' });
});
