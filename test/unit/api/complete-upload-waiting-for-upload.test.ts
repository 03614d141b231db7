// @vitest-environment node
/**
 * complete-upload refused with a 400/422 on its FIRST call (the file never landed). A new
 * recording whose status names the wait for its file in more words than one ("waiting_for_upload",
 * "pending_file", "queued_for_upload") proves nothing: the refusal stands, rather than the popup
 * saying the recording is on its way when it never is.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

it.each([
  ['waiting_for_upload', 400],
  ['pending_file', 422],
  ['Waiting for file', 400],
  ['queued_for_upload', 422],
])('does not take a first-time refusal for success when the new recording reads "%s" (%i)', async (status, refusal) => {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/v2/recordings/r1') return Promise.resolve(Response.json({ id: 'r1', status, progress: 0 }));
      return Promise.resolve(Response.json({ detail: 'No file has been uploaded for this recording.' }, { status: refusal }));
    },
  });
  await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'bad_request' });
  expect(calls.filter((call) => call.startsWith('POST '))).toHaveLength(1);
});
