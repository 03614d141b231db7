// @vitest-environment node
/**
 * A header sent twice (the application's and a gateway's) reaches Headers joined with ", ": a
 * Retry-After date (whose own text holds a comma) and a rate-limit reset sent twice name the wait
 * their first copy names, not none at all (no countdown, and the client's own retry too soon).
 */
import { expect, it } from 'vitest';
import { parseRateLimitReset, parseRetryAfter } from '@/lib/api/errors';

const NOW = Date.parse('2026-11-12T10:00:00Z');

it('reads a Retry-After date sent twice as the wait it names', () => {
  const date = 'Thu, 12 Nov 2026 10:02:00 GMT';
  expect(parseRetryAfter(date, NOW)).toBe(120_000);
  expect(parseRetryAfter(`${date}, ${date}`, NOW)).toBe(120_000);
});

it('reads a rate-limit reset sent twice as the wait it names', () => {
  expect(parseRateLimitReset('60', NOW)).toBe(60_000);
  expect(parseRateLimitReset('60, 60', NOW)).toBe(60_000);
});
