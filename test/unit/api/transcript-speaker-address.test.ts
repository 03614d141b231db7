/**
 * A speaker the transcript names only by address (a meeting platform's `{id, email}`, or
 * `speaker_email` beside the words) is that address: their id shown instead ("u_1"), a
 * "Speaker 1" or no speaker at all hid who said it.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const speakers = (segments: object[]) => toTranscript({ segments }, 'r1').segments.map((segment) => segment.speaker);

it('names a speaker given by address only by that address', () => {
  expect(
    speakers([
      { text: 'Hello', speaker: { id: 'usr_8f3k2x', email: 'maya@example.com' } },
      { text: 'Hi', speaker: { id: 'u_1', email: 'dan@example.com' } },
      { text: 'Morning', participant: { email: 'lee@example.com' } },
      { text: 'Sorry I am late', speaker_email: 'priya@example.com' },
    ]),
  ).toEqual(['maya@example.com', 'dan@example.com', 'lee@example.com', 'priya@example.com']);
});

it('still names a speaker by name before their address', () => {
  expect(speakers([{ text: 'Hello', speaker: { name: 'Maya Chen', email: 'maya@example.com' } }, { text: 'Hi', speaker_name: 'Dan Brown', speaker_email: 'dan@example.com' }])).toEqual([
    'Maya Chen',
    'Dan Brown',
  ]);
});
