// @vitest-environment node
/**
 * The service refuses the presigned-url request for the file itself: 413 (file_size over its
 * limit) or 415 (a content_type it does not take). No detail the form offers changes a file's size
 * or type, so the row does not advise "upload the file with other details": it says the refusal is
 * about the size or the type, as it does for storage's 413 on the PUT. The upload keeps the status.
 */
import { expect, it } from 'vitest';
import { refusalAdvice } from '@/components/popup/upload-text';
import { ServiceClient } from '@/lib/api/client';
import { UploadRecordSchema } from '@/lib/upload/record';
import { UploadRunner, type UploadDeps } from '@/lib/upload/runner';
import { T0, uploadRecord } from '../upload/helpers';

async function refusedWith(status: number, detail: string) {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => Promise.resolve(new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } })),
  });
  const deps: UploadDeps = {
    requestUrl: (record, signal) => client.requestUpload({ filename: record.file.name, contentType: record.file.type, fileSize: record.file.size }, { signal }),
    put: () => Promise.resolve(),
    sending: () => Promise.resolve(false),
    complete: () => Promise.resolve(),
    save: () => Promise.resolve(),
    missingAccess: () => Promise.resolve(null),
    now: () => T0,
    sleep: () => Promise.resolve(),
  };
  return new UploadRunner(deps).run(uploadRecord());
}

it.each([
  [413, 'Request Entity Too Large'],
  [415, 'Unsupported Media Type'],
])('does not advise other details for a presigned-url refused %i (%s)', async (status, detail) => {
  const failed = await refusedWith(status, detail);
  expect(failed).toMatchObject({ state: 'failed', failedStep: 'request-url', errorKind: 'bad_request', errorStatus: status });
  expect(refusalAdvice(failed)).not.toMatch(/other details/);
  expect(refusalAdvice(failed)).toMatch(status === 413 ? /^The service refused a file this large/ : /^The service refused a file of this type/);
});

it('reads an upload saved before the status was kept as having none', () => {
  const { errorStatus: _status, ...before } = uploadRecord({ state: 'failed', failedStep: 'request-url', errorKind: 'bad_request', error: 'Invalid request.' });
  const read = UploadRecordSchema.parse(before);
  expect(read.errorStatus).toBeNull();
  expect(refusalAdvice(read)).toMatch(/other details/);
});
