/**
 * "The API key never reaches a content script, page or log": a server that echoes the request's
 * Authorization header says the key back, and often more than once ("key sk_… is not valid;
 * received: Bearer sk_…"). Every occurrence is taken out, in a refusal's message and code and in a
 * 2xx answer, not only the first (the rest would be shown on a card, in the panel or the options).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { Http, withoutKey } from '@/lib/api/http';

const KEY = 'sk_live_abcdef123456';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answering(response: Response) {
  return new Http('https://svc.test', KEY, { fetch: () => Promise.resolve(response), retry: { attempts: 1 } });
}

describe('a key said more than once', () => {
  it('is taken out everywhere by withoutKey', () => {
    expect(withoutKey(`a ${KEY} b ${KEY} c`, KEY)).toBe('a [hidden] b [hidden] c');
  });

  it('is taken out of every place in a refusal’s message and code', async () => {
    const echoed = `Key ${KEY} is not valid; received: Bearer ${KEY}`;
    const error = (await answering(json(401, { message: echoed, code: `${KEY}|${KEY}` }))
      .request('GET', '/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(JSON.stringify({ message: error.message, code: error.code })).not.toContain(KEY);
    expect(error.message).toBe('Key [hidden] is not valid; received: Bearer [hidden]');
  });

  it('is taken out of every place in a 2xx answer', async () => {
    const body = (await answering(json(200, { success: false, error: `Bearer ${KEY} refused`, echo: { authorization: `Bearer ${KEY}` } })).request('GET', '/x')).body;
    expect(JSON.stringify(body)).not.toContain(KEY);
  });
});
