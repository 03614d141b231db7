/**
 * Subtitle-style transcripts whose cues are not parted by blank lines: one line per cue with its
 * text after the timing ("00:00:00.000 --> 00:00:05.000 Hello there"), or WebVTT/SRT cues written
 * one after another. All cues of such a block were read as one: the first cue's text was lost and
 * the later ones were shown as "00:00:05.000 --> 00:00:09.000 Hi" under the first cue's time.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments;

it('reads one cue a line, with its text after the timing', () => {
  expect(read('00:00:00.000 --> 00:00:05.000 Maya Chen: Hello there\n00:00:05.000 --> 00:00:09.000 Jo Park: Hi\n00:00:09.000 --> 00:00:12.500 Maya Chen: Shall we?')).toEqual([
    { speaker: 'Maya Chen', start: 0, end: 5, text: 'Hello there' },
    { speaker: 'Jo Park', start: 5, end: 9, text: 'Hi' },
    { speaker: 'Maya Chen', start: 9, end: 12.5, text: 'Shall we?' },
  ]);
});

it('reads WebVTT and SRT cues written without blank lines between them', () => {
  expect(read('WEBVTT\n00:00:00.000 --> 00:00:05.000\n<v Maya Chen>Hello\n00:00:05.000 --> 00:00:09.000\n<v Jo Park>Hi')).toEqual([
    { speaker: 'Maya Chen', start: 0, end: 5, text: 'Hello' },
    { speaker: 'Jo Park', start: 5, end: 9, text: 'Hi' },
  ]);
  expect(read('1\n00:00:00,000 --> 00:00:05,000\nHello there\n2\n00:00:05,000 --> 00:00:09,000\nHi')).toEqual([
    { speaker: null, start: 0, end: 5, text: 'Hello there' },
    { speaker: null, start: 5, end: 9, text: 'Hi' },
  ]);
});

it('does not take WebVTT cue settings after the timing for words', () => {
  expect(read('WEBVTT\n\n00:00:00.000 --> 00:00:05.000 align:start position:10%\nHello\n\n00:00:05.000 --> 00:00:09.000 line:0\nHi')).toEqual([
    { speaker: null, start: 0, end: 5, text: 'Hello' },
    { speaker: null, start: 5, end: 9, text: 'Hi' },
  ]);
});
