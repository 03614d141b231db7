/**
 * Retry-After as an HTTP date in asctime form ("Thu Nov 12 10:02:00 2026"), one of the three
 * HTTP-date forms a recipient must accept (RFC 9110 §5.6.7), is GMT like the other two. Read by
 * the engine it was the reader's local time: in Los Angeles a two-minute wait became 8 h 2 min
 * ("asked again at 18:02"); east of UTC it was over already and Primer asked again at once.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';

import { afterAll, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/api/errors';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

const NOW = Date.parse('2026-11-12T10:00:00Z');

describe('Retry-After in asctime form', () => {
  it('is the same moment as the IMF-fixdate form', () => {
    expect(parseRetryAfter('Thu, 12 Nov 2026 10:02:00 GMT', NOW)).toBe(120_000);
    expect(parseRetryAfter('Thursday, 12-Nov-26 10:02:00 GMT', NOW)).toBe(120_000);
    expect(parseRetryAfter('Thu Nov 12 10:02:00 2026', NOW)).toBe(120_000);
  });

  it('is GMT with a day of one digit (space-padded) and sent twice', () => {
    expect(parseRetryAfter('Mon Nov  2 10:02:00 2026', Date.parse('2026-11-02T10:00:00Z'))).toBe(120_000);
    expect(parseRetryAfter('Thu Nov 12 10:02:00 2026, Thu Nov 12 10:02:00 2026', NOW)).toBe(120_000);
  });
});
