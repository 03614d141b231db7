/**
 * Storage, or the proxy in front of it (nginx's client_max_body_size, a gateway), refuses the PUT
 * 413 Payload Too Large, or another status that refuses the request itself (411, 415, 422…). It is
 * read as the service's own 4xx are, a refusal of the upload as it was sent ('bad_request'), so the
 * row says that Retry sends the same again (refusalAdvice) instead of only "The upload server
 * answered 413." with a plain Retry. A 413 with no words of its own says what it means, and its
 * advice speaks of the file's size: other details would not change it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusalAdvice, retryLabel } from '@/components/popup/upload-text';
import { UploadRunner, type UploadDeps } from '@/lib/upload/runner';
import { xhrPut } from '@/lib/upload/xhr-put';
import { presigned, T0, uploadRecord } from './helpers';

const NGINX_413 = '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>';

/** Storage that answers every PUT with `status` and `body`. */
function storageAnswering(status: number, body: string) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload = { onprogress: null as ((event: { loaded: number }) => void) | null, onload: null as (() => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => {
        this.status = status;
        this.responseText = body;
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  };
}

function run() {
  const deps: UploadDeps = {
    requestUrl: () => Promise.resolve(presigned(1, T0)),
    put: (record, onProgress, signal) => xhrPut({ url: record.uploadUrl, body: new Blob(['x']), contentType: record.file.type, headers: {}, onProgress, signal }),
    sending: () => Promise.resolve(false),
    complete: () => Promise.resolve(),
    save: () => Promise.resolve(),
    missingAccess: () => Promise.resolve(null),
    now: () => T0,
    sleep: () => Promise.resolve(),
  };
  return new UploadRunner(deps).run(uploadRecord());
}

describe('a PUT refused for the request itself', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('413 from a proxy: says the storage takes no file this large, and that Retry sends the same file again', async () => {
    vi.stubGlobal('XMLHttpRequest', storageAnswering(413, NGINX_413));
    const done = await run();
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', errorKind: 'bad_request', error: 'The upload server answered 413: it takes no file this large.' });
    expect(refusalAdvice(done)).toBe('The storage refused a file this large, and Retry sends the same file again. If it is refused again, ask whoever runs the service about the size limit.');
    // Retry stays: a limit can be raised.
    expect(retryLabel(done)).toBe('Retry');
  });

  it('S3’s EntityTooLarge (a 400) gets the same advice', async () => {
    vi.stubGlobal('XMLHttpRequest', storageAnswering(400, '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>'));
    const done = await run();
    expect(done).toMatchObject({ errorKind: 'bad_request', error: 'The upload server answered 400: Your proposed upload exceeds the maximum allowed size (EntityTooLarge)' });
    expect(refusalAdvice(done)).toMatch(/^The storage refused a file this large/);
  });

  it.each([411, 415, 422])('%i: says it was refused as sent, and that Retry sends the same again', async (status) => {
    vi.stubGlobal('XMLHttpRequest', storageAnswering(status, ''));
    const done = await run();
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', errorKind: 'bad_request', error: `The upload server answered ${status}.` });
    expect(refusalAdvice(done)).toBe('The storage refused this upload as it was sent, and Retry sends the same again. If it is refused again, remove it and upload the file with other details.');
  });
});
