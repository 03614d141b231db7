/**
 * A due date written as the last second of its day ("2026-11-30T23:59:59Z", Date#endOf('day') in
 * UTC, .NET's `date.AddDays(1).AddTicks(-1)`) is the day itself, as midnight (at any offset)
 * already is for due dates: east of UTC, in Tokyo, it is not shown a day late ("1 Dec") nor
 * overdue a day late. Any other date keeps its moment.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'Asia/Tokyo';

import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDueDate, isOverdue } from '@/lib/format/dates';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

// Noon on 1 Dec 2026 in Tokyo: the day after the item was due.
const NOW = new Date('2026-12-01T12:00:00+09:00');

describe('a due date at the end of its day in UTC', () => {
  it('is the same day as midnight UTC of that date', () => {
    expect(formatDueDate('2026-11-30T00:00:00Z', 'en-GB')).toBe('30 Nov 2026');
    for (const end of ['2026-11-30T23:59:59Z', '2026-11-30T23:59:59.999Z', '2026-11-30T23:59:59.9999999Z']) {
      expect(formatDueDate(end, 'en-GB'), end).toBe('30 Nov 2026');
    }
    // The end of the day in the server's own zone, as midnight there is.
    expect(formatDueDate('2026-11-30T23:59:59.999+01:00', 'en-GB')).toBe('30 Nov 2026');
  });

  it('stays a moment when it is not a due date, or not the last second', () => {
    expect(formatDate('2026-11-30T23:59:59Z', 'en-GB')).toBe('1 Dec 2026');
    expect(formatDueDate('2026-11-30T23:59:58Z', 'en-GB')).toBe('1 Dec 2026');
  });

  it('is overdue the next day, as an item due on 30 Nov is', () => {
    expect(isOverdue('2026-11-30', NOW)).toBe(true);
    expect(isOverdue('2026-11-30T23:59:59Z', NOW)).toBe(true);
  });
});
