// @vitest-environment node
/**
 * complete-upload refused with the server's validation status (Django REST's 400, FastAPI's
 * HTTPException(400), Rails' 422), not a 409. The recording's status decides, its whole word:
 * - a repeat after a lost answer (the service acted on the first call; its answer never arrived)
 *   refused "already completed" goes on for a recording whose file is there: queued, uploaded,
 *   waiting for processing, processing;
 * - a FIRST refusal (the file never landed) stands for a recording still waiting for its file,
 *   in the words said of one just made ("pending", "not_started", "waiting_for_upload"): the popup
 *   must not say it is on its way when it never is. It is sent once.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

/** A server whose recording r1 reads `status`; `loseFirstAnswer`: the first complete-upload acted on, its answer lost. */
function serve(status: string, refusal: { status: number; body: string }, loseFirstAnswer: boolean) {
  const calls: string[] = [];
  let completes = 0;
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/v2/recordings/r1') return Promise.resolve(Response.json({ id: 'r1', status, progress: 0 }));
      completes++;
      if (loseFirstAnswer && completes === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(refusal.body, { status: refusal.status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, calls };
}

const ALREADY = (status: number) => ({ status, body: '{"detail":"Upload already completed for this recording."}' });
const NO_FILE = (status: number) => ({ status, body: '{"detail":"No file has been uploaded for this recording."}' });

describe('a repeat after a lost answer, refused', () => {
  it.each([
    ['Django REST (400, a list)', { status: 400, body: '["Recording is already processing."]' }],
    ['FastAPI (400, detail)', { status: 400, body: '{"detail":"Upload already completed"}' }],
    ['Rails (422, errors)', { status: 422, body: '{"errors":["Recording has already been completed"]}' }],
  ])('by %s, for a recording processing: done', async (_, refusal) => {
    const { client, calls } = serve('processing', refusal, true);
    await expect(client.completeUpload('r1')).resolves.toBeUndefined();
    expect(calls).toEqual(['POST /api/v2/recordings/complete-upload', 'POST /api/v2/recordings/complete-upload', 'GET /api/v2/recordings/r1']);
  });

  it.each([
    ['queued', 400],
    ['enqueued', 422],
    ['uploaded', 400],
    ['upload_complete', 422],
    ['pending_processing', 400],
    ['waiting_for_processing', 422],
    ['scheduled_for_processing', 400],
  ])('for a recording reading "%s" (%i): done', async (status, refusal) => {
    const { client } = serve(status, ALREADY(refusal), true);
    await expect(client.completeUpload('r1')).resolves.toBeUndefined();
  });
});

describe('a first refusal', () => {
  it.each([
    ['pending', 400],
    ['not_started', 400],
    ['Not started', 422],
    ['waiting_for_upload', 400],
    ['pending_file', 422],
    ['Waiting for file', 400],
    ['queued_for_upload', 422],
  ])('for a new recording reading "%s" (%i): stands', async (status, refusal) => {
    const { client, calls } = serve(status, NO_FILE(refusal), false);
    await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'bad_request' });
    expect(calls.filter((call) => call.startsWith('POST '))).toHaveLength(1);
  });
});
