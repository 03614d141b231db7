/**
 * The whole PUT path against object storage as it really checks a presigned request: the service's
 * presigned reply (read by toPresignedUpload) → the runner → Firefox's local transport → FileSender
 * → xhrPut → storage, which refuses what it signed and did not get.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toPresignedUpload } from '@/lib/api/normalise';
import { FileSender } from '@/lib/upload/file-sender';
import { HeldFiles } from '@/lib/upload/held-files';
import { UploadRunner } from '@/lib/upload/runner';
import { localTransport } from '@/lib/upload/transport';
import { T0, uploadRecord } from './helpers';

type Storage = (put: { method: string; url: string; headers: Record<string, string> }) => { status: number; body?: string };

/** XMLHttpRequest as far as xhrPut uses it, answered by `storage` once the body is sent. */
function storageXhr(storage: Storage) {
  return class {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    timeout = 0;
    status = 0;
    responseText = '';
    upload = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      // As the browser does: a header set twice is sent once, with both values.
      this.headers[name] = name in this.headers ? `${this.headers[name]}, ${value}` : value;
    }
    send() {
      setTimeout(() => {
        const answer = storage({ method: this.method, url: this.url, headers: this.headers });
        this.status = answer.status;
        this.responseText = answer.body ?? '';
        this.onload?.();
      }, 0);
    }
    abort() {
      this.onabort?.();
    }
  };
}

const header = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Runs one upload of a file picked as `fileType`, the service answering presigned-url with `reply(n)`. */
async function upload(fileType: string, reply: (n: number) => unknown, storage: Storage) {
  vi.stubGlobal('XMLHttpRequest', storageXhr(storage));
  const held = new HeldFiles({ save: () => Promise.resolve(), load: () => Promise.resolve(null), remove: () => Promise.resolve() });
  const transport = localTransport(held, new FileSender(held));
  const record = uploadRecord({ file: { name: 'Weekly sync.m4a', size: 10, type: fileType } });
  held.hold(record.id, new File([new Uint8Array(10)], record.file.name, { type: fileType }));
  let asked = 0;
  const runner = new UploadRunner({
    requestUrl: () => Promise.resolve(toPresignedUpload(reply(++asked), 'https://svc.test', T0)),
    put: transport.put,
    sending: transport.sending,
    complete: () => Promise.resolve(),
    missingAccess: () => Promise.resolve(null),
    save: () => Promise.resolve(),
    now: () => T0,
    sleep: () => Promise.resolve(),
  });
  const done = await runner.run(record);
  return { done, recordingsCreated: asked };
}

const S3_SIGNATURE = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>';
const AZURE_MISSING = '<?xml version="1.0" encoding="utf-8"?><Error><Code>MissingRequiredHeader</Code><Message>An HTTP header that\'s mandatory for this request is not specified.</Message></Error>';

/** S3 with Content-Type among the signed headers: any other type is refused. */
const s3SignedFor = (type: string): Storage => ({ headers }) => (header(headers, 'content-type') === type ? { status: 200 } : { status: 403, body: S3_SIGNATURE });
/** Azure Blob: a PUT Blob without x-ms-blob-type is refused. */
const azure: Storage = ({ headers }) => (header(headers, 'x-ms-blob-type') === 'BlockBlob' ? { status: 201 } : { status: 400, body: AZURE_MISSING });

describe('presigned uploads against storage that checks what it signed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the content type the service says it signed, given beside the URL (`content_type`)', async () => {
    // The file was picked as macOS names .m4a; the service signed the canonical type, and says so.
    const reply = (n: number) => ({ upload_url: `https://bucket.s3.amazonaws.com/rec-${n}?X-Amz-Signature=${n}`, recording_id: `rec-${n}`, content_type: 'audio/mp4', expires_in: 900 });
    const { done, recordingsCreated } = await upload('audio/x-m4a', reply, s3SignedFor('audio/mp4'));
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', error: null });
    expect(recordingsCreated).toBe(1);
  });

  it.each([
    ['upload_headers', (url: string) => ({ upload_url: url, recording_id: 'rec-1', upload_headers: { 'x-ms-blob-type': 'BlockBlob' } })],
    ['uploadHeaders', (url: string) => ({ uploadUrl: url, recordingId: 'rec-1', uploadHeaders: { 'x-ms-blob-type': 'BlockBlob' } })],
    ['signed_headers', (url: string) => ({ upload_url: url, recording_id: 'rec-1', signed_headers: { 'x-ms-blob-type': 'BlockBlob' } })],
    ['{upload: {url, headers}} inside {data: …}', (url: string) => ({ data: { upload: { url, method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' } }, recording: { id: 'rec-1' } } })],
  ])('sends the headers an Azure SAS upload needs, given as %s', async (_name, reply) => {
    const url = 'https://acct.blob.core.windows.net/recordings/rec-1.m4a?sv=2022-11-02&se=2026-05-19T11%3A00%3A00Z&sr=b&sp=cw&sig=abc';
    const { done } = await upload('audio/mp4', () => reply(url), azure);
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', error: null });
  });

  it('sends a bare Azure SAS address (no headers given, as the interface shows the reply) as a block blob', async () => {
    const reply = (n: number) => ({ upload_url: `https://acct.blob.core.windows.net/recordings/rec-${n}.m4a?sv=2022-11-02&sr=b&sp=cw&sig=abc${n}`, recording_id: `rec-${n}` });
    const { done, recordingsCreated } = await upload('audio/mp4', reply, azure);
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', error: null });
    expect(recordingsCreated).toBe(1);
  });

  it('sends a signed type given with the nested upload ({upload: {url, content_type}})', async () => {
    const reply = (n: number) => ({ upload: { url: `https://storage.googleapis.com/b/rec-${n}?X-Goog-Signature=${n}`, content_type: 'audio/mp4' }, recording: { id: `rec-${n}` } });
    const { done, recordingsCreated } = await upload('audio/x-m4a', reply, s3SignedFor('audio/mp4'));
    expect(done).toMatchObject({ state: 'processing', putDone: true });
    expect(recordingsCreated).toBe(1);
  });

  it('takes Uppy’s and Shrine’s {method: "put", url, fields: {}, headers} as the PUT it is, not a form upload', async () => {
    // shrine presign_endpoint: `{ fields: {}, headers: {} }.merge(presign)`; @uppy/aws-s3 createSignedURL: `{ method: 'PUT', expires, fields: {}, url, headers }`.
    const reply = (n: number) => ({ method: 'put', url: `https://bucket.s3.amazonaws.com/rec-${n}?X-Amz-Signature=${n}`, fields: {}, headers: { 'Content-Type': 'audio/mp4' }, recording_id: `rec-${n}`, expires: 900 });
    const { done, recordingsCreated } = await upload('audio/x-m4a', reply, s3SignedFor('audio/mp4'));
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', error: null });
    expect(recordingsCreated).toBe(1);
  });

  it('reads the upload address’s expiry under AWS’s and Azure’s names (urlExpiry, expiresOn)', () => {
    for (const raw of [
      { Url: 'https://bucket.s3.amazonaws.com/x', RecordingId: 'r1', UrlExpiry: '2026-05-19T10:15:00Z' },
      { url: 'https://acct.blob.core.windows.net/c/x', recordingId: 'r1', expiresOn: '2026-05-19T10:15:00Z' },
    ]) {
      expect(toPresignedUpload(raw, 'https://svc.test', T0).expiresAt).toBe('2026-05-19T10:15:00.000Z');
    }
  });
});

describe('what already works', () => {
  afterEach(() => vi.unstubAllGlobals());
  const url = (n: number) => `https://bucket.s3.amazonaws.com/rec-${n}?X-Amz-Signature=${n}`;

  it.each([200, 201, 204])('storage answering %i', async (status) => {
    const { done } = await upload('audio/mp4', (n) => ({ upload_url: url(n), recording_id: `rec-${n}` }), () => ({ status }));
    expect(done).toMatchObject({ state: 'processing', putDone: true });
  });

  it('signed headers under `headers` (S3 signed Content-Type, Azure x-ms-blob-type)', async () => {
    const s3 = await upload('audio/x-m4a', (n) => ({ upload_url: url(n), recording_id: `rec-${n}`, headers: { 'content-type': 'audio/mp4' } }), s3SignedFor('audio/mp4'));
    expect(s3.done).toMatchObject({ state: 'processing', putDone: true });
    const blob = await upload('audio/mp4', () => ({ upload: { url: 'https://acct.blob.core.windows.net/c/x?sig=1', headers: { 'x-ms-blob-type': 'BlockBlob' } }, recording: { id: 'rec-1' } }), azure);
    expect(blob.done).toMatchObject({ state: 'processing', putDone: true });
  });

  it('an expired URL (S3 403 AccessDenied “Request has expired”) is replaced by a new one, silently', async () => {
    const expired = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    const { done, recordingsCreated } = await upload('audio/mp4', (n) => ({ upload_url: url(n), recording_id: `rec-${n}` }), (put) => (put.url.includes('rec-1') ? { status: 403, body: expired } : { status: 200 }));
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-2', abandonedRecordingIds: ['rec-1'] });
    expect(recordingsCreated).toBe(2);
  });
});
