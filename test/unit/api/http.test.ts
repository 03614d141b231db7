import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { Http, abortableSleep, type FetchLike } from '@/lib/api/http';

const KEY = 'sk_live_abcdef123456';

type Step = Response | Error | ((init?: RequestInit) => Promise<Response>);

/** A fetch that plays the given replies in order and records each call. */
function scripted(...steps: Step[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    const step = steps.shift();
    if (step === undefined) throw new Error('unexpected call');
    if (step instanceof Error) return Promise.reject(step);
    if (typeof step === 'function') return step(init);
    return Promise.resolve(step);
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('Http', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a web page or a refusal from another origin a redirect led to for not the service’s, unread and not retried; data from there, or a redirect on the same origin, is read', async () => {
    /** A reply as fetch gives it after following redirects to `url`. */
    const redirectedTo = (url: string, reply: Response) => {
      Object.defineProperty(reply, 'redirected', { value: true });
      Object.defineProperty(reply, 'url', { value: url });
      return reply;
    };
    const signIn = new Response('<!doctype html><title>Sign in</title>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    const away = scripted(redirectedTo('https://login.example/sso?next=x', signIn));
    const error = await new Http('https://svc.test', KEY, { fetch: away.fetch }).request('GET', '/api/v2/contacts').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', code: 'primer_not_the_service', message: 'The service address sent Primer on to https://login.example.' });
    expect(away.calls).toHaveLength(1);
    // Down to plain http on the same host is another origin too, and not read there.
    const down = scripted(redirectedTo('http://svc.test/api/v2/contacts/', json(200, { contacts: [] })));
    await expect(new Http('https://svc.test', KEY, { fetch: down.fetch }).request('GET', '/api/v2/contacts')).rejects.toMatchObject({ code: 'primer_not_the_service' });
    // A trailing slash added by the service itself.
    const slash = scripted(redirectedTo('https://svc.test/api/v2/contacts/', json(200, { contacts: [] })));
    await expect(new Http('https://svc.test', KEY, { fetch: slash.fetch }).request('GET', '/api/v2/contacts')).resolves.toMatchObject({ body: { contacts: [] } });
    // Data handed out from object storage (a presigned download): read.
    const stored = scripted(redirectedTo('https://bucket.s3.example.com/t/rec-1.json?sig=1', json(200, { segments: [] })));
    await expect(new Http('https://svc.test', KEY, { fetch: stored.fetch }).request('GET', '/api/v2/recordings/r1/transcript')).resolves.toMatchObject({ body: { segments: [] } });
    // Nothing at all from elsewhere (a parked domain) is no answer either.
    const parked = scripted(redirectedTo('https://parked.example/', new Response('', { status: 200, headers: { 'content-type': 'text/plain' } })));
    await expect(new Http('https://svc.test', KEY, { fetch: parked.fetch }).request('GET', '/api/v2/contacts')).rejects.toMatchObject({ code: 'primer_not_the_service' });
    // Asked without the key, being sent elsewhere at all is not an answer.
    const keyless = scripted(redirectedTo('https://login.example/sso', json(200, {})));
    await expect(new Http('https://svc.test', KEY, { fetch: keyless.fetch }).request('GET', 'https://svc.test/api/v2/contacts', { absolute: true })).rejects.toMatchObject({ code: 'primer_not_the_service' });
  });

  it('sends the bearer key and JSON body, builds the query, parses JSON', async () => {
    const { fetch, calls } = scripted(json(200, { ok: 1 }));
    const http = new Http('https://svc.test', KEY, { fetch });
    const response = await http.request('POST', '/api/v2/x', { query: { a: 1, b: undefined, c: 'd e' }, body: { n: 1 } });
    expect(response.body).toEqual({ ok: 1 });
    expect(calls[0]?.url).toBe('https://svc.test/api/v2/x?a=1&c=d+e');
    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.init?.body).toBe('{"n":1}');
  });

  it('never sends the key to an absolute (presigned) URL', async () => {
    const { fetch, calls } = scripted(new Response('', { status: 200 }));
    const http = new Http('https://svc.test', KEY, { fetch });
    const response = await http.request('PUT', 'https://bucket.test/up?sig=1', { absolute: true, rawBody: 'bytes', headers: { 'Content-Type': 'audio/mpeg' } });
    expect(response.body).toBeNull();
    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('audio/mpeg');
    expect(calls[0]?.url).toBe('https://bucket.test/up?sig=1');
  });

  it('keeps GET answers out of the browser’s HTTP cache, and adds nothing to a PUT to storage', async () => {
    const { fetch, calls } = scripted(json(200, { ok: 1 }), new Response('', { status: 200 }), json(200, {}));
    const http = new Http('https://svc.test', KEY, { fetch });
    await http.request('GET', '/api/v2/insights/contact/c1');
    await http.request('PUT', 'https://bucket.test/up?sig=1', { absolute: true, rawBody: 'bytes' });
    await http.request('POST', '/api/v2/recordings/r1/complete-upload', { body: {} });
    expect(calls.map((call) => call.init?.cache)).toEqual(['no-store', undefined, undefined]);
  });

  it('returns non-JSON text as text and rejects malformed JSON', async () => {
    const { fetch } = scripted(new Response('Speaker: hi', { headers: { 'content-type': 'text/plain' } }), new Response('{oops', { headers: { 'content-type': 'application/json' } }));
    const http = new Http('https://svc.test', KEY, { fetch });
    expect((await http.request('GET', '/t')).body).toBe('Speaker: hi');
    await expect(http.request('GET', '/t')).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('retries idempotent calls on 5xx with capped exponential backoff and jitter', async () => {
    const { fetch, calls } = scripted(json(503, {}), json(502, {}), json(500, {}), json(200, { done: true }));
    const sleeps: number[] = [];
    const http = new Http('https://svc.test', KEY, {
      fetch,
      random: () => 1,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      retry: { baseDelayMs: 100, maxDelayMs: 250 },
    });
    await expect(http.request('GET', '/x')).resolves.toMatchObject({ body: { done: true } });
    expect(calls).toHaveLength(4);
    // 100, 200, then capped at 250 (random()=1 takes the ceiling).
    expect(sleeps).toEqual([100, 200, 250]);
  });

  it('applies full jitter below the ceiling', async () => {
    const { fetch } = scripted(json(503, {}), json(200, {}));
    const sleeps: number[] = [];
    const http = new Http('https://svc.test', KEY, { fetch, random: () => 0.25, sleep: (ms) => (sleeps.push(ms), Promise.resolve()) });
    await http.request('GET', '/x');
    expect(sleeps).toEqual([125]);
  });

  it('gives up after the attempt cap with the last error', async () => {
    const { fetch, calls } = scripted(json(503, { message: 'a' }), json(503, { message: 'b' }), json(503, { message: 'c' }), json(503, { message: 'd' }));
    const http = new Http('https://svc.test', KEY, { fetch, sleep: () => Promise.resolve() });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ kind: 'server', status: 503, message: 'd' });
    expect(calls).toHaveLength(4);
  });

  it('does not retry a POST on 5xx or network failure (outcome unknown)', async () => {
    const a = scripted(json(500, {}));
    await expect(new Http('https://svc.test', KEY, { fetch: a.fetch }).request('POST', '/x', { body: {} })).rejects.toMatchObject({ kind: 'server' });
    expect(a.calls).toHaveLength(1);
    const b = scripted(new TypeError('Failed to fetch'));
    await expect(new Http('https://svc.test', KEY, { fetch: b.fetch }).request('POST', '/x', { body: {} })).rejects.toMatchObject({ kind: 'network' });
    expect(b.calls).toHaveLength(1);
  });

  it('retries a POST marked idempotent, and any call on 429', async () => {
    const a = scripted(new TypeError('reset'), json(200, {}));
    await new Http('https://svc.test', KEY, { fetch: a.fetch, sleep: () => Promise.resolve() }).request('POST', '/x', { body: {}, idempotent: true });
    expect(a.calls).toHaveLength(2);
    const b = scripted(json(429, {}), json(201, { id: 1 }));
    await new Http('https://svc.test', KEY, { fetch: b.fetch, sleep: () => Promise.resolve() }).request('POST', '/x', { body: {} });
    expect(b.calls).toHaveLength(2);
  });

  it('does not retry client errors', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const { fetch, calls } = scripted(json(status, {}));
      await expect(new Http('https://svc.test', KEY, { fetch }).request('GET', '/x')).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });

  it('honours Retry-After exactly, using real (fake) timers', async () => {
    const { fetch, calls } = scripted(json(429, { error: { message: 'slow down' } }, { 'retry-after': '3' }), json(200, { ok: true }));
    const http = new Http('https://svc.test', KEY, { fetch });
    const pending = http.request('GET', '/x');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ body: { ok: true } });
    expect(calls).toHaveLength(2);
  });

  it('does not sleep through a Retry-After beyond the cap: the caller gets the retry time', async () => {
    const { fetch, calls } = scripted(json(429, {}, { 'retry-after': '120' }));
    const http = new Http('https://svc.test', KEY, { fetch });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    expect(calls).toHaveLength(1);
  });

  it('keeps every call quiet for the wait a 429 asked for: others wait it out, or fail at once with what is left', async () => {
    const { fetch, calls } = scripted(json(429, {}, { 'retry-after': '3' }), json(200, { first: true }), json(200, { second: true }), json(429, {}, { 'retry-after': '120' }), json(200, {}));
    const http = new Http('https://svc.test', KEY, { fetch });
    const first = http.request('GET', '/a');
    await vi.advanceTimersByTimeAsync(1000);
    // Sent while the service asked for quiet: not sent until it is over.
    const second = http.request('GET', '/b');
    // Someone waiting on screen is told at once, with the time left.
    await expect(http.request('GET', '/c', { interactive: true })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(first).resolves.toMatchObject({ body: { first: true } });
    await expect(second).resolves.toMatchObject({ body: { second: true } });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/a', '/a', '/b']);
    // A wait past what a call sleeps through: later calls fail at once rather than ask.
    await expect(http.request('GET', '/d')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    await expect(http.request('GET', '/e')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    expect(calls).toHaveLength(4);
    // The presigned upload's storage is not the service: its calls are not held.
    await expect(http.request('PUT', 'https://storage.test/u', { absolute: true })).resolves.toMatchObject({ status: 200 });
    expect(calls).toHaveLength(5);
  });

  it('keeps the asked-for quiet where a new worker finds it: its first call waits or fails as the old one’s would', async () => {
    let stored = 0;
    const quiet = { get: () => Promise.resolve(stored), set: (until: number) => Promise.resolve(void (stored = until)) };
    const before = scripted(json(429, {}, { 'retry-after': '600' }));
    await expect(new Http('https://svc.test', KEY, { fetch: before.fetch, quiet }).request('GET', '/a')).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(stored).toBe(Date.now() + 600_000);
    // The worker stopped; a new one starts with the same store.
    const after = scripted(json(200, {}));
    const http = new Http('https://svc.test', KEY, { fetch: after.fetch, quiet });
    await expect(http.request('GET', '/b')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 600_000 });
    expect(after.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(http.request('GET', '/c')).resolves.toMatchObject({ status: 200 });
    // A store that cannot be read holds nothing back.
    const broken = scripted(json(200, {}));
    await expect(new Http('https://svc.test', KEY, { fetch: broken.fetch, quiet: { get: () => Promise.reject(new Error('gone')), set: () => Promise.resolve() } }).request('GET', '/d')).resolves.toMatchObject({ status: 200 });
  });

  it('without Retry-After, a rate limit says when it lifts from RateLimit-Reset, X-RateLimit-Reset (a wait or a Unix time) or its body', async () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const cases: [Response, number][] = [
      [json(429, {}, { 'ratelimit-reset': '90' }), 90_000],
      [json(429, {}, { 'x-ratelimit-reset': '45' }), 45_000],
      [json(429, {}, { 'x-ratelimit-reset': String(now / 1000 + 600) }), 600_000],
      [json(429, {}, { 'x-ratelimit-reset': String(now + 90_000) }), 90_000],
      [json(429, { message: 'You are being rate limited.', retry_after: 64.5 }), 64_500],
      [json(429, { error: { message: 'slow down', retryAfter: '75' } }), 75_000],
      // Retry-After, when sent, is what counts.
      [json(429, { retry_after: 999 }, { 'retry-after': '40', 'x-ratelimit-reset': '500' }), 40_000],
    ];
    for (const [response, wait] of cases) {
      const { fetch } = scripted(response);
      const http = new Http('https://svc.test', KEY, { fetch, now: () => now });
      await expect(http.request('GET', '/x')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: wait });
    }
  });

  it('backs off when the wait said is over already (a date in the past, 0, a reset time gone): no burst of retries', async () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const overAlready: Record<string, string>[] = [{ 'retry-after': 'Tue, 24 Nov 2026 11:59:00 GMT' }, { 'retry-after': '0' }, { 'x-ratelimit-reset': String(now / 1000 - 60) }];
    for (const headers of overAlready) {
      const { fetch, calls } = scripted(json(429, {}, headers), json(429, {}, headers), json(429, {}, headers), json(429, {}, headers));
      const http = new Http('https://svc.test', KEY, { fetch, now: () => now, random: () => 1 });
      const pending = http.request('GET', '/x').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(500);
      expect(calls).toHaveLength(2);
      await vi.runAllTimersAsync();
      // The panel is told "no wait": it offers Try again at once.
      expect(await pending).toMatchObject({ kind: 'rate_limited', retryAfterMs: 0 });
    }
  });

  it('hands a wait said to be over back at once when someone is waiting, rather than asking again at once', async () => {
    const { fetch, calls } = scripted(json(429, {}, { 'retry-after': '0' }), json(429, {}, { 'retry-after': '0' }));
    const http = new Http('https://svc.test', KEY, { fetch });
    const pending = http.request('GET', '/x', { interactive: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(await pending).toMatchObject({ kind: 'rate_limited', retryAfterMs: 0 });
  });

  it('takes a wait of more than a day as a day: a Retry-After of years would hold Try again for good', async () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const DAY = 24 * 60 * 60 * 1000;
    const cases: [Record<string, string>, number][] = [
      [{ 'retry-after': '31536000' }, DAY],
      [{ 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }, DAY],
      // Past any date a browser can show.
      [{ 'retry-after': '99999999999999999999' }, DAY],
      [{ 'x-ratelimit-reset': String(now / 1000 + 400 * 24 * 3600) }, DAY],
      // A wait of hours is kept as said.
      [{ 'retry-after': '7200' }, 7_200_000],
    ];
    for (const [headers, wait] of cases) {
      const { fetch } = scripted(json(429, {}, headers));
      const http = new Http('https://svc.test', KEY, { fetch, now: () => now });
      await expect(http.request('GET', '/x')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: wait });
    }
  });

  it('a server error’s rate-limit reset header is a quota window, not when the outage ends', async () => {
    const { fetch } = scripted(json(503, {}, { 'x-ratelimit-reset': '3000' }), json(503, {}, { 'x-ratelimit-reset': '3000' }), json(503, {}), json(503, {}));
    const http = new Http('https://svc.test', KEY, { fetch, random: () => 0 });
    const pending = http.request('GET', '/x').catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await pending).toMatchObject({ kind: 'server', retryAfterMs: null });
  });

  it('times out a call that hangs, and retries it when idempotent', async () => {
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { fetch, calls } = scripted(hang, json(200, { late: false }));
    const http = new Http('https://svc.test', KEY, { fetch, timeoutMs: 1000, random: () => 0 });
    const pending = http.request('GET', '/x');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ body: { late: false } });
    expect(calls).toHaveLength(2);

    const single = scripted(hang);
    const once = new Http('https://svc.test', KEY, { fetch: single.fetch, timeoutMs: 500, retry: { attempts: 1 } }).request('GET', '/x');
    const assertion = expect(once).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
  });

  it('can be aborted, during a call and during a backoff wait', async () => {
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const controller = new AbortController();
    const { fetch } = scripted(hang);
    const pending = new Http('https://svc.test', KEY, { fetch }).request('GET', '/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });

    const waiting = new AbortController();
    const second = scripted(json(503, {}), json(200, {}));
    const during = new Http('https://svc.test', KEY, { fetch: second.fetch, random: () => 1 }).request('GET', '/x', { signal: waiting.signal });
    const assertion = expect(during).rejects.toMatchObject({ kind: 'aborted' });
    await vi.advanceTimersByTimeAsync(10);
    waiting.abort();
    await assertion;
    expect(second.calls).toHaveLength(1);

    const already = new AbortController();
    already.abort();
    await expect(abortableSleep(10, already.signal)).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('turns a failure while reading the body into a network error', async () => {
    const broken = new Response(new ReadableStream({ start: (c) => c.error(new Error('reset')) }), { status: 200 });
    const { fetch } = scripted(broken);
    await expect(new Http('https://svc.test', KEY, { fetch, retry: { attempts: 1 } }).request('GET', '/x')).rejects.toMatchObject({ kind: 'network' });
  });

  it('removes the key from any message the server echoes back', async () => {
    const { fetch } = scripted(json(400, { message: `Bad header: Bearer ${KEY}` }));
    const error = await new Http('https://svc.test', KEY, { fetch }).request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Bad header: Bearer [hidden]');
  });

  it('removes the key from a message cut across it, and from the error code', async () => {
    // The message is cut at 300 characters, in the middle of the echoed key.
    const long = `${'x'.repeat(300 - 'Bearer '.length - 3)} Bearer ${KEY}`;
    // Written escaped in the JSON text (PHP's json_encode writes `/` as `\/`), it reads back whole.
    const slashed = 'pk/abc+def123==';
    const escaped = new Response(`{"message":"Invalid key ${slashed.replace('/', '\\/')}"}`, { status: 400, headers: { 'content-type': 'application/json' } });
    const { fetch } = scripted(json(400, { message: long }), json(400, { error: KEY }));
    const http = new Http('https://svc.test', KEY, { fetch, retry: { attempts: 1 } });
    const other = new Http('https://svc.test', slashed, { fetch: scripted(escaped).fetch, retry: { attempts: 1 } });
    const error = (await other.request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Invalid key [hidden]');
    // Escaped and across the cut at once: taken out once decoded, before the cut.
    const slashedLong = `${'x'.repeat(300 - ' Bad key: '.length - 12)} Bad key: ${slashed.replace('/', '\\/')}`;
    const both = new Response(`{"message":"${slashedLong}"}`, { status: 400, headers: { 'content-type': 'application/json' } });
    const cutError = (await new Http('https://svc.test', slashed, { fetch: scripted(both).fetch, retry: { attempts: 1 } }).request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(cutError.message).toMatch(/Bad key: \[hidden\]$/);
    expect(cutError.message).not.toContain('abc+def');
    for (let call = 0; call < 2; call++) {
      const error = (await http.request('GET', '/x').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      const said = JSON.stringify({ message: error.message, code: error.code });
      expect(said).not.toContain(KEY.slice(0, 4));
    }
  });

  it('removes the key from a 2xx answer too, written plainly or escaped', async () => {
    // A failure said in a 2xx (`{success: false, error}`) is turned into a message by the normalisers.
    const { fetch } = scripted(json(200, { success: false, error: `Token not allowed: Bearer ${KEY}` }), new Response(`Echo: ${KEY}`, { status: 200 }));
    const http = new Http('https://svc.test', KEY, { fetch });
    expect((await http.request('GET', '/x')).body).toEqual({ success: false, error: 'Token not allowed: Bearer [hidden]' });
    expect((await http.request('GET', '/x')).body).toBe('Echo: [hidden]');
    const slashed = 'pk/abc+def123==';
    const escaped = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    const other = new Http('https://svc.test', slashed, {
      fetch: scripted(escaped(`{"error":"Bad key pk\\/abc+def123==","n":12345678901234567890}`), escaped(`"pk\\u002fabc+def123=="`)).fetch,
    });
    expect((await other.request('GET', '/x')).body).toEqual({ error: 'Bad key [hidden]', n: '12345678901234567890' });
    expect((await other.request('GET', '/x')).body).toBe('[hidden]');
  });

  it('uses a default message when the error body says nothing', async () => {
    const { fetch } = scripted(new Response('<html>oops</html>', { status: 401, headers: { 'content-type': 'text/html' } }));
    await expect(new Http('https://svc.test', KEY, { fetch }).request('GET', '/x')).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'The service did not accept the API key.',
    });
  });

  describe('interactive calls (someone is waiting on screen)', () => {
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });

    it('are not sent while the browser is offline', async () => {
      const { fetch, calls } = scripted(json(200, {}));
      const http = new Http('https://svc.test', KEY, { fetch, online: () => false });
      await expect(http.request('GET', '/x', { interactive: true })).rejects.toMatchObject({ kind: 'network' });
      expect(calls).toHaveLength(0);
      // Background work still tries: the browser's guess may be wrong.
      await expect(http.request('GET', '/x')).resolves.toMatchObject({ status: 200 });
    });

    it('do not retry a refused connection', async () => {
      const { fetch, calls } = scripted(new TypeError('Failed to fetch'), json(200, {}));
      const http = new Http('https://svc.test', KEY, { fetch });
      await expect(http.request('GET', '/x', { interactive: true })).rejects.toMatchObject({ kind: 'network' });
      expect(calls).toHaveLength(1);
    });

    it('time out after a few seconds, once', async () => {
      const { fetch, calls } = scripted(hang, json(200, {}));
      const http = new Http('https://svc.test', KEY, { fetch });
      const pending = http.request('GET', '/x', { interactive: true });
      const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
      await vi.advanceTimersByTimeAsync(3999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await assertion;
      expect(calls).toHaveLength(1);
    });

    it('try a server error once more, quickly', async () => {
      const { fetch, calls } = scripted(json(503, {}), json(503, {}), json(200, {}));
      const http = new Http('https://svc.test', KEY, { fetch, random: () => 1 });
      const pending = http.request('GET', '/x', { interactive: true });
      const assertion = expect(pending).rejects.toMatchObject({ kind: 'server' });
      await vi.advanceTimersByTimeAsync(250);
      await assertion;
      expect(calls).toHaveLength(2);
    });

    it('hand a rate limit back at once, with its retry time', async () => {
      const { fetch, calls } = scripted(json(429, {}, { 'retry-after': '3' }), json(200, {}));
      const http = new Http('https://svc.test', KEY, { fetch });
      await expect(http.request('GET', '/x', { interactive: true })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000 });
      expect(calls).toHaveLength(1);
    });
  });
});
