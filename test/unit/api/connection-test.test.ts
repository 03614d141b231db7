// @vitest-environment node
/**
 * "Test connection" against what may answer at a typed address: the service in any reply shape the
 * client reads, and web sites, sign-in pages and catch-all servers, which must not pass as it.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { testConnection } from '@/lib/api/connection-test';

interface Reply {
  status?: number;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
  type?: string;
}

/** A server answering `withKey` to requests carrying the key and `withoutKey` to the others. */
function serve(withKey: Reply, withoutKey: Reply = { status: 401, body: { error: 'unauthorized' } }) {
  const calls: { path: string; authorization: string | null }[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input, init) => {
      const authorization = new Headers(init?.headers).get('authorization');
      calls.push({ path: new URL(input).pathname, authorization });
      const reply = authorization === 'Bearer secret-key' ? withKey : withoutKey;
      const status = reply.status ?? 200;
      const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return Promise.resolve(new Response(status === 204 ? null : text, { status, headers: { 'content-type': reply.type ?? 'application/json' } }));
    },
  });
  return { client, calls };
}

const CONTACT = { id: 'c1', name: 'Maya Chen', email: 'maya@example.com' };
const HTML = '<!doctype html><html><head><title>Sign in</title></head><body><form>…</form></body></html>';

describe('testConnection', () => {
  it.each<[string, Reply]>([
    ['a list with a total', { body: { items: [CONTACT], total: 12 } }],
    ['a bare array', { body: [CONTACT] }],
    ['an empty bare array', { body: [] }],
    ['a data envelope', { body: { data: { contacts: [CONTACT] }, meta: { total: 3 } } }],
    ['JSON:API', { body: { data: [{ id: 'c1', type: 'contact', attributes: { name: 'Maya', email: 'maya@example.com' } }] } }],
    ['a null list', { body: { items: null } }],
    ['an empty list with a total of 0', { body: { results: [], count: 0 } }],
  ])('passes the service answering %s', async (_, reply) => {
    const { client } = serve(reply);
    expect(await testConnection(client)).toMatchObject({ ok: true, serviceUrl: 'https://api.test' });
  });

  it.each<[string, Reply]>([
    ['204', { status: 204 }],
    ['an empty 200', { status: 200, body: '' }],
    ['JSON null', { body: 'null' }],
  ])('passes the service answering %s for no contacts, as it refuses the list without the key', async (_, reply) => {
    const { client, calls } = serve(reply);
    expect(await testConnection(client)).toMatchObject({ ok: true });
    // The check sends no key at all.
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer secret-key', null]);
  });

  it.each<[string, Reply]>([
    ['204', { status: 204 }],
    ['an empty 200', { status: 200, body: '', type: 'text/html' }],
    ['JSON null', { body: 'null' }],
  ])('says a server answering %s to anyone is not the service, and what to do', async (_, reply) => {
    const { client } = serve(reply, reply);
    const result = await testConnection(client);
    expect(result).toMatchObject({ ok: false, reason: 'not_service' });
    expect(result.ok ? '' : result.message).toMatch(/web site, a sign-in page.*Enter the address of the service’s API/);
  });

  it.each<[string, Reply]>([
    ['a web page', { body: HTML, type: 'text/html' }],
    ['a web page labelled as nothing', { body: HTML, type: '' }],
    ['plain text', { body: 'OK', type: 'text/plain' }],
    ['JSON of something else', { body: { status: 'ok' } }],
  ])('says an address answering %s is not the service, and what to do', async (_, reply) => {
    const { client } = serve(reply);
    const result = await testConnection(client);
    expect(result).toMatchObject({ ok: false, reason: 'not_service' });
    expect(result.ok ? '' : result.message).toMatch(/Enter the address of the service’s API.*test again/);
  });

  it('says where the address sent Primer on to (a sign-in page), as not the service', async () => {
    const client = new ServiceClient('https://api.test', 'secret-key', {
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: () => {
        const reply = new Response(HTML, { status: 200, headers: { 'content-type': 'text/html' } });
        Object.defineProperty(reply, 'redirected', { value: true });
        Object.defineProperty(reply, 'url', { value: 'https://login.example.com/authorize?client=1' });
        return Promise.resolve(reply);
      },
    });
    const result = await testConnection(client);
    expect(result).toMatchObject({ ok: false, reason: 'not_service' });
    expect(result.ok ? '' : result.message).toMatch(/^The service address sent Primer on to https:\/\/login\.example\.com\. Its reply is not the service’s/);
  });

  it('takes an empty list for the service’s when, without the key, the address sends Primer to a sign-in page elsewhere', async () => {
    const client = new ServiceClient('https://api.test', 'secret-key', {
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: (_input, init) => {
        if (new Headers(init?.headers).get('authorization') === 'Bearer secret-key') return Promise.resolve(new Response(null, { status: 204 }));
        const reply = new Response(HTML, { status: 200, headers: { 'content-type': 'text/html' } });
        Object.defineProperty(reply, 'redirected', { value: true });
        Object.defineProperty(reply, 'url', { value: 'https://login.example.com/authorize' });
        return Promise.resolve(reply);
      },
    });
    expect(await testConnection(client)).toMatchObject({ ok: true });
  });

  it('says an address that sends every request, with the key or without, to an empty page elsewhere is not the service', async () => {
    const client = new ServiceClient('https://api.test', 'secret-key', {
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: () => {
        const reply = new Response('', { status: 200, headers: { 'content-type': 'text/plain' } });
        Object.defineProperty(reply, 'redirected', { value: true });
        Object.defineProperty(reply, 'url', { value: 'https://parked.example/' });
        return Promise.resolve(reply);
      },
    });
    const result = await testConnection(client);
    expect(result).toMatchObject({ ok: false, reason: 'not_service' });
    expect(result.ok ? '' : result.message).toMatch(/^The service address sent Primer on to https:\/\/parked\.example\./);
  });

  it.each<[string, Reply, string]>([
    ['busy (429)', { status: 429, body: { error: 'too many requests' } }, 'rate_limited'],
    ['failing (503)', { status: 503, body: { error: 'unavailable' } }, 'server_error'],
  ])('says the check could not be made when the service is %s for the same list without the key, not that it is another server', async (_, withoutKey, reason) => {
    const { client, calls } = serve({ status: 204 }, withoutKey);
    expect(await testConnection(client)).toMatchObject({ ok: false, reason });
    expect(calls[1]).toMatchObject({ authorization: null });
  });

  it('reports a refused key as such, without asking again', async () => {
    const { client, calls } = serve({ status: 401, body: { error: 'invalid key' } });
    expect(await testConnection(client)).toMatchObject({ ok: false, reason: 'bad_key' });
    expect(calls).toHaveLength(1);
  });
});
