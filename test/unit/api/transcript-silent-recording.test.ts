// @vitest-environment node
/**
 * A finished recording in which nothing was said (a silent call) comes back as segments with no
 * words: Whisper's `{text: '', segments: [{start, end, text: ''}]}`. That is an empty transcript
 * ("The transcript is empty."), not a reply Primer does not understand; a list none of whose
 * entries looks like a segment at all still is.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

it('reads a finished recording whose segments are all blank as an empty transcript', () => {
  const whisper = { status: 'completed', text: '', segments: [{ id: 0, start: 0, end: 29.98, text: '' }] };
  expect(toTranscript(whisper, 'r1').segments).toEqual([]);
  expect(toTranscript([{ start: 0, end: 29.98, text: ' ' }], 'r1').segments).toEqual([]);
});

it('still takes a list of entries that are no segments for a reply it does not understand', () => {
  expect(() => toTranscript({ status: 'completed', segments: [{ hypotheses: [] }] }, 'r1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
});

it('still waits for a recording being processed whose segments are blank so far', () => {
  expect(() => toTranscript({ status: 'processing', segments: [{ start: 0, end: 1, text: '' }] }, 'r1')).toThrow(expect.objectContaining({ kind: 'not_found' }));
});
