// @vitest-environment node
/**
 * The contact list's query parameters are the service's own ("not shown" in the interface): a
 * service that validates them may refuse the test's `limit=1&offset=0` with a 400 or 422. That
 * reply was said to be "not the Conversation Intelligence Service", and the user went looking for
 * another address while theirs was right.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { testConnection } from '@/lib/api/connection-test';

interface Reply {
  status: number;
  body: unknown;
}

/** A service answering `plain` to the list asked for with no query, `queried` with one, `keyless` without the key. */
function serve({ queried, plain, keyless = { status: 401, body: { error: 'unauthorized' } } }: { queried: Reply; plain: Reply; keyless?: Reply }) {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      const keyed = new Headers(init?.headers).get('authorization') === 'Bearer secret-key';
      calls.push(`${keyed ? 'key' : 'none'} ${url.pathname}${url.search}`);
      const reply = !keyed ? keyless : url.search === '' ? plain : queried;
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, calls };
}

const LIST = { status: 200, body: { items: [{ id: 'c1', name: 'Maya Chen', email: 'maya@example.com' }], total: 7 } };

describe('testConnection: a service refusing the test’s query', () => {
  it.each([400, 422])('passes a service that answers %i to limit and offset, and its list to a request without them', async (status) => {
    const { client, calls } = serve({ queried: { status, body: { error: 'unknown query parameter: offset' } }, plain: LIST });
    expect(await testConnection(client)).toEqual({ ok: true, serviceUrl: 'https://api.test', contactCount: 7 });
    expect(calls).toEqual(['key /api/v2/contacts?limit=1&offset=0', 'key /api/v2/contacts']);
  });

  it('says that the service, which keeps its list behind the key, refused the request, in its words: not that it is another server', async () => {
    const refusal = { status: 400, body: { error: { code: 'invalid_request', message: 'API key not valid for this project.' } } };
    const { client } = serve({ queried: refusal, plain: refusal });
    const result = await testConnection(client);
    expect(result).toMatchObject({ ok: false, reason: 'refused_request' });
    expect(result.ok ? '' : result.message).toContain('API key not valid for this project.');
    expect(result.ok ? '' : result.message).not.toMatch(/not the service’s/);
  });

  it('still says a server answering 400 with or without the key is not the service', async () => {
    const refusal = { status: 400, body: { error: 'bad request' } };
    const { client } = serve({ queried: refusal, plain: refusal, keyless: refusal });
    expect(await testConnection(client)).toMatchObject({ ok: false, reason: 'not_service' });
  });
});
