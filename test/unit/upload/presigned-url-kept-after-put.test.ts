/**
 * Once storage has the file (putDone), the presigned upload URL and the headers the service chose
 * for the PUT serve no step any more (complete-upload and the status checks go to the service), so
 * they are not kept in the upload's record in storage.local for the record's life (30 days, or
 * until "Clear finished"): a bearer credential to write the recording's object, and headers that
 * may carry a secret of their own (S3's SSE-C customer key), in the area Firefox's content
 * scripts can read.
 */
import { expect, it, vi } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadRunner, type UploadDeps } from '@/lib/upload/runner';
import { T0, uploadRecord } from './helpers';

it('forgets the presigned URL and its headers once the file is stored', async () => {
  const saved: UploadRecord[] = [];
  const deps: UploadDeps = {
    requestUrl: () =>
      Promise.resolve({
        uploadUrl: 'https://bucket.s3.amazonaws.com/rec-1?X-Amz-Signature=abc123',
        recordingId: 'rec-1',
        expiresAt: new Date(T0 + 7 * 86_400_000).toISOString(),
        headers: { 'x-amz-server-side-encryption-customer-algorithm': 'AES256', 'x-amz-server-side-encryption-customer-key': 'c2VjcmV0LWtleS0zMi1ieXRlcy1sb25nLTEyMzQ1Ng==' },
      }),
    put: (record, onProgress) => {
      onProgress(record.file.size);
      return Promise.resolve();
    },
    sending: () => Promise.resolve(false),
    complete: () => Promise.resolve(),
    save: (record) => {
      saved.push(structuredClone(record));
      return Promise.resolve();
    },
    missingAccess: () => Promise.resolve(null),
    now: () => T0,
    sleep: vi.fn(() => Promise.resolve()),
  };
  const done = await new UploadRunner(deps).run(uploadRecord());
  expect(done.state).toBe('processing');
  expect.soft(done.uploadUrl).toBeNull();
  expect.soft(done.uploadHeaders).toEqual({});
});
