/**
 * A segment's `start` and `end` written as moments (Unix time in seconds or milliseconds, as a live
 * captioning pipeline stamps each line) are when the words were said, not how far into the
 * recording: read as offsets they put a half-hour meeting's first words 498,887 hours in. As for
 * a `timestamp` holding a moment, and times of day, they are not shown.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const times = (segments: object[]) => toTranscript({ segments }, 'r1').segments.map(({ start, end }) => [start, end]);

it('shows no time for a segment stamped with Unix time in seconds', () => {
  expect(times([{ text: 'Hello', start: 1795996800, end: 1795996805 }, { text: 'Hi', start: 1795996806.5, end: 1795996810 }])).toEqual([
    [null, null],
    [null, null],
  ]);
});

it('shows no time for one stamped with Unix time in milliseconds, under a key that says milliseconds too', () => {
  expect(times([{ text: 'Hello', start: 1795996800000, end: 1795996805000 }, { text: 'Hi', start: '1795996806000' }])).toEqual([
    [null, null],
    [null, null],
  ]);
  expect(times([{ text: 'Hello', start_ms: 1795996800000, end_ms: 1795996805000 }])).toEqual([[null, null]]);
});

it('still reads offsets, in seconds or milliseconds, of a long recording', () => {
  // Nine hours in milliseconds, and in seconds.
  expect(times([{ text: 'Hello', start: 32_400_000, end: 32_405_000 }, { text: 'Hi', start: 32_406_000, end: 32_410_000 }])).toEqual([
    [32_400, 32_405],
    [32_406, 32_410],
  ]);
  expect(times([{ text: 'Hello', start_ms: 32_400_000 }, { text: 'Hi', start: 32_406.5 }])).toEqual([
    [32_400, null],
    [32_406.5, null],
  ]);
});
