/**
 * A due date at the last second of its day is that day whatever fraction follows: "…T23:59:59.000Z"
 * as JSON.stringify writes a Date (Node, Prisma, Sequelize), and a due date sent as epoch seconds
 * (`moment().endOf('day').unix()`, PHP's strtotime('tomorrow') - 1), which the normaliser writes
 * with ".000Z". East of UTC, in Tokyo, it is not shown a day late ("1 Dec") nor overdue a day
 * late, as midnight sent the same way is not.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'Asia/Tokyo';

import { afterAll, describe, expect, it } from 'vitest';
import { toActionItems } from '@/lib/api/normalise/action-items';
import { formatDueDate, isOverdue } from '@/lib/format/dates';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

const END_OF_30_NOV_UTC = Date.UTC(2026, 10, 30, 23, 59, 59) / 1000;
const MIDNIGHT_30_NOV_UTC = Date.UTC(2026, 10, 30) / 1000;

function dueOf(due: unknown): string | null {
  const [item] = toActionItems([{ text: 'Send the pricing sheet', status: 'open', due_date: due }], { pendingOnly: true });
  return item?.dueDate ?? null;
}

describe('a due date at the end of its day, with whole milliseconds', () => {
  it('is that day when written by JSON.stringify(new Date(…)) (Node, Prisma, Sequelize: always ".000Z")', () => {
    expect(formatDueDate('2026-11-30T00:00:00.000Z', 'en-GB')).toBe('30 Nov 2026');
    expect(formatDueDate('2026-11-30T23:59:59.000Z', 'en-GB')).toBe('30 Nov 2026');
  });
});

describe('a due date at the end of its day, sent as epoch seconds', () => {
  it('is that day, as midnight sent the same way is', () => {
    expect(formatDueDate(dueOf(MIDNIGHT_30_NOV_UTC), 'en-GB')).toBe('30 Nov 2026');
    expect(dueOf(END_OF_30_NOV_UTC)).toBe('2026-11-30T23:59:59.000Z');
    expect(formatDueDate(dueOf(END_OF_30_NOV_UTC), 'en-GB')).toBe('30 Nov 2026');
  });

  it('is overdue on 1 Dec in Tokyo', () => {
    expect(isOverdue(dueOf(END_OF_30_NOV_UTC), new Date('2026-12-01T12:00:00+09:00'))).toBe(true);
  });
});
