/**
 * A ServiceClient at https://api.test whose calls a test answers: discovery kept in memory, never
 * offline, no waits between retries. For tests of how the client reads a server's replies.
 */
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

/** `discovery`: what the client learns of the server, for a test to read or to set beforehand. */
export function servedClient(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>, discovery = new MemoryDiscoveryStore()): ServiceClient {
  return new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input, init) => Promise.resolve(answer(new URL(input), init)),
  });
}

/** A reply: JSON unless `body` is text already (sent as written, under `type`). */
export function reply(status: number, body: unknown, type = 'application/json'): Response {
  const text = body === undefined || body === null ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': type } });
}

/** A client every call of which gets the same reply. */
export function clientAnswering(status: number, body: unknown, type?: string): ServiceClient {
  return servedClient(() => reply(status, body, type));
}

/**
 * A server that lists `account`'s recordings (read at each call: a test may add to it) a page at
 * a time by `limit` and `offset`, ignoring `contact_id`: the client is left to tell whose they are.
 */
export function clientIgnoringContactFilter(account: readonly unknown[]): ServiceClient {
  return servedClient((url) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return reply(200, { recordings: account.slice(offset, offset + limit), total: account.length, limit, offset });
  });
}
