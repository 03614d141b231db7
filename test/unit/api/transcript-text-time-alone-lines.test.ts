/**
 * A text transcript with times on lines of their own, as Google Meet's transcripts write one every
 * few minutes ("00:05:00" above "Maya Chen: …"). Such a line was read as a time and a text cut out
 * of it: a line "2" said at 0:01 for "00:00:12". It is the time of the line after it, and no line
 * of its own.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments;

it('times the line after a line holding only a time, and shows no line for it', () => {
  expect(read('Weekly sync - Transcript\n00:00:00\nMaya Chen: Hello there\nJo Park: Hi\n00:05:00\nMaya Chen: So, pricing')).toEqual([
    { speaker: null, start: null, end: null, text: 'Weekly sync - Transcript' },
    { speaker: 'Maya Chen', start: 0, end: null, text: 'Hello there' },
    { speaker: 'Jo Park', start: null, end: null, text: 'Hi' },
    { speaker: 'Maya Chen', start: 300, end: null, text: 'So, pricing' },
  ]);
});

it('reads a time alone in brackets alike', () => {
  expect(read('[00:00:12]\nMaya Chen: Hello there\n[00:00:15]\nJo Park: Hi')).toEqual([
    { speaker: 'Maya Chen', start: 12, end: null, text: 'Hello there' },
    { speaker: 'Jo Park', start: 15, end: null, text: 'Hi' },
  ]);
});
