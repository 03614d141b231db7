/**
 * A wait shorter than a day can still end on another day: a 20-hour quota ("Retry-After: 72000")
 * met at 14:00 ends at 10:00 tomorrow. Said "Retry can work at 10:00." on the upload's row (and
 * "Primer will ask again at 10:00." to screen readers), read at 14:05 it names a time already
 * past today: the user presses Retry and is refused again.
 */
import { afterAll, expect, it } from 'vitest';
import { waitEnds } from '@/lib/format/wait';
import { runnerAskingService, uploadRecord } from '../upload/helpers';

const previousTz = process.env.TZ;
process.env.TZ = 'Europe/London';
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

it('names the day of a wait under a day that ends tomorrow', () => {
  const start = new Date(2026, 10, 23, 14, 0).getTime();
  const waitMs = 20 * 60 * 60_000;
  const said = waitEnds(start + waitMs, waitMs, 'en-GB');
  // Not "at 10:00": that is this morning, gone already.
  expect(said).not.toBe('at 10:00');
  expect(said).toContain('24 Nov');
});

it('still says only the time of a wait that ends later the same day', () => {
  const start = new Date(2026, 10, 23, 9, 0).getTime();
  expect(waitEnds(start + 65 * 60_000, 65 * 60_000, 'en-GB')).toBe('at 10:05');
});

it("an upload stopped at 14:00 by a 20-hour quota says the day Retry can work, not only this morning's time", async () => {
  const now = new Date(2026, 10, 23, 14, 0).getTime();
  const runner = runnerAskingService(
    () => Promise.resolve(new Response('{"error":"Daily upload quota reached"}', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '72000' } })),
    () => now,
  );
  const stopped = await runner.run(uploadRecord());
  expect(stopped.error).toContain('Retry can work');
  expect(stopped.error).not.toMatch(/Retry can work at \d/);
});
