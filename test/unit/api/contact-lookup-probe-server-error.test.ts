/**
 * An Express and Mongoose service takes `/contacts/search` for a contact's id: casting "search"
 * to an ObjectId fails, and it answers 500 ("Cast to ObjectId failed"), every time. Finding the
 * e-mail lookup form stopped there: every lookup of every page failed ("could not look this
 * person up"), and calibration ran again, with its 500s and their retries, at each one. A form
 * that keeps answering 500 while being tried is not the form; the next ones are tried, and here
 * the whole list answers.
 */
import { expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

const PEOPLE = [
  { _id: '65f0a1b2c3d4e5f6a7b8c9d0', name: 'Maya Chen', email: 'maya@acme.example' },
  { _id: '65f0a1b2c3d4e5f6a7b8c9d1', name: 'Lee Park', email: 'lee@acme.example' },
];

function expressServer(unavailable = false) {
  const discovery = new MemoryDiscoveryStore();
  const calls: string[] = [];
  const client = servedClient((url) => {
    calls.push(url.pathname + url.search);
    // Unknown query parameters are ignored: the list, whatever is asked.
    if (url.pathname === '/api/v2/contacts') return reply(200, { items: PEOPLE, total: PEOPLE.length });
    const id = /^\/api\/v2\/contacts\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id !== undefined) {
      if (unavailable) return reply(503, 'Service Unavailable', 'text/plain');
      const found = PEOPLE.find((person) => person._id === id);
      if (found) return reply(200, found);
      if (!/^[a-f\d]{24}$/.test(id)) return reply(500, { message: `Cast to ObjectId failed for value "${id}" (type string) at path "_id" for model "Contact"` });
      return reply(404, { message: 'Contact not found' });
    }
    return reply(404, { message: 'Not Found' }, 'application/json');
  }, discovery);
  return { client, discovery, calls };
}

it('finds contacts on a service that answers 500 for a lookup path it takes for an id', async () => {
  const { client, discovery } = expressServer();
  expect(await client.findContactByEmail('lee@acme.example')).toMatchObject({ id: '65f0a1b2c3d4e5f6a7b8c9d1' });
  expect(await client.findContactByEmail('stranger@elsewhere.example')).toBeNull();
  expect(await client.findContactByEmail('maya+news@acme.example')).toBeNull();
  expect((await discovery.get('https://api.test')).contactLookup).toBe('local-index');
});

it('still fails the lookup while a form is unavailable (503): it may be the one that works', async () => {
  const { client, discovery } = expressServer(true);
  await expect(client.findContactByEmail('lee@acme.example')).rejects.toMatchObject({ kind: 'server', status: 503 });
  expect((await discovery.get('https://api.test')).contactLookup).toBeNull();
});
