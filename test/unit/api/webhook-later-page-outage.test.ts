// @vitest-environment node
/**
 * Review of 098a640: a later webhook page that is not there (404 past the last page Primer guessed)
 * ends the list. A later page the server itself named that fails for a moment (a 503, the network
 * gone) must not: the first page came out as the whole list, with nothing said, and the options'
 * "listed below already" check missed an address on page 2.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const hook = (id: string) => ({ id, url: `https://h.test/${id}`, events: ['contact.updated'] });

it('a server-named later page that fails for a moment fails the list, not shortens it', async () => {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      if (url.searchParams.get('starting_after') === 'w2') return Promise.resolve(new Response('{"error":"unavailable"}', { status: 503, headers: { 'content-type': 'application/json' } }));
      return Promise.resolve(Response.json({ object: 'list', data: [hook('w1'), hook('w2')], has_more: true }));
    },
  });
  // HEAD: resolves ['w1', 'w2'], the list said to be whole.
  await expect(client.listWebhooks()).rejects.toMatchObject({ kind: 'server' });
});
