// @vitest-environment node
/**
 * A calibrated `/contacts/search?email=` that answers 404 for "no such contact" compares as stored:
 * its 404 for an address with an ASCII-form domain ("max@xn--mller-kva.de") may miss a contact the
 * service keeps in its own letters ("max@müller.de"), and where it compares case too, one stored in
 * another case. The whole list is looked through before the address counts as nobody, as after a
 * filter's empty list.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const MAX = { id: 'max', name: 'Max Müller', email: 'max@müller.de' };

function server(notFound: 'empty' | '404', people = [MAYA, MAX], matchCase = false) {
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts/search' && email !== null) {
      // Compares as stored (case aside, unless `matchCase`).
      const found = people.filter((p) => p.email === (matchCase ? email : email.toLowerCase()));
      return found.length > 0 || notFound === 'empty' ? reply(200, { items: found }) : reply(404, { detail: 'Contact not found' });
    }
    if (url.pathname === '/api/v2/contacts' && email !== null) return reply(400, { detail: 'Unknown parameter: email' });
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: people, total: people.length });
    return reply(404, {});
  }, discovery);
  return { client, discovery };
}

it('(as before) a filter answering an empty list: the whole list finds the contact stored in its own letters', async () => {
  const { client } = server('empty');
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect(await client.findContactByEmail('max@xn--mller-kva.de')).toMatchObject({ id: 'max' });
});

it('a filter answering 404 for nobody: the contact stored in its own letters is found all the same', async () => {
  const { client, discovery } = server('404');
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect((await discovery.get('https://api.test')).contactLookup).toBe('search-path');
  expect(await client.findContactByEmail('max@xn--mller-kva.de')).toMatchObject({ id: 'max' });
});

it('a case-sensitive filter answering 404 for nobody: the contact stored in another case is found all the same', async () => {
  const jonas = { id: 'jonas', name: 'Jonas Berg', email: 'Jonas.Berg@Example.org' };
  const { client, discovery } = server('404', [MAYA, jonas], true);
  expect(await client.findContactByEmail('maya@acme.example')).toMatchObject({ id: 'c1' });
  expect(await discovery.get('https://api.test')).toMatchObject({ contactLookup: 'search-path', contactLookupCaseSensitive: true });
  expect(await client.findContactByEmail('jonas.berg@example.org')).toMatchObject({ id: 'jonas' });
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
});
