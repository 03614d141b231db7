/**
 * A transcript reply that lists who speaks beside the transcript object rather than inside it
 * (`{recording_id, speakers: [{id, name}], transcript: {segments}}`, or inside a `data` envelope
 * around both). The list was read only where the segments are, so every line said "Speaker 1",
 * "Speaker 2" instead of the names the service gave.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const speakers = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.speaker);
const segments = [
  { speaker: 'spk_0', start: 0, end: 2.5, text: 'Hi' },
  { speaker: 'spk_1', start: 2.5, end: 4, text: 'Hello' },
];
const named = [
  { id: 'spk_0', name: 'Maya Chen' },
  { id: 'spk_1', name: 'Jo Park' },
];

it('names speakers listed beside the transcript object', () => {
  expect(speakers({ recording_id: 'r1', speakers: named, transcript: { segments } })).toEqual(['Maya Chen', 'Jo Park']);
});

it('names speakers listed beside the transcript inside a data envelope', () => {
  expect(speakers({ data: { recording_id: 'r1', speakers: named, transcript: { segments } } })).toEqual(['Maya Chen', 'Jo Park']);
});

it('keeps a list inside the transcript before one beside it', () => {
  expect(speakers({ speakers: [{ id: 'spk_0', name: 'Someone Else' }], transcript: { speakers: named, segments } })).toEqual(['Maya Chen', 'Jo Park']);
});
