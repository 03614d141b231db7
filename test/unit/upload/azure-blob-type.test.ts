/**
 * Which upload addresses are Azure Blob storage, whose Put Blob refuses any PUT without
 * `x-ms-blob-type` (400 MissingRequiredHeader) whatever the SAS allows: a bare address there gets
 * `x-ms-blob-type: BlockBlob` (a recording is one block blob); any other is sent as the service
 * says. The whole PUT against such storage: storage-dialects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { toPresignedUpload } from '@/lib/api/normalise';
import { T0 } from './helpers';

describe('which upload addresses are told as Azure Blob storage', () => {
  const headersFor = (url: string, headers?: Record<string, string>) => toPresignedUpload({ upload_url: url, recording_id: 'r1', ...(headers ? { headers } : {}) }, 'https://svc.test', T0).headers;

  it.each([
    'https://acct.blob.core.windows.net/c/x.m4a?sig=1',
    'https://acct.blob.core.chinacloudapi.cn/c/x.m4a?sig=1',
    'https://acct.blob.core.usgovcloudapi.net/c/x.m4a?sig=1',
    'https://acct.z12.blob.storage.azure.net/c/x.m4a?sig=1',
    'https://ACCT.BLOB.CORE.WINDOWS.NET./c/x.m4a?sig=1',
    'http://127.0.0.1:10000/devstoreaccount1/c/x.m4a?sig=1',
  ])('%s: a block blob', (url) => {
    expect(headersFor(url)).toEqual({ 'x-ms-blob-type': 'BlockBlob' });
  });

  it.each([
    'https://bucket.s3.amazonaws.com/x.m4a?X-Amz-Signature=1',
    'https://acct.blob.core.windows.net.example.com/c/x.m4a',
    'https://acct.dfs.core.windows.net/c/x.m4a',
    'https://storage.example.com/c/devstoreaccount1/x.m4a',
  ])('%s: sent as the service says', (url) => {
    expect(headersFor(url)).toEqual({});
  });

  it('keeps the blob type the service names, in whatever case', () => {
    expect(headersFor('https://acct.blob.core.windows.net/c/x', { 'X-MS-Blob-Type': 'AppendBlob' })).toEqual({ 'X-MS-Blob-Type': 'AppendBlob' });
  });
});
