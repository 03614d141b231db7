// @vitest-environment node
/**
 * The service refuses the presigned-url request for the file itself: 413 (file_size over its
 * limit) or 415 (a content_type it does not take). No detail the form offers changes a file's size
 * or type, so the row does not advise "upload the file with other details": it says the refusal is
 * about the size or the type, as it does for storage's 413 on the PUT. The upload keeps the status.
 */
import { expect, it } from 'vitest';
import { refusalAdvice } from '@/components/popup/upload-text';
import { UploadRecordSchema } from '@/lib/upload/record';
import { runnerAskingService, uploadRecord } from '../upload/helpers';

function refusedWith(status: number, detail: string) {
  const refusing = () => Promise.resolve(new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } }));
  return runnerAskingService(refusing).run(uploadRecord());
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
