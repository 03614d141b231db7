/**
 * AssemblyAI labels the voices it tells apart "A", "B", "C" (utterances and sentences alike). A
 * lone letter as a bare label names no one: it is shown in bold above the words, and a screen
 * reader may read it as the article ("a, Hello there"). Like "spk_a" and "SPEAKER_B", it is a
 * speaker label. A letter the service gives as someone's name beside its own label for the voice
 * (`{id: 'spk_0', name: 'J'}`, Rev.ai's `speaker: 0, speaker_name`), or in the transcript's list of
 * speakers, is that name: a person entered as "J" is shown as "J".
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const speakers = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.speaker);

it('names AssemblyAI’s lettered speakers as speakers, not as “A” and “B”', () => {
  const assemblyAi = {
    id: 'tr_1',
    status: 'completed',
    text: 'Hello there. Hi.',
    utterances: [
      { speaker: 'A', start: 250, end: 2000, confidence: 0.9, text: 'Hello there.', words: [] },
      { speaker: 'B', start: 2100, end: 3000, confidence: 0.9, text: 'Hi.', words: [] },
    ],
  };
  // "Speaker 1" or "Speaker A": either says it is a voice, not a name.
  expect(speakers(assemblyAi)).toEqual([expect.stringMatching(/^Speaker /), expect.stringMatching(/^Speaker /)]);
});

it('shows a one-letter name the service gives beside its own label for the voice', () => {
  expect(speakers({ segments: [{ speaker: { id: 'spk_0', name: 'J' }, text: 'Hi' }] })).toEqual(['J']);
  expect(speakers({ monologues: [{ speaker: 0, speaker_name: 'J', text: 'Hi' }, { speaker: 1, text: 'Yo' }] })).toEqual(['J', 'Speaker 2']);
});

it('shows a one-letter name from the transcript’s list of speakers', () => {
  expect(speakers({ speakers: [{ id: 'spk_0', name: 'J' }], segments: [{ speaker_id: 'spk_0', text: 'Hi' }] })).toEqual(['J']);
  expect(speakers({ speakers: { A: 'J' }, utterances: [{ speaker: 'A', text: 'Hi' }] })).toEqual(['J']);
});
