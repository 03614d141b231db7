// @vitest-environment node
/**
 * A transcript asked for before it is made: many servers answer 202 Accepted (with a sentence, as
 * text or JSON), a 409 (the recording's state stands in the way) or a JSON body that says it is
 * still processing. That is "not yet", never a transcript (a text/plain sentence was shown as
 * what was said and kept for a week) nor a reply Primer does not understand.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { NOT_YET_CODE } from '@/lib/api/errors';

interface Reply {
  status?: number;
  body?: unknown;
  type?: string;
}

/** The transcript answered with `transcript`; the recording itself is completed. */
const serve = (transcript: Reply) =>
  servedClient((url) => (url.pathname.endsWith('/transcript') ? reply(transcript.status ?? 200, transcript.body, transcript.type) : reply(200, { id: 'r1', status: 'completed' })));

describe('a transcript not made yet', () => {
  it.each([
    ['202 with a sentence as text', { status: 202, body: 'Transcript is being generated. Try again later.', type: 'text/plain' }],
    ['202 with a JSON message', { status: 202, body: { message: 'Transcript is still being generated' } }],
    ['200 saying it is processing, with a message', { body: { recording_id: 'r1', status: 'processing', message: 'Transcript not ready yet' } }],
    ['409 saying the recording is still being processed', { status: 409, body: { detail: 'Recording is still processing' } }],
  ] as [string, Reply][])('is “not yet” for %s', async (_what, reply) => {
    await expect(serve(reply).getTranscript('r1')).rejects.toMatchObject({ kind: 'not_found', code: NOT_YET_CODE });
  });
});
