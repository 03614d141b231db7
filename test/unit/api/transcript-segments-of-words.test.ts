/**
 * A transcript whose segments hold their words or sentences, not a text (Recall.ai's meeting-bot
 * transcript, which services built on meeting bots pass on: `[{speaker, speaker_id, words: [{text,
 * start_timestamp, end_timestamp}]}]`, and its newer `participant` form with
 * `start_timestamp: {relative}`; Gong's `{speakerId, sentences: [{start, end, text}]}` in
 * milliseconds): each segment is its parts' text, from the first's start to the last's end.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

it('reads segments that hold only their words (Recall.ai)', () => {
  const recall = [
    { speaker: 'Maya Chen', speaker_id: 100, language: 'en', words: [{ text: 'Hello', start_timestamp: 0.5, end_timestamp: 0.9 }, { text: 'there.', start_timestamp: 0.9, end_timestamp: 1.2 }] },
    { speaker: 'Dan Brown', speaker_id: 200, language: 'en', words: [{ text: 'Hi.', start_timestamp: 2, end_timestamp: 2.3 }] },
  ];
  expect(toTranscript(recall, 'r1').segments.map(({ speaker, text }) => ({ speaker, text }))).toEqual([
    { speaker: 'Maya Chen', text: 'Hello there.' },
    { speaker: 'Dan Brown', text: 'Hi.' },
  ]);
  expect(toTranscript(recall, 'r1').segments.map(({ start, end }) => [start, end])).toEqual([[0.5, 1.2], [2, 2.3]]);
});

it('reads them in the participant form, with relative times', () => {
  const recall = [
    { participant: { id: 100, name: 'Maya Chen' }, words: [{ text: 'Hello', start_timestamp: { relative: 0.5 }, end_timestamp: { relative: 0.9 } }] },
  ];
  expect(toTranscript(recall, 'r1').segments).toEqual([{ speaker: 'Maya Chen', start: 0.5, end: 0.9, text: 'Hello' }]);
});

it('reads segments that hold their sentences (Gong), times in milliseconds', () => {
  const gong = {
    transcript: [
      { speakerId: 'Maya Chen', topic: 'Pricing', sentences: [{ start: 460_230, end: 462_343, text: 'Shall we look at pricing?' }, { start: 462_500, end: 465_000, text: 'Good.' }] },
      { speakerId: 'Dan Brown', topic: 'Pricing', sentences: [{ start: 466_000, end: 470_000, text: 'Yes.' }] },
    ],
  };
  expect(toTranscript(gong, 'r1').segments).toEqual([
    { speaker: 'Maya Chen', start: 460.23, end: 465, text: 'Shall we look at pricing? Good.' },
    { speaker: 'Dan Brown', start: 466, end: 470, text: 'Yes.' },
  ]);
});

it('names Gong’s numeric speaker ids as speakers in order, not as the long numbers', () => {
  const gong = {
    transcript: [
      { speakerId: '6432345678555530067', topic: 'Pricing', sentences: [{ start: 1_000, end: 2_000, text: 'Shall we look at pricing?' }] },
      { speakerId: '1122334455667788990', sentences: [{ start: 3_000, end: 4_000, text: 'Yes.' }] },
      { speakerId: '6432345678555530067', sentences: [{ start: 5_000, end: 6_000, text: 'Good.' }] },
    ],
  };
  expect(toTranscript(gong, 'r1').segments.map(({ speaker }) => speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
});
