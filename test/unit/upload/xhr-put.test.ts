/**
 * The PUT to object storage: its error messages from S3-style XML, and the error kinds and statuses
 * the runner relies on (a refused URL is a 400/401/403; a network failure is retried).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError, ApiErrorKind } from '@/lib/api/error-info';
import { storageErrorCode, storageErrorMessage, xhrPut, type PutRequest } from '@/lib/upload/xhr-put';

describe('storageErrorMessage', () => {
  it('reads the message and code of an S3 error', () => {
    const body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><RequestId>X1</RequestId></Error>';
    expect(storageErrorMessage(403, body)).toBe('The upload server answered 403: Request has expired (AccessDenied)');
    expect(storageErrorCode(body)).toBe('AccessDenied');
  });

  it('reads the message alone when there is no code', () => {
    expect(storageErrorMessage(400, '<Error><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>')).toBe(
      'The upload server answered 400: Your proposed upload exceeds the maximum allowed size',
    );
  });

  it('names the status (and the code) when there is no message', () => {
    expect(storageErrorMessage(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>')).toBe('The upload server answered 403: SignatureDoesNotMatch');
    expect(storageErrorCode('<html>Bad gateway</html>')).toBeNull();
    expect(storageErrorMessage(502, '<html>Bad gateway</html>')).toBe('The upload server answered 502.');
    expect(storageErrorMessage(500, '')).toBe('The upload server answered 500.');
  });

  it('says what a 413 with no words of its own means (a proxy’s page), and keeps storage’s words when it has some', () => {
    const nginx = '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>';
    expect(storageErrorMessage(413, nginx)).toBe('The upload server answered 413: it takes no file this large.');
    expect(storageErrorMessage(413, '<Error><Code>RequestBodyTooLarge</Code><Message>The request body is too large.</Message></Error>')).toBe(
      'The upload server answered 413: The request body is too large. (RequestBodyTooLarge)',
    );
  });
});

/** Just enough of XMLHttpRequest: records what was sent, and answers as the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  status = 0;
  responseText = '';
  body: unknown = null;
  aborted = false;
  upload: { onprogress: ((event: { loaded: number }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function request(patch: Partial<PutRequest> = {}): PutRequest {
  return {
    url: 'https://storage.example/rec-1?sig=1',
    body: new Blob(['0123456789'], { type: 'audio/mp4' }),
    contentType: 'audio/mp4',
    headers: { 'x-amz-acl': 'private', Authorization: 'Bearer leak', 'content-type': 'text/plain' },
    onProgress: () => undefined,
    signal: new AbortController().signal,
    ...patch,
  };
}

describe('xhrPut', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it('PUTs the body with the content type and extra headers, never an Authorization header', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const req = request({ onProgress: (sent) => progress.push(sent) });
    const done = xhrPut(req);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://storage.example/rec-1?sig=1');
    expect(xhr.headers).toEqual({ 'x-amz-acl': 'private', 'Content-Type': 'audio/mp4' });
    expect(xhr.body).toBe(req.body);
    xhr.upload.onprogress!({ loaded: 4 });
    xhr.answer(200);
    await done;
    expect(progress).toEqual([4, 10]);
  });

  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [408, 'timeout'],
    [409, 'conflict'],
    [410, 'not_found'],
    // Any other refusal of the request itself, as the service's own 4xx: sent again, refused again.
    [411, 'bad_request'],
    [413, 'bad_request'],
    [415, 'bad_request'],
    [422, 'bad_request'],
    [429, 'rate_limited'],
    [503, 'server'],
  ] as [number, ApiErrorKind][])('turns a %i answer into a %s error with the status', async (status, kind) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = xhrPut(request());
    FakeXhr.last!.answer(status, '<Error><Code>C</Code><Message>M</Message></Error>');
    await expect(done).rejects.toMatchObject({ name: 'ApiError', kind, status, code: 'C', message: `The upload server answered ${status}: M (C)` } satisfies Partial<ApiError>);
  });

  it.each([
    ['RequestTimeout', 'timeout'],
    ['IncompleteBody', 'network'],
  ] as [string, ApiErrorKind][])('takes S3’s 400 %s for the connection’s fault (%s), which a retry can get past', async (code, kind) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = xhrPut(request());
    FakeXhr.last!.answer(400, `<Error><Code>${code}</Code><Message>Your socket connection to the server was not read from or written to within the timeout period.</Message></Error>`);
    await expect(done).rejects.toMatchObject({ kind, status: 400, code });
  });

  it('reports a network failure, a timeout and a cancel', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failing = xhrPut(request());
    FakeXhr.last!.onerror!();
    await expect(failing).rejects.toMatchObject({ kind: 'network', status: null });

    const slow = xhrPut(request({ timeoutMs: 5000 }));
    expect(FakeXhr.last!.timeout).toBe(5000);
    FakeXhr.last!.ontimeout!();
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });

    const controller = new AbortController();
    const cancelled = xhrPut(request({ signal: controller.signal }));
    const xhr = FakeXhr.last!;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('ends a PUT that stops moving as a timeout (retried), not at the first quiet moment', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const done = xhrPut(request({ stallMs: 60_000, answerMs: 120_000 }));
      const xhr = FakeXhr.last!;
      vi.advanceTimersByTime(50_000);
      xhr.upload.onprogress!({ loaded: 4 });
      vi.advanceTimersByTime(50_000);
      xhr.upload.onprogress!({ loaded: 8 });
      // The same count again is no sign of life.
      vi.advanceTimersByTime(30_000);
      xhr.upload.onprogress!({ loaded: 8 });
      vi.advanceTimersByTime(29_000);
      expect(xhr.aborted).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(xhr.aborted).toBe(true);
      await expect(done).rejects.toMatchObject({ kind: 'timeout', message: 'The upload stopped moving: nothing reached the upload server for a minute.' });

      // Sent whole: storage is given longer to answer, then the PUT ends the same way.
      const answering = xhrPut(request({ stallMs: 60_000, answerMs: 120_000 }));
      const second = FakeXhr.last!;
      second.upload.onprogress!({ loaded: 10 });
      second.upload.onload!();
      vi.advanceTimersByTime(119_000);
      expect(second.aborted).toBe(false);
      vi.advanceTimersByTime(1000);
      await expect(answering).rejects.toMatchObject({ kind: 'timeout', message: 'The upload server did not answer within 2 minutes of receiving the file.' });

      // A large file is given the time it takes at 2 Mbit/s to reach storage through a proxy.
      const large = xhrPut(request({ body: new Blob([new Uint8Array(60_000_000)]), stallMs: 60_000 }));
      const third = FakeXhr.last!;
      third.upload.onprogress!({ loaded: 60_000_000 });
      third.upload.onload!();
      vi.advanceTimersByTime(239_000);
      expect(third.aborted).toBe(false);
      vi.advanceTimersByTime(1000);
      await expect(large).rejects.toMatchObject({ kind: 'timeout', message: 'The upload server did not answer within 4 minutes of receiving the file.' });

      // Answered in time: nothing is left to fire.
      const quick = xhrPut(request());
      FakeXhr.last!.answer(200);
      await quick;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not start when already cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    controller.abort();
    await expect(xhrPut(request({ signal: controller.signal }))).rejects.toMatchObject({ kind: 'aborted' });
    expect(FakeXhr.last).toBeNull();
  });
});
