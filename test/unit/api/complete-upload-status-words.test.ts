// @vitest-environment node
/**
 * complete-upload refused with a 400/422: the recording's whole status word decides. "not_started"
 * (said of a recording just made) proves nothing, so a first refusal stands; words naming the wait
 * for processing ("pending_processing", "waiting_for_processing", "scheduled_for_processing": the
 * file is there) prove the completion was taken, so a repeat refused after a lost answer goes on.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

function serve(status: string, refusal: number, loseFirstAnswer: boolean) {
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
      return Promise.resolve(Response.json({ detail: loseFirstAnswer ? 'Upload already completed.' : 'No file has been uploaded for this recording.' }, { status: refusal }));
    },
  });
  return { client, calls };
}

it.each([
  ['not_started', 400],
  ['Not started', 422],
])('a first-time refusal stands when the new recording reads "%s" (%i)', async (status, refusal) => {
  const { client } = serve(status, refusal, false);
  await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'bad_request' });
});

it.each([
  ['pending_processing', 400],
  ['waiting_for_processing', 422],
  ['scheduled_for_processing', 400],
])('goes on when the repeat after a lost answer is refused and the recording reads "%s" (%i)', async (status, refusal) => {
  const { client } = serve(status, refusal, true);
  await expect(client.completeUpload('r1')).resolves.toBeUndefined();
});
