/**
 * Rev's transcript text: each turn under a line naming the speaker with the time in brackets and a
 * colon ("Speaker 1 (00:05):", "Maya Chen (01:02:03):"). Such a line was shown as a line of text
 * of its own, and the turn under it had no speaker and no time.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments;

it('reads "Name (mm:ss):" header lines as who speaks from when', () => {
  expect(read('Maya Chen (00:05):\nThanks for joining.\nLet us start.\n\nJo Park (00:12):\nHappy to be here.\n\nMaya Chen (01:02:03):\nSo, pricing.')).toEqual([
    { speaker: 'Maya Chen', start: 5, end: null, text: 'Thanks for joining. Let us start.' },
    { speaker: 'Jo Park', start: 12, end: null, text: 'Happy to be here.' },
    { speaker: 'Maya Chen', start: 3723, end: null, text: 'So, pricing.' },
  ]);
});

it('reads "Speaker 1 [00:05]:" alike', () => {
  expect(read('Speaker 1 [00:05]:\nHello.\nSpeaker 2 [00:09]:\nHi.')).toEqual([
    { speaker: 'Speaker 1', start: 5, end: null, text: 'Hello.' },
    { speaker: 'Speaker 2', start: 9, end: null, text: 'Hi.' },
  ]);
});
