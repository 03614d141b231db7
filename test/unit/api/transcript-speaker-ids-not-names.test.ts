/**
 * A segment that says who speaks only by an id (`speaker_id: "65a1b2c3d4e5f6a7b8c9d0e1"`, a Mongo
 * ObjectId; a cuid, a prefixed "usr_8f3k2x"; `speaker: {id: "contact_123"}`): the id is no
 * name to show. It was shown as the speaker's name, a string of letters and digits on every turn;
 * such speakers are numbered in order of first words, as UUIDs already were. A name under those
 * keys ("Maya Chen", Gong's speakerId) is still shown.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const speakers = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.speaker);

it('numbers speakers given only by an opaque id under speaker_id', () => {
  expect(
    speakers({
      segments: [
        { speaker_id: '65a1b2c3d4e5f6a7b8c9d0e1', start: 0, text: 'Hi' },
        { speaker_id: 'clh3k2x9w0000qz8g7b1c4d5e', start: 1, text: 'Hello' },
        { speaker_id: '65a1b2c3d4e5f6a7b8c9d0e1', start: 2, text: 'Shall we?' },
        { speakerId: 'usr_8f3k2x', start: 3, text: 'Yes' },
      ],
    }),
  ).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 3']);
});

it('numbers speakers given as an object with an id and no name, and names one with an address by it', () => {
  // The address says who it is (transcript-speaker-address.test.ts); the id alone does not.
  expect(speakers({ segments: [{ speaker: { id: 'contact_123', email: 'maya@x.test' }, text: 'Hi' }, { speaker: { id: 'contact_456' }, text: 'Yo' }, { speaker: { id: 'contact_789' }, text: 'Hey' }] })).toEqual([
    'maya@x.test',
    'Speaker 1',
    'Speaker 2',
  ]);
});

it('still shows a name under speakerId, and names beside ids', () => {
  expect(speakers({ segments: [{ speakerId: 'Maya Chen', text: 'Hi' }, { speaker_id: '65a1b2c3d4e5f6a7b8c9d0e1', speaker_name: 'Jo Park', text: 'Yo' }] })).toEqual(['Maya Chen', 'Jo Park']);
});
