// @vitest-environment node
/**
 * A webhook list the service pages is read to its end, as far as the server says more follow: the
 * page once showed its first page as the whole list (no more to see or delete, and an address on a
 * later page was not said to be listed already). A later page that is not there (404 past a page
 * Primer guessed) ends it; one the server named that fails for a moment fails the list.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

function serve(route: (url: URL) => { status?: number; body: unknown }) {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      calls.push(`${url.pathname}${url.search}`);
      const { status = 200, body } = route(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, calls };
}

const hook = (id: string) => ({ id, url: `https://h.test/${id}`, events: ['contact.updated'] });

describe('a paged webhook list', () => {
  it('is read to its end: Stripe’s {object: "list", has_more}', async () => {
    const { client } = serve((url) =>
      url.searchParams.get('starting_after') === 'w2' ? { body: { object: 'list', data: [hook('w3')], has_more: false } } : { body: { object: 'list', data: [hook('w1'), hook('w2')], has_more: true } },
    );
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2', 'w3']);
  });

  it('is read to its end: {data, meta: {total}} by offset', async () => {
    const { client } = serve((url) => ({ body: url.searchParams.get('offset') === '2' ? { data: [hook('w3')], meta: { total: 3 } } : { data: [hook('w1'), hook('w2')], meta: { total: 3 } } }));
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2', 'w3']);
  });

  it('is asked once when the reply says nothing of more', async () => {
    const { client, calls } = serve(() => ({ body: [hook('w1'), hook('w2')] }));
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(calls).toEqual(['/api/v2/webhooks']);
  });

  it('keeps the first page when a page Primer guessed is not there (Flask-SQLAlchemy’s 404 past the last page)', async () => {
    // {items, page: 1} with no size, total or has_more: Primer asks page 2 (a full page guessed).
    const { client, calls } = serve((url) =>
      url.searchParams.get('page') === '2' ? { status: 404, body: { error: 'Not Found' } } : { body: { webhooks: [hook('w1'), hook('w2')], page: 1 } },
    );
    const listed = await client.listWebhooks();
    expect(calls.length).toBe(2);
    expect(listed?.map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('reads a {data, page, total} list past its second page', async () => {
    const all = ['w1', 'w2', 'w3', 'w4', 'w5'];
    const { client } = serve((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('per_page') ?? 2);
      return { body: { data: all.slice((page - 1) * size, page * size).map(hook), page, total: all.length } };
    });
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(all);
  });

  it('asks a server that ignores paging once more, not 10 times, when its webhooks carry no id', async () => {
    const { client, calls } = serve(() => ({ body: { webhooks: [{ url: 'https://h.test/a', events: ['contact.updated'] }], has_more: true } }));
    const listed = await client.listWebhooks();
    expect(listed?.map((w) => w.url)).toEqual(['https://h.test/a']);
    expect(calls.length).toBeLessThanOrEqual(2);
  });

  it('a server-named later page that fails for a moment fails the list, not shortens it', async () => {
    const { client } = serve((url) =>
      url.searchParams.get('starting_after') === 'w2' ? { status: 503, body: { error: 'unavailable' } } : { body: { object: 'list', data: [hook('w1'), hook('w2')], has_more: true } },
    );
    await expect(client.listWebhooks()).rejects.toMatchObject({ kind: 'server' });
  });
});
