/**
 * A transcript that says it is another recording's (a server's cache keyed wrongly, a proxy mixing
 * replies up) must not be shown as this meeting's: someone else's words under this title. The
 * insights of a recording are already refused in that case (insights.ts ownerOf); the transcript
 * is held to the same rule. A reply naming no recording, or this one in another form, is read.
 */
import { describe, expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise/transcripts';
import { transcriptError } from '../support/transcript-error';

const segments = [{ speaker: 'Maya Chen', start: 1, end: 4, text: 'Hello' }];

describe('a transcript that names another recording', () => {
  it.each([
    ['beside the segments', { recording_id: 'rec_2', segments }],
    ['in camelCase', { recordingId: 'rec_2', segments }],
    ['around the transcript object', { recording_id: 'rec_2', transcript: { segments } }],
    ['in an envelope', { data: { recording_id: 'rec_2', transcript: { segments } } }],
    ['beside plain text', { recording_id: 'rec_2', text: 'Maya: Hello' }],
  ])('is refused (%s)', (_where, raw) => {
    const error = transcriptError(raw);
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toMatch(/another recording/);
  });

  it('one naming this recording, or none, is read', () => {
    expect(toTranscript({ recording_id: 'rec_1', segments }, 'rec_1').segments).toHaveLength(1);
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(toTranscript({ recording_id: uuid.toUpperCase(), transcript: { segments } }, uuid).segments).toHaveLength(1);
    expect(toTranscript({ segments }, 'rec_1').segments).toHaveLength(1);
    expect(toTranscript({ data: { transcript: { segments } } }, 'rec_1').recordingId).toBe('rec_1');
  });
});
