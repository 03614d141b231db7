// @vitest-environment node
/**
 * complete-upload is retried by the HTTP layer (marking an upload complete twice changes nothing).
 * When the first call's answer is lost after the service acted on it, the repeat can be refused
 * with 404 by a service that looks the recording up among uploads still pending ("No pending upload
 * for this recording"). The recording is asked for then, as after a 409/400/422: one processing was
 * completed, and the upload is not called gone (which would tell the user to upload the file again).
 * A 404 whose recording cannot be read, or still waits for its file, stays the recording gone.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api/errors';
import { ServiceClient } from '@/lib/api/client';

/** `recording`: what GET of recording r1 answers (the status it reads, or a 404: none). */
function serve(recording: { status: string } | 404 = { status: 'processing' }) {
  const calls: string[] = [];
  let completes = 0;
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/v2/recordings/r1') {
        return Promise.resolve(recording === 404 ? Response.json({ detail: 'Not found.' }, { status: 404 }) : Response.json({ id: 'r1', status: recording.status, progress: 10 }));
      }
      completes++;
      // The first call reached the service, which started processing; its answer was lost.
      if (completes === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(Response.json({ detail: 'No pending upload for this recording.' }, { status: 404 }));
    },
  });
  return { client, calls };
}

describe('complete-upload repeated after a lost answer, refused with 404', () => {
  it('finds the recording on its way rather than calling it gone', async () => {
    const { client, calls } = serve();
    await expect(client.completeUpload('r1')).resolves.toBeUndefined();
    expect(calls).toContain('GET /api/v2/recordings/r1');
  });

  it.each([
    ['cannot be read (404 too)', 404 as const],
    ['still waits for its file', { status: 'pending' }],
    ['still waits for its file (in other words)', { status: 'waiting_for_upload' }],
  ])('stays the recording gone when the recording %s', async (_, recording) => {
    const { client, calls } = serve(recording);
    await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'not_found', status: 404 } satisfies Partial<ApiError>);
    expect(calls).toContain('GET /api/v2/recordings/r1');
  });
});
