/**
 * A text transcript whose lines start with a time range, as Whisper's command line prints them
 * ("[00:00.000 --> 00:05.000] text") and many exports write them ("[00:01:05 - 00:01:09] Maya:
 * Hello"): the line's start and end, and its speaker. The range was read as a start followed by
 * text, so each line showed "-> 00:00:05.000] …" or "00:01:09] Maya: Hello" with no speaker.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments;

it('reads Whisper’s "[start --> end]" lines', () => {
  expect(read('[00:00.000 --> 00:05.000] Thanks for joining.\n[00:05.000 --> 00:09.500] Happy to be here.')).toEqual([
    { speaker: null, start: 0, end: 5, text: 'Thanks for joining.' },
    { speaker: null, start: 5, end: 9.5, text: 'Happy to be here.' },
  ]);
});

it('reads "[start - end] Speaker: text" lines with their speakers', () => {
  expect(read('[00:01:05 - 00:01:09] Maya Chen: Hello\n[00:01:09 - 00:01:12] Jo Park: Hi\n[00:01:12 - 00:01:20] Maya Chen: Shall we start?')).toEqual([
    { speaker: 'Maya Chen', start: 65, end: 69, text: 'Hello' },
    { speaker: 'Jo Park', start: 69, end: 72, text: 'Hi' },
    { speaker: 'Maya Chen', start: 72, end: 80, text: 'Shall we start?' },
  ]);
});

it('reads a diarised Whisper line with its speaker', () => {
  expect(read('[00:00:00.000 --> 00:00:04.000] SPEAKER_00: Hello\n[00:00:04.000 --> 00:00:07.000] SPEAKER_01: Hi')).toEqual([
    { speaker: 'Speaker 1', start: 0, end: 4, text: 'Hello' },
    { speaker: 'Speaker 2', start: 4, end: 7, text: 'Hi' },
  ]);
});

it('still reads a line with a start alone, and a dash after it', () => {
  expect(read('[00:01:05] - Maya: Hello\n00:01:09 - Jo: Hi')).toEqual([
    { speaker: 'Maya', start: 65, end: null, text: 'Hello' },
    { speaker: 'Jo', start: 69, end: null, text: 'Hi' },
  ]);
});
