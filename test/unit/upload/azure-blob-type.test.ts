/**
 * An Azure Blob SAS upload address, given as the interface shows the reply (an upload URL and the
 * recording's id, no headers). Azure's Put Blob refuses any PUT without `x-ms-blob-type` (400
 * MissingRequiredHeader), whatever the SAS allows: every recording sent to such a service fails at
 * "sending the file", with advice ("upload the file with other details") that cannot help, and each
 * try leaves a recording on the service that never gets its file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toPresignedUpload } from '@/lib/api/normalise';
import { FileSender } from '@/lib/upload/file-sender';
import { HeldFiles } from '@/lib/upload/held-files';
import { UploadRunner } from '@/lib/upload/runner';
import { localTransport } from '@/lib/upload/transport';
import { T0, uploadRecord } from './helpers';

const AZURE_MISSING =
  '<?xml version="1.0" encoding="utf-8"?><Error><Code>MissingRequiredHeader</Code><Message>An HTTP header that\'s mandatory for this request is not specified.</Message><HeaderName>x-ms-blob-type</HeaderName></Error>';

/** XMLHttpRequest as xhrPut uses it, answered as Azure Blob storage answers a PUT Blob. */
class AzureXhr {
  headers: Record<string, string> = {};
  timeout = 0;
  status = 0;
  responseText = '';
  upload = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send() {
    setTimeout(() => {
      const ok = this.headers['x-ms-blob-type'] === 'BlockBlob';
      this.status = ok ? 201 : 400;
      this.responseText = ok ? '' : AZURE_MISSING;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

describe('an Azure Blob SAS upload address given with no headers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is sent as a block blob, as Azure requires of every Put Blob', async () => {
    vi.stubGlobal('XMLHttpRequest', AzureXhr);
    const held = new HeldFiles({ save: () => Promise.resolve(), load: () => Promise.resolve(null), remove: () => Promise.resolve() });
    const transport = localTransport(held, new FileSender(held));
    const record = uploadRecord({ file: { name: 'Weekly sync.m4a', size: 10, type: 'audio/mp4' } });
    held.hold(record.id, new File([new Uint8Array(10)], record.file.name, { type: 'audio/mp4' }));
    let created = 0;
    const runner = new UploadRunner({
      requestUrl: () => {
        created++;
        const url = `https://acct.blob.core.windows.net/recordings/rec-${created}.m4a?sv=2022-11-02&se=2026-05-19T11%3A00%3A00Z&sr=b&sp=cw&sig=abc${created}`;
        return Promise.resolve(toPresignedUpload({ upload_url: url, recording_id: `rec-${created}` }, 'https://svc.test', T0));
      },
      put: transport.put,
      sending: transport.sending,
      complete: () => Promise.resolve(),
      missingAccess: () => Promise.resolve(null),
      save: () => Promise.resolve(),
      now: () => T0,
      sleep: () => Promise.resolve(),
    });
    const done = await runner.run(record);
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', error: null });
    expect(created).toBe(1);
  });
});

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
