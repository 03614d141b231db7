// @vitest-environment node
/**
 * A presigned-url reply that is the new recording with its upload beside it, the upload a record
 * of its own (Rails' `has_one :upload`, a Django `Upload` model): `{"id": 42, …, "upload": {"id":
 * 17, "url": …}}`. The new recording is 42; 17 is the upload's row. complete-upload must name 42:
 * naming 17 marks another recording complete (ids shared as integers), and the upload's row then
 * follows that other recording.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

const REPLY = {
  id: 42,
  title: 'Weekly sync',
  status: 'pending_upload',
  upload: { id: 17, method: 'PUT', url: 'https://storage.test/recordings/42.mp3?X-Amz-Signature=abc', headers: { 'Content-Type': 'audio/mpeg' } },
};

it('takes the recording’s own id, not its upload’s, from the presigned-url reply', async () => {
  const bodies: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input, init) => {
      const path = new URL(input).pathname;
      if (path === '/api/v2/recordings/presigned-url') return Promise.resolve(Response.json(REPLY, { status: 201 }));
      bodies.push(typeof init?.body === 'string' ? init.body : '');
      return Promise.resolve(new Response(null, { status: 204 }));
    },
  });
  const upload = await client.requestUpload({ filename: 'sync.mp3', contentType: 'audio/mpeg', fileSize: 1000 });
  expect(upload.uploadUrl).toBe(REPLY.upload.url);
  expect(upload.recordingId).toBe('42');
  await client.completeUpload(upload.recordingId);
  expect(bodies).toEqual(['{"recording_id":"42"}']);
});
