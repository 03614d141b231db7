/**
 * Rev's and Descript's text with the speaker, time and words on one line ("Maya Chen (00:01:05):
 * Hello", "Speaker 1 [00:05]: Hi"). The label's colon sits inside the time, so the line was read
 * as text alone: "Maya Chen (00:01:05): Hello" shown whole, without a speaker or a time.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments;

it('reads "Name (hh:mm:ss): words" as who speaks, from when', () => {
  expect(read('Maya Chen (00:01:05): Thanks for joining.\nJo Park (00:01:09): Happy to be here.\nMaya Chen (01:02:03): So, pricing.')).toEqual([
    { speaker: 'Maya Chen', start: 65, end: null, text: 'Thanks for joining.' },
    { speaker: 'Jo Park', start: 69, end: null, text: 'Happy to be here.' },
    { speaker: 'Maya Chen', start: 3723, end: null, text: 'So, pricing.' },
  ]);
});

it('reads "Speaker 1 [00:05]: words" alike', () => {
  expect(read('Speaker 1 [00:05]: Hello.\nSpeaker 2 [00:09]: Hi.')).toEqual([
    { speaker: 'Speaker 1', start: 5, end: null, text: 'Hello.' },
    { speaker: 'Speaker 2', start: 9, end: null, text: 'Hi.' },
  ]);
});

it('a sentence with a time in brackets is still text', () => {
  const segments = read('We start at the top (10:30): agenda first.\nThen the budget.');
  expect(segments.map((segment) => segment.speaker)).toEqual([null, null]);
  expect(segments[0]?.text).toBe('We start at the top (10:30): agenda first.');
});
