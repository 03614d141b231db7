/**
 * AssemblyAI labels the voices it tells apart "A", "B", "C" (utterances and sentences alike). A
 * lone letter names no one: it is shown in bold above the words, and a screen reader may read it
 * as the article ("a, Hello there"). Like "spk_a" and "SPEAKER_B", it is a speaker label.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

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
  expect(toTranscript(assemblyAi, 'r1').segments.map((segment) => segment.speaker)).toEqual([expect.stringMatching(/^Speaker /), expect.stringMatching(/^Speaker /)]);
});
