// @vitest-environment node
/**
 * complete-upload's answer is lost (the service acted on it), the client sends it again
 * (idempotent), and a Django REST / Rails service refuses the repeat with its validation status
 * (400 / 422) "already completed". A recording then reading "queued", "enqueued", "uploaded" or
 * "upload_complete" has its file and is on its way: the upload goes on, not failed at its last step.
 * (Only words said of a recording just made, like "pending", prove nothing: see
 * complete-upload-refused-first-time.test.ts.)
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

function lostAnswerThenRefused(status: string, refusal: number) {
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
      // The service acted on the first call; its answer never arrived.
      if (completes === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(Response.json({ detail: 'Upload already completed for this recording.' }, { status: refusal }));
    },
  });
  return { client, calls };
}

it.each([
  ['queued', 400],
  ['enqueued', 422],
  ['uploaded', 400],
  ['upload_complete', 422],
])('goes on when the repeat after a lost answer is refused and the recording reads "%s" (%i)', async (status, refusal) => {
  const { client, calls } = lostAnswerThenRefused(status, refusal);
  await expect(client.completeUpload('r1')).resolves.toBeUndefined();
  expect(calls).toEqual(['POST /api/v2/recordings/complete-upload', 'POST /api/v2/recordings/complete-upload', 'GET /api/v2/recordings/r1']);
});
