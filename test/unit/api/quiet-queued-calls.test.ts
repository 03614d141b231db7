/**
 * Calls wait in the background's limiter for a slot. Once one call is answered 429 with a long
 * Retry-After, the calls still waiting are not sent when their slot comes: each fails as rate
 * limited with the wait left (or waits it out when short), and only the call that learned of the
 * limit reached the service.
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

it('holds queued calls back while a 503 says when the service will be back, and says it is unavailable, not busy', async () => {
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
  const errors = (await Promise.all(calls)) as { kind?: string; retryAfterMs?: number | null }[];
  expect(errors.map((error) => error.kind)).toEqual(['server', 'server', 'server']);
  // Each with what is left of the wait, so the panel and the card can say when to try again.
  expect(errors.every((error) => typeof error.retryAfterMs === 'number' && error.retryAfterMs > 100_000)).toBe(true);
  expect(sent).toEqual(['/a']);
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
