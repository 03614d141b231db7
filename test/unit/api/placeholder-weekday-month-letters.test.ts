/**
 * A weekday whose word starts with a month's letters (French "mardi", Spanish "martes") with a
 * clock time without its colon is kept as written, as "Friday 1700" is: only a whole month's word
 * ("Jan 1970", "January 0001") makes a year written last a placeholder.
 */
import { describe, expect, it } from 'vitest';
import { toActionItems } from '@/lib/api/normalise/action-items';

function dueOf(due: string): string | null {
  const [item] = toActionItems([{ text: 'Envoyer la grille tarifaire', status: 'open', due_date: due }], { pendingOnly: true });
  return item?.dueDate ?? null;
}

describe('a weekday starting with a month’s letters, with a clock time without its colon', () => {
  it.each(['mardi 1700', 'Martes 0900', 'Mardi 1700 UTC'])('keeps “%s” as written, as “Friday 1700” is', (due) => {
    expect(dueOf('Friday 1700')).toBe('Friday 1700');
    expect(dueOf(due)).toBe(due);
  });

  it('still drops the month-and-year placeholders', () => {
    expect(dueOf('Jan 1970')).toBeNull();
    expect(dueOf('January 0001')).toBeNull();
  });
});
