/**
 * Storage refusing the file for its size with its code alone: an S3-compatible store whose error
 * carries Code, BucketName, RequestId and HostId and no Message (Ceph RGW) is said as "The upload
 * server answered 400: EntityTooLarge". Its advice speaks of the size, as with a message ("…
 * (EntityTooLarge)"), not of uploading the file with other details, which would not change its size.
 */
import { describe, expect, it } from 'vitest';
import { refusalAdvice } from '@/components/popup/upload-text';
import { storageErrorMessage } from '@/lib/upload/xhr-put';
import { uploadRecord } from './helpers';

const RGW_TOO_LARGE = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><BucketName>recordings</BucketName><RequestId>tx00000a</RequestId><HostId>a-default</HostId></Error>';

describe('storage refusing the file for its size with the code alone', () => {
  it('is advised about the size, as with a message', () => {
    const error = storageErrorMessage(400, RGW_TOO_LARGE);
    const failed = uploadRecord({ state: 'failed', failedStep: 'put', errorKind: 'bad_request', error });
    expect(refusalAdvice(failed)).toMatch(/this large/);
  });

  it.each(['RequestBodyTooLarge', 'EntityTooLarge'])('is advised about the size for %s alone, but not for another code that ends so', (code) => {
    const alone = uploadRecord({ state: 'failed', failedStep: 'put', errorKind: 'bad_request', error: `The upload server answered 400: ${code}` });
    expect(refusalAdvice(alone)).toMatch(/this large/);
    const other = uploadRecord({ state: 'failed', failedStep: 'put', errorKind: 'bad_request', error: `The upload server answered 400: Not${code}` });
    expect(refusalAdvice(other)).toMatch(/other details/);
  });
});
