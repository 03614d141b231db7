// @vitest-environment node
/**
 * Review of listWebhooks' paging (82d3f88): pages after the first must never cost the ones read,
 * a page-and-total list is read to its end, and a server ignoring paging is asked once more, not 10 times.
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

describe('listWebhooks paging', () => {
  it('keeps the first page when a page Primer guessed is not there (Flask-SQLAlchemy’s 404 past the last page)', async () => {
    // {items, page: 1} with no size, total or has_more: Primer asks page 2 (a full page guessed).
    const { client, calls } = serve((url) =>
      url.searchParams.get('page') === '2' ? { status: 404, body: { error: 'Not Found' } } : { body: { webhooks: [hook('w1'), hook('w2')], page: 1 } },
    );
    const listed = await client.listWebhooks();
    expect(calls.length).toBe(2);
    // HEAD: null, i.e. "this service does not list webhooks": the list and its Delete buttons are gone.
    expect(listed?.map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('reads a {data, page, total} list past its second page', async () => {
    const all = ['w1', 'w2', 'w3', 'w4', 'w5'];
    const { client } = serve((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('per_page') ?? 2);
      return { body: { data: all.slice((page - 1) * size, page * size).map(hook), page, total: all.length } };
    });
    // HEAD: ['w1', 'w2', 'w3', 'w4']: page 2's size is taken as "unlimited", so 2 × ∞ ≥ 5 ends it.
    expect((await client.listWebhooks())?.map((w) => w.id)).toEqual(all);
  });

  it('asks a server that ignores paging once more, not 10 times, when its webhooks carry no id', async () => {
    const { client, calls } = serve(() => ({ body: { webhooks: [{ url: 'https://h.test/a', events: ['contact.updated'] }], has_more: true } }));
    const listed = await client.listWebhooks();
    // HEAD: 10 calls, the same webhook listed 10 times.
    expect(listed?.map((w) => w.url)).toEqual(['https://h.test/a']);
    expect(calls.length).toBeLessThanOrEqual(2);
  });
});
