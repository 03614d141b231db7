/**
 * A segment's time under `timestamp` (or `time`) written as a number: seconds or milliseconds into
 * the recording (`{speaker, timestamp: 65.2, text}`, the usual hand-made transcript JSON with a
 * number instead of a clock). They were dropped as if they were moments, so the transcript showed
 * no times at all. A number that is a moment (epoch seconds or milliseconds) still is not shown.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const starts = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => [segment.speaker, segment.start]);

it('reads seconds under "timestamp" or "time"', () => {
  expect(
    starts({
      segments: [
        { speaker: 'Maya Chen', timestamp: 1.5, text: 'Hi' },
        { speaker: 'Jo Park', timestamp: 4.25, text: 'Hello' },
        { speaker: 'Maya Chen', time: 65, text: 'So, pricing' },
      ],
    }),
  ).toEqual([
    ['Maya Chen', 1.5],
    ['Jo Park', 4.25],
    ['Maya Chen', 65],
  ]);
});

it('reads whole seconds under "timestamp", and seconds written as text', () => {
  expect(starts({ transcript: [{ speaker_name: 'Maya Chen', timestamp: 5, text: 'Hi' }, { speaker_name: 'Jo Park', timestamp: '9', text: 'Hello' }, { speaker_name: 'Maya Chen', timestamp: 14, text: 'So' }] })).toEqual([
    ['Maya Chen', 5],
    ['Jo Park', 9],
    ['Maya Chen', 14],
  ]);
});

it('reads milliseconds under "timestamp" as the series shows them (not 1000 times too late)', () => {
  expect(starts({ segments: [{ speaker: 'Maya Chen', timestamp: 0, text: 'Hi' }, { speaker: 'Jo Park', timestamp: 65_000, text: 'Hello' }, { speaker: 'Maya Chen', timestamp: 130_000, text: 'So' }] })).toEqual([
    ['Maya Chen', 0],
    ['Jo Park', 65],
    ['Maya Chen', 130],
  ]);
});

it('still shows no time for a moment under "timestamp" (epoch seconds or milliseconds)', () => {
  expect(starts({ segments: [{ speaker: 'Maya Chen', timestamp: 1_762_941_600, text: 'Hi' }, { speaker: 'Jo Park', timestamp: 1_762_941_605_000, text: 'Hello' }] })).toEqual([
    ['Maya Chen', null],
    ['Jo Park', null],
  ]);
});
