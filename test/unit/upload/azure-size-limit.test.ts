/**
 * Azure Blob storage takes at most 5000 MiB in one Put Blob, less than the 5 GiB Primer lets a
 * recording be. A larger recording given an Azure upload address is refused before it is sent,
 * saying why, rather than sent for nothing (storage refuses it only after gigabytes, or cuts the
 * connection, which reads as a dropped one and is sent again); Retry, which would make the service
 * another recording refused alike, is not offered.
 */
import { describe, expect, it } from 'vitest';
import { retryLabel } from '@/components/popup/upload-text';
import { checkUploadSize } from '@/lib/background/uploads';
import { MAX_UPLOAD_BYTES } from '@/lib/upload/file-check';
import { record } from '../popup/records';

const AZURE = 'https://acct.blob.core.windows.net/recordings/rec-1.m4a?sv=2022-11-02&sr=b&sp=cw&sig=abc';
const MIB = 1024 ** 2;

describe('a recording larger than Azure Blob storage takes in one upload', () => {
  it('is refused for an Azure address, saying the limit and the size', () => {
    expect(() => checkUploadSize(AZURE, MAX_UPLOAD_BYTES)).toThrow(
      expect.objectContaining({ kind: 'invalid_response', message: 'The service stores recordings in Azure Blob storage, which takes at most 4.9 GB in one upload; this recording is 5.0 GB.' }) as Error,
    );
    expect(() => checkUploadSize(AZURE, 5000 * MIB + 1)).toThrow();
  });

  it('passes up to the limit, and at any allowed size for other storage', () => {
    expect(() => checkUploadSize(AZURE, 5000 * MIB)).not.toThrow();
    expect(() => checkUploadSize('https://bucket.s3.amazonaws.com/rec-1?X-Amz-Signature=1', MAX_UPLOAD_BYTES)).not.toThrow();
  });

  it('offers no Retry once refused', () => {
    let error = '';
    try {
      checkUploadSize(AZURE, MAX_UPLOAD_BYTES);
    } catch (refusal) {
      error = (refusal as Error).message;
    }
    expect(retryLabel(record({ state: 'failed', failedStep: 'request-url', errorKind: 'invalid_response', error }))).toBeNull();
  });
});
