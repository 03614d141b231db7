// @vitest-environment node
/**
 * A transcript asked for before it is made: many servers answer 202 Accepted (with a sentence, as
 * text or JSON), a 409 (the recording's state stands in the way) or a JSON body that says it is
 * still processing. That is "not yet", never a transcript (a text/plain sentence was shown as
 * what was said and kept for a week) nor a reply Primer does not understand.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { NOT_YET_CODE } from '@/lib/api/errors';

interface Reply {
  status?: number;
  body?: unknown;
  type?: string;
}

function serve(transcript: Reply) {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      const reply: Reply = url.pathname.endsWith('/transcript') ? transcript : { body: { id: 'r1', status: 'completed' } };
      const status = reply.status ?? 200;
      const text = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return Promise.resolve(new Response(text, { status, headers: { 'content-type': reply.type ?? 'application/json' } }));
    },
  });
  return client;
}

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
