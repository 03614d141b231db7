// @vitest-environment node
/**
 * A webhook list the service pages: the page showed its first page as the whole list (no more to
 * see or delete, and an address on a later page was not said to be listed already).
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

function serve(route: (url: URL) => unknown) {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      calls.push(`${url.pathname}${url.search}`);
      return Promise.resolve(new Response(JSON.stringify(route(url)), { headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, calls };
}

const hook = (id: string) => ({ id, url: `https://h.test/${id}`, events: ['contact.updated'] });

describe('a paged webhook list', () => {
  it('is read to its end: Stripe’s {object: "list", has_more}', async () => {
    const { client } = serve((url) =>
      url.searchParams.get('starting_after') === 'w2' ? { object: 'list', data: [hook('w3')], has_more: false } : { object: 'list', data: [hook('w1'), hook('w2')], has_more: true },
    );
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2', 'w3']);
  });

  it('is read to its end: {data, meta: {total}} by offset', async () => {
    const { client } = serve((url) => (url.searchParams.get('offset') === '2' ? { data: [hook('w3')], meta: { total: 3 } } : { data: [hook('w1'), hook('w2')], meta: { total: 3 } }));
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2', 'w3']);
  });

  it('is asked once when the reply says nothing of more', async () => {
    const { client, calls } = serve(() => [hook('w1'), hook('w2')]);
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(calls).toEqual(['/api/v2/webhooks']);
  });
});
