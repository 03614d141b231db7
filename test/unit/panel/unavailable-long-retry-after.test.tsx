/**
 * A 503 with `Retry-After: 3600` (a maintenance page's guess at the outage, not a quota). The
 * background holds its calls for 30 s at most and then asks the service again (lib/api/http.ts),
 * but the wait it handed back was the hour: the side panel said "You can try again in 60 min"
 * and held Try again that long, never retried by itself (past its 5-minute limit), and a briefing
 * shown from its last copy was asked for again in an hour. The wait said is the one held.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ProblemNotice } from '@/components/panel/states/ProblemNotice';
import { FreshnessNote } from '@/components/panel/states/FreshnessNote';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { Http } from '@/lib/api/http';
import { ApiError } from '@/lib/api/errors';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

/** A service in maintenance: every call answered 503, back "in an hour". */
function maintenance() {
  const calls: string[] = [];
  const http = new Http('https://svc.test', 'secret-key-0123456789', {
    fetch: (url) => {
      calls.push(url);
      return Promise.resolve(new Response(JSON.stringify({ message: 'Down for maintenance' }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '3600' } }));
    },
    now: () => Date.now(),
    online: () => true,
  });
  return { http, calls };
}

async function panelCall(http: Http): Promise<ApiError> {
  const failed = http.request('GET', '/api/v2/insights/contact/c1', { interactive: true }).catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(0);
  const error = await failed;
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

it('is said as unavailable for the moment, retried by the panel after 30 s, then Try again after 30 s', async () => {
  const { http, calls } = maintenance();
  const error = await panelCall(http);
  expect(error).toMatchObject({ kind: 'server', status: 503 });
  // The panel's query asks again by itself, once the background's hold is over.
  expect(shouldRetry(0, error)).toBe(true);
  expect(retryDelayFor(1, error)).toBe(30_000);
  await vi.advanceTimersByTimeAsync(30_000);
  const again = await panelCall(http);
  expect(calls).toHaveLength(2);
  // Still down after that retry: said so, with Try again once the hold is over, not in an hour.
  const retry = vi.fn();
  render(<ProblemNotice error={again} what="this briefing" onRetry={retry} />);
  await act(() => vi.advanceTimersByTimeAsync(10));
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service is unavailable for the moment. You can try again in 30 s.');
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  act(() => screen.getByRole('button', { name: 'Try again' }).click());
  expect(retry).toHaveBeenCalledOnce();
});

it('asks again for a briefing shown from its last copy after 30 s, not an hour', async () => {
  const { http } = maintenance();
  const error = await panelCall(http);
  render(<FreshnessNote asOf={Date.now() - 3_600_000} problem={error.toInfo()} updatedAt={Date.now()} onRetry={() => undefined} />);
  await act(() => vi.advanceTimersByTimeAsync(10));
  expect(screen.getByRole('status')).toHaveTextContent(/^The service is unavailable: showing the briefing as of .+ Primer will ask again in 30 s\.$/);
});

it('still hands a rate limit’s long wait back as said: a quota is not a guess', async () => {
  const http = new Http('https://svc.test', 'secret-key-0123456789', {
    fetch: () => Promise.resolve(new Response('{}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '3600' } })),
    now: () => Date.now(),
    online: () => true,
  });
  expect(await panelCall(http)).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000 });
});
