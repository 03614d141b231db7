/**
 * A 429 asks for a minute of quiet while the computer's clock is an hour fast; the user puts the
 * clock right. The quiet the service asked for (one minute) must not become an hour and a minute:
 * every call, the panel's included, was held back ("rate limited, ask again in 1 h 1 min") though
 * the service never asked for that.
 */
import { expect, it } from 'vitest';
import { Http, type FetchLike, type Quiet, type QuietStore } from '@/lib/api/http';

const HOUR = 3_600_000;

function service() {
  const sent: string[] = [];
  const fetch: FetchLike = (url) => {
    sent.push(new URL(url).pathname);
    return Promise.resolve(
      sent.length === 1
        ? new Response('{}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '60' } })
        : new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { sent, fetch };
}

it('a minute of quiet asked for while the clock was an hour fast is not an hour once the clock is put right (same worker)', async () => {
  const { fetch } = service();
  let clock = Date.UTC(2026, 10, 22, 13, 0); // an hour fast
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, now: () => clock, sleep: () => Promise.resolve() });
  await expect(http.request('GET', '/a', { interactive: true })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000 });
  // The clock is put right, a second later in real time.
  clock = clock - HOUR + 1_000;
  const error = await http.request('GET', '/b', { interactive: true }).then(
    () => null,
    (caught: unknown) => caught as { retryAfterMs: number | null },
  );
  // Either sent, or held back for what is left of the minute asked for: never for more than it.
  expect(error?.retryAfterMs ?? 0).toBeLessThanOrEqual(60_000);
});

it('the same quiet kept in storage for a restarted worker is not an hour either', async () => {
  const { fetch } = service();
  let kept: Quiet | number = 0;
  const quiet: QuietStore = { get: () => Promise.resolve(kept), set: (until, from) => Promise.resolve(void (kept = from === undefined ? until : { until, from })) };
  let clock = Date.UTC(2026, 10, 22, 13, 0);
  const first = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, now: () => clock, quiet, sleep: () => Promise.resolve() });
  await first.request('GET', '/a', { interactive: true }).catch(() => undefined);
  clock = clock - HOUR + 1_000;
  const restarted = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, now: () => clock, quiet, sleep: () => Promise.resolve() });
  const error = await restarted.request('GET', '/b', { interactive: true }).then(
    () => null,
    (caught: unknown) => caught as { retryAfterMs: number | null },
  );
  expect(error?.retryAfterMs ?? 0).toBeLessThanOrEqual(60_000);
});

it('the quiet held from the moment the clock was put right still ends: calls are sent once its minute is over', async () => {
  const { fetch, sent } = service();
  let clock = Date.UTC(2026, 10, 22, 13, 0);
  const http = new Http('https://svc.test', 'sk_live_abcdef123456', { fetch, now: () => clock, sleep: () => Promise.resolve() });
  await http.request('GET', '/a', { interactive: true }).catch(() => undefined);
  clock = clock - HOUR + 1_000;
  await http.request('GET', '/b', { interactive: true }).catch(() => undefined);
  clock += 61_000;
  await expect(http.request('GET', '/c', { interactive: true })).resolves.toMatchObject({ status: 200 });
  expect(sent).toEqual(['/a', '/c']);
});
