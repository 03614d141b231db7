// @vitest-environment node
/**
 * complete-upload refused with a 400 on its FIRST call (nothing was lost, nothing retried): the
 * service did not get the file (the PUT never landed, a size mismatch). Its new recording still
 * says "pending" (the word many services give a recording the presigned-url call created, read
 * as 'queued'). The upload must fail with the service's refusal, not go on as if processing began.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

it('does not take a first-time 400 refusal of complete-upload for success because the new recording is "pending"', async () => {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      // The recording as the presigned-url call created it: nothing uploaded yet.
      if (url.pathname === '/api/v2/recordings/r1') return Promise.resolve(Response.json({ id: 'r1', status: 'pending', progress: 0 }));
      return Promise.resolve(Response.json({ detail: 'No file has been uploaded for this recording.' }, { status: 400 }));
    },
  });
  await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'bad_request' });
  expect(calls.filter((call) => call.startsWith('POST '))).toHaveLength(1);
});
