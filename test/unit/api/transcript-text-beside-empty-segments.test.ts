/**
 * A transcript reply with its text and an empty list of segments beside it (`{text, segments: []}`,
 * `{full_text, utterances: []}`: a service that made no timed or diarised segments, or was not
 * asked for them). The empty list was read as the transcript, so the panel said "The transcript
 * is empty." with the whole text in the reply; the text is the transcript.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => [segment.speaker, segment.text]);

it('shows the text beside an empty list of segments', () => {
  expect(read({ status: 'completed', text: 'Maya Chen: Thanks for joining.\nJo Park: Happy to be here.', segments: [] })).toEqual([
    ['Maya Chen', 'Thanks for joining.'],
    ['Jo Park', 'Happy to be here.'],
  ]);
  expect(read({ transcript: { full_text: 'Thanks for joining. Happy to be here.', utterances: [] } })).toEqual([[null, 'Thanks for joining. Happy to be here.']]);
});

it('still reads an empty list with no text beside it as an empty transcript', () => {
  expect(read({ status: 'completed', text: '', segments: [] })).toEqual([]);
  expect(read({ status: 'completed', segments: [] })).toEqual([]);
});
