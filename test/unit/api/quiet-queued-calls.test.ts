/**
 * Calls wait in the background's limiter for a slot. Once one call is answered 429 with a long
 * Retry-After, the calls still waiting are not sent when their slot comes: each fails as rate
 * limited with the wait left (or waits it out when short), and only the call that learned of the
 * limit reached the service. A 503 that says when the service is back holds them the same way,
 * for at most the longest wait a call makes: its Retry-After is a guess at the outage, not a quota.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Http, type FetchLike } from '@/lib/api/http';
import { createLimiter } from '@/lib/background/limiter';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('does not send calls queued in the limiter once the service asked for quiet', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    // The first call is answered only when we say; every call is told "429, wait two minutes".
    const reply = () => new Response('{}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '120' } });
    return sent.length === 1 ? new Promise((resolve) => (release = () => resolve(reply()))) : Promise.resolve(reply());
  };
  // One slot, as 6 of a 100-person batch: the others wait in the limiter.
  const gate = createLimiter(1);
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate });
  const calls = ['/a', '/b', '/c', '/d', '/e'].map((path) => http.request('GET', path).catch((error: unknown) => error));
  await vi.advanceTimersByTimeAsync(0);
  expect(sent).toEqual(['/a']);
  release();
  const errors = await Promise.all(calls);
  expect(errors.every((error) => (error as { kind?: string }).kind === 'rate_limited')).toBe(true);
  // Only the call that learned of the limit reached the service.
  expect(sent).toEqual(['/a']);
});

it('sends a queued call after a short quiet has passed', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    if (sent.length > 1) return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    return new Promise((resolve) => (release = () => resolve(new Response('{}', { status: 429, headers: { 'retry-after': '5' } }))));
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate: createLimiter(1) });
  const calls = ['/a', '/b'].map((path) => http.request('GET', path));
  await vi.advanceTimersByTimeAsync(0);
  release();
  await vi.advanceTimersByTimeAsync(4_000);
  expect(sent).toEqual(['/a']);
  await vi.advanceTimersByTimeAsync(1_500);
  await expect(Promise.all(calls)).resolves.toHaveLength(2);
  expect([...sent].sort()).toEqual(['/a', '/a', '/b']);
});

it('holds queued calls back while a 503 says when the service will be back, for at most 30 s, and says it is unavailable, not busy', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    const reply = () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '120' } });
    return sent.length === 1 ? new Promise((resolve) => (release = () => resolve(reply()))) : Promise.resolve(reply());
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate: createLimiter(1) });
  const calls = ['/a', '/b', '/c'].map((path) => http.request('GET', path).catch((error: unknown) => error));
  await vi.advanceTimersByTimeAsync(0);
  release();
  // Not sent while the service is away (its two minutes held to the 30 s a call waits at most).
  await vi.advanceTimersByTimeAsync(29_000);
  expect(sent).toEqual(['/a']);
  await vi.advanceTimersByTimeAsync(300_000);
  const errors = (await Promise.all(calls)) as { kind?: string; retryAfterMs?: number | null }[];
  expect(errors.map((error) => error.kind)).toEqual(['server', 'server', 'server']);
  // Each with when to try again, so the panel and the card can say it.
  expect(errors.every((error) => typeof error.retryAfterMs === 'number' && error.retryAfterMs > 0)).toBe(true);
  expect([...sent].sort()).toEqual(['/a', '/b', '/c']);
});

it('takes no quiet from a 500, whatever it says of retrying', async () => {
  const sent: string[] = [];
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    return Promise.resolve(new Response('{}', { status: 500, headers: { 'retry-after': '120' } }));
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate: createLimiter(1), retry: { attempts: 1 } });
  await Promise.all(['/a', '/b'].map((path) => http.request('GET', path).catch(() => undefined)));
  expect(sent).toEqual(['/a', '/b']);
});

it('sends a queued call after a short 503 quiet has passed, as after a 429', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    if (sent.length > 1) return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    return new Promise((resolve) => (release = () => resolve(new Response('{}', { status: 503, headers: { 'retry-after': '5' } }))));
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate: createLimiter(1) });
  const calls = ['/a', '/b'].map((path) => http.request('GET', path).then(() => 'ok', (error: unknown) => (error as { kind?: string }).kind));
  await vi.advanceTimersByTimeAsync(0);
  release();
  await vi.advanceTimersByTimeAsync(6_000);
  // Both are answered once the service is back: '/b' was never sent, so nothing stops a retry.
  await expect(Promise.all(calls)).resolves.toEqual(['ok', 'ok']);
  expect([...sent].sort()).toEqual(['/a', '/a', '/b']);
});

it('a queued POST the 503 quiet held back (never sent) is sent once the quiet is over, as after a 429', async () => {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const fetch: FetchLike = (url, init) => {
    sent.push(`${init?.method} ${new URL(url).pathname}`);
    if (sent.length > 1) return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    return new Promise((resolve) => (release = () => resolve(new Response('{}', { status: 503, headers: { 'retry-after': '5' } }))));
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, gate: createLimiter(1) });
  const first = http.request('GET', '/a').catch(() => 'failed');
  const post = http.request('POST', '/b', { body: {} }).then(() => 'ok', (error: unknown) => (error as { kind?: string }).kind);
  await vi.advanceTimersByTimeAsync(0);
  release();
  await vi.advanceTimersByTimeAsync(6_000);
  await first;
  await expect(post).resolves.toBe('ok');
});

it('a Try again two minutes after a 503 "Retry-After: 3600" still reaches the service', async () => {
  let calls = 0;
  const fetch: FetchLike = () => {
    calls += 1;
    if (calls === 1) return Promise.resolve(new Response('{}', { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '3600' } }));
    return Promise.resolve(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch });
  await expect(http.request('GET', '/api/v2/contacts/c1/insights', { interactive: true })).rejects.toMatchObject({ kind: 'server' });

  // The service is back; the user presses Try again in the panel.
  await vi.advanceTimersByTimeAsync(2 * 60_000);
  const again = await http.request('GET', '/api/v2/contacts/c1/insights', { interactive: true }).then(
    () => 'answered',
    (error: unknown) => `failed: ${(error as { kind?: string }).kind}`,
  );
  expect(again).toBe('answered');
  expect(calls).toBe(2);
});
