/**
 * A service (an older Java or PHP stack, or a proxy re-encoding) may label its JSON
 * `charset=ISO-8859-1` and send it so: the body is read in the charset its Content-Type names,
 * so "José Müller" shows as such (and matches a page showing that name); a label the browser does
 * not know is read as UTF-8.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

it('reads a body in the charset its Content-Type names', async () => {
  const latin1 = Uint8Array.from([...'{"id":"c1","name":"José Müller","email":"jose@acme.example"}'].map((c) => c.charCodeAt(0)));
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => Promise.resolve(new Response(latin1, { status: 200, headers: { 'content-type': 'application/json; charset=ISO-8859-1' } })),
  });
  expect((await client.getContact('c1')).name).toBe('José Müller');
});

it('reads a body labelled with a charset the browser does not know as UTF-8', async () => {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () =>
      Promise.resolve(
        new Response(new TextEncoder().encode('{"id":"c1","name":"José Müller","email":"jose@acme.example"}'), {
          status: 200,
          headers: { 'content-type': 'application/json; charset="x-made-up"' },
        }),
      ),
  });
  expect((await client.getContact('c1')).name).toBe('José Müller');
});
