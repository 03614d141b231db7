// @vitest-environment node
/**
 * Retry-After sent twice (the application's and a gateway's: Kong, Traefik, an nginx `add_header`)
 * reaches fetch's Headers joined as "5, 5". Date.parse reads "5, 5" as 5 May 2001, a date long
 * past: the wait becomes 0, and the client asks again at once instead of after 5 s.
 */
import { expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/api/errors';
import { Http } from '@/lib/api/http';

it('reads a repeated Retry-After as its seconds, not as a date in 2001', () => {
  const now = Date.parse('2026-05-19T10:00:00Z');
  expect(parseRetryAfter('5, 5', now)).toBe(5000);
});

it('waits the service’s 5 s before asking again when Retry-After came twice', async () => {
  const waits: number[] = [];
  let calls = 0;
  let clock = Date.parse('2026-05-19T10:00:00Z');
  const http = new Http('https://api.test', 'secret-key', {
    sleep: (ms) => {
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    random: () => 0.5,
    now: () => clock,
    online: () => true,
    fetch: () => {
      calls++;
      const headers = new Headers({ 'content-type': 'application/json' });
      headers.append('retry-after', '5');
      headers.append('retry-after', '5');
      return Promise.resolve(calls === 1 ? new Response('{"detail":"Too many requests"}', { status: 429, headers }) : Response.json({ items: [] }));
    },
  });
  await http.request('GET', '/api/v2/contacts');
  expect(waits).toEqual([5000]);
});
