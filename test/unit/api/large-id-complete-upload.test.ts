// @vitest-environment node
/**
 * A Go (or Rust) service whose recording ids are int64 past 2^53, written as JSON numbers (kept
 * exactly, as text). complete-upload must name the same recording the way the service reads it:
 * Go's encoding/json refuses a string for an int64 field (400 "cannot unmarshal string into Go
 * struct field … of type int64"; serde/axum alike, 422), so it is sent again as the bare number.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

const ID = '1790000000000000001';

it('completes the upload of a recording whose int64 id is past 2^53 on a strictly typed server', async () => {
  const bodies: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const path = new URL(input).pathname;
      const json = (text: string, status = 200) => Promise.resolve(new Response(text, { status, headers: { 'content-type': 'application/json' } }));
      if (path === '/api/v2/recordings/presigned-url') return json(`{"upload_url": "https://storage.test/put?sig=1", "recording_id": ${ID}}`, 201);
      if (path === `/api/v2/recordings/${ID}`) return json(`{"id": ${ID}, "status": "pending_upload", "progress": 0}`);
      if (path === '/api/v2/recordings/complete-upload') {
        const body = typeof init?.body === 'string' ? init.body : '';
        bodies.push(body);
        // Go: {"recording_id": <int64>} only; a string is refused before anything is looked up.
        return new RegExp(`^\\{"recording_id":\\s*${ID}\\}$`).test(body)
          ? json('{"status": "queued"}', 202)
          : json('{"error": "json: cannot unmarshal string into Go struct field CompleteUploadRequest.recording_id of type int64"}', 400);
      }
      return json('{"error": "not found"}', 404);
    },
  });
  const upload = await client.requestUpload({ filename: 'a.mp3', contentType: 'audio/mpeg', fileSize: 10 });
  expect(upload.recordingId).toBe(ID);
  await expect(client.completeUpload(upload.recordingId)).resolves.toBeUndefined();
  expect(bodies.at(-1)).toBe(`{"recording_id":${ID}}`);
});
