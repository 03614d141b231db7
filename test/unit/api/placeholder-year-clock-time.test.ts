/**
 * A due date in words with a 24-hour clock time written without its colon ("Friday 1700", "Fri
 * 0900 GMT") is kept as written, as "end of Q3" is: its four digits are a time, not a year, so it
 * is no placeholder date (a year outside 2000–2100). A placeholder written year last, with its day
 * and month ("1/1/0001 12:00:00 AM"), is still none.
 */
import { describe, expect, it } from 'vitest';
import { toActionItems } from '@/lib/api/normalise/action-items';

function dueOf(due: string): string | null {
  const [item] = toActionItems([{ text: 'Send the pricing sheet', status: 'open', due_date: due }], { pendingOnly: true });
  return item?.dueDate ?? null;
}

describe('a due date in words with a clock time written without a colon', () => {
  it.each(['Friday 1700', 'Fri 0900 GMT', 'Tuesday 1200 UTC'])('keeps “%s” as written', (due) => {
    expect(dueOf(due)).toBe(due);
  });

  it('still drops the placeholders the change was for', () => {
    expect(dueOf('1/1/0001 12:00:00 AM')).toBeNull();
    expect(dueOf('1/1/1970 12:00:00 AM')).toBeNull();
  });
});
