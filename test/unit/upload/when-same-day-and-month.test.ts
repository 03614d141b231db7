/**
 * Outlook writes an event's time with the date in digits ("Tue 5/5/2026 10:00 AM - 10:30 AM").
 * Day and month in doubt ("05/06/2026") are rightly not guessed; but when both are the same number
 * (1/1, 2/2 … 12/12) either order gives the same day, and nothing is in doubt. The upload form for
 * such a meeting (twelve days a year) started from now, saying it could not read the time.
 * (lib/format/dates.ts reads these: `first !== second`.)
 */
import { expect, it } from 'vitest';
import { parseWhen } from '@/lib/upload/draft';

const NOW = new Date(2026, 10, 22, 12, 0);

it.each([
  ['Tue 5/5/2026 10:00 AM - 10:30 AM', new Date(2026, 4, 5, 10, 0)],
  ['Wed 11/11/2026 2:00 PM - 3:00 PM', new Date(2026, 10, 11, 14, 0)],
  ['Sat 12.12.2026 09:00 - 10:00', new Date(2026, 11, 12, 9, 0)],
])('reads “%s”, whose day and month are the same number', (text, start) => {
  expect(parseWhen(text, NOW)).toBe(start.toISOString());
});

it('still reads no date whose day and month are in doubt', () => {
  expect(parseWhen('Tue 05/06/2026 10:00', NOW)).toBeNull();
});
