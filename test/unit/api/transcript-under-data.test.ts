/**
 * A transcript nested under `data` in the two forms not read before: the text itself as `data`
 * (`{status: "success", data: "Maya Chen: …"}`, JSend and other envelopes), and the segment list
 * as the transcript object's `data` (`{transcript: {data: […]}}`). Both were refused as "missing
 * the transcript text", with Try again offered for an answer that would never change.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => [segment.speaker, segment.start, segment.text]);

it('reads the text given as `data`', () => {
  expect(read({ status: 'success', data: 'Maya Chen: Thanks for joining.\nJo Park: Happy to be here.' })).toEqual([
    ['Maya Chen', null, 'Thanks for joining.'],
    ['Jo Park', null, 'Happy to be here.'],
  ]);
});

it('reads the segments given as the transcript’s `data`', () => {
  expect(read({ recording_id: 'r1', transcript: { data: [{ speaker: 'Maya Chen', start: 1, text: 'Hi' }, { speaker: 'Jo Park', start: 2.5, text: 'Hello' }] } })).toEqual([
    ['Maya Chen', 1, 'Hi'],
    ['Jo Park', 2.5, 'Hello'],
  ]);
});

it('still says "not yet" for a `data` of null while the recording is processed', () => {
  expect(() => toTranscript({ status: 'processing', data: null }, 'r1')).toThrow(expect.objectContaining({ kind: 'not_found' }));
});
