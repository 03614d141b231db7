import { describe, expect, it } from 'vitest';
import { waitEnds, waitLeft } from '@/lib/format/wait';

describe('waitLeft', () => {
  it('counts seconds under a minute, then minutes (rounded up), then hours and minutes', () => {
    expect(waitLeft(0)).toBe('0 s');
    expect(waitLeft(45)).toBe('45 s');
    expect(waitLeft(60)).toBe('1 min');
    expect(waitLeft(61)).toBe('2 min');
    expect(waitLeft(119)).toBe('2 min');
    expect(waitLeft(3599)).toBe('1 h');
    expect(waitLeft(3600)).toBe('1 h');
    expect(waitLeft(3601)).toBe('1 h 1 min');
    expect(waitLeft(3900)).toBe('1 h 5 min');
    expect(waitLeft(26 * 3600)).toBe('26 h');
  });
});

describe('waitEnds', () => {
  const deadline = new Date(2026, 10, 23, 10, 42).getTime();

  it('says a short wait loosely, a longer one by the clock, one of a day or more with its day', () => {
    expect(waitEnds(deadline, 5000, 'en-GB')).toBe('within a minute');
    expect(waitEnds(deadline, 65 * 60_000, 'en-GB')).toBe('at 10:42');
    expect(waitEnds(deadline, 30 * 60 * 60_000, 'en-GB')).toBe('on 23 Nov, 10:42');
  });

  it('says the year of a wait that ends in the next one', () => {
    expect(waitEnds(new Date(2027, 0, 1, 10, 42).getTime(), 30 * 60 * 60_000, 'en-GB')).toBe('on 1 Jan 2027, 10:42');
  });
});
