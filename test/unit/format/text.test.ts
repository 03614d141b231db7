import { describe, expect, it } from 'vitest';
import { calendarWhen, rangesApart, SERVER_TEXT_MAX, serverText } from '@/lib/format/text';

describe('serverText', () => {
  it('puts a service’s message on one line, and blank as missing', () => {
    expect(serverText('  Audio could not\n\n\tbe decoded  ')).toBe('Audio could not be decoded');
    expect(serverText(' \n ')).toBeNull();
    expect(serverText(null)).toBeNull();
  });

  it('cuts a long message to the limit with an ellipsis, never through a character', () => {
    const long = `Traceback (most recent call last):\n${'  File "worker.py", line 12, in run\n'.repeat(40)}`;
    const shown = serverText(long)!;
    expect(Array.from(shown)).toHaveLength(SERVER_TEXT_MAX);
    expect(shown).toMatch(/^Traceback \(most recent call last\): File "worker\.py".*…$/);
    expect(shown).not.toMatch(/\s{2}|\n/);
    expect(serverText('x'.repeat(SERVER_TEXT_MAX))).toBe('x'.repeat(SERVER_TEXT_MAX));
    // 😀 is two UTF-16 units: cut by character, not in half.
    expect(serverText('😀'.repeat(300), 5)).toBe('😀😀😀😀…');
  });
});

describe('calendarWhen', () => {
  it('spaces out the bare "⋅" Google Calendar puts between the date and the time', () => {
    expect(calendarWhen('Tuesday, May 19, 2026⋅10:00 – 10:45am')).toBe('Tuesday, May 19, 2026 · 10:00 – 10:45am');
    expect(calendarWhen('Friday, May 22 ⋅ 4:00 – 5:00pm')).toBe('Friday, May 22 · 4:00 – 5:00pm');
  });

  it('leaves other calendars’ text as written; blank as missing', () => {
    expect(calendarWhen('Thu 5/21/2026 2:00 PM - 3:00 PM')).toBe('Thu 5/21/2026 2:00 PM - 3:00 PM');
    expect(calendarWhen('  ')).toBeNull();
    expect(calendarWhen(null)).toBeNull();
  });
});

describe('rangesApart', () => {
  it('sets apart the time ranges, to be kept on one line', () => {
    expect(rangesApart('Tuesday, May 19, 2026 · 10:00 – 10:45am')).toEqual([
      { text: 'Tuesday, May 19, 2026 · ', range: false },
      { text: '10:00 – 10:45am', range: true },
    ]);
    expect(rangesApart('Thursday, May 21, 2026')).toEqual([{ text: 'Thursday, May 21, 2026', range: false }]);
  });
});
