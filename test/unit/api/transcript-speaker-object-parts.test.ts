/**
 * A segment's speaker given as an object without a whole name: a Rails or Django serializer's
 * `{first_name, last_name}`. Every turn said "Speaker 1", "Speaker 2" although the reply named them.
 * (One known only by an id and an e-mail stays numbered: transcript-speaker-ids-not-names.test.ts.)
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (segments: unknown[]) => toTranscript({ segments }, 'r1').segments.map((segment) => segment.speaker);

it('names a speaker from first and last name', () => {
  expect(
    read([
      { speaker: { id: 'u1', first_name: 'Maya', last_name: 'Chen' }, start: 0, end: 2, text: 'Hello' },
      { speaker: { id: 'u2', firstName: 'Jo', lastName: 'Park' }, start: 2, end: 4, text: 'Hi' },
      { speaker: { id: 'u3', first_name: 'Cher' }, start: 4, end: 6, text: 'Hey' },
    ]),
  ).toEqual(['Maya Chen', 'Jo Park', 'Cher']);
});

it('a whole name still comes first', () => {
  expect(read([{ speaker: { name: 'Maya Chen', first_name: 'M', email: 'maya@example.com' }, start: 0, end: 2, text: 'Hello' }])).toEqual(['Maya Chen']);
});
