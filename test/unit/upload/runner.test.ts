/**
 * The upload state machine with fake effects: the order of the three steps, failure at each of
 * them, retry from where it stopped (one recording, one PUT that succeeded), URL expiry and
 * refusal, cancel, joining a second run, and the host permission check.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import type { PresignedUpload } from '@/lib/models';
import type { UploadRecord } from '@/lib/upload/record';
import { REFUSED_THE_SAME_WAY, refusesUrl, UploadRunner, urlUsable, type UploadDeps } from '@/lib/upload/runner';
import { deferred, FILE_SIZE, presigned, T0, untilAborted, uploadRecord, withUrl } from './helpers';

type PutFn = UploadDeps['put'];

function harness() {
  let now = T0;
  let issued = 0;
  const calls: string[] = [];
  const saves: UploadRecord[] = [];
  const waits: number[] = [];
  const requestUrl = vi.fn<UploadDeps['requestUrl']>(() => Promise.resolve(presigned(++issued, now)));
  const put = vi.fn<PutFn>((record, onProgress) => {
    onProgress(record.file.size);
    return Promise.resolve();
  });
  const complete = vi.fn<UploadDeps['complete']>(() => Promise.resolve());
  const missingAccess = vi.fn<UploadDeps['missingAccess']>(() => Promise.resolve(null));
  const sending = vi.fn<UploadDeps['sending']>(() => Promise.resolve(false));
  const sleep = vi.fn<UploadDeps['sleep']>((ms) => {
    waits.push(ms);
    return Promise.resolve();
  });
  const deps: UploadDeps = {
    requestUrl: (record, signal) => {
      calls.push('request-url');
      return requestUrl(record, signal);
    },
    put: (record, onProgress, signal) => {
      calls.push(`put ${record.uploadUrl}`);
      return put(record, onProgress, signal);
    },
    complete: (recordingId, signal, serviceUrl, account) => {
      calls.push(`complete ${recordingId}`);
      return complete(recordingId, signal, serviceUrl, account);
    },
    missingAccess: (url) => {
      calls.push(`access ${url}`);
      return missingAccess(url);
    },
    sending,
    save: (record) => {
      saves.push(structuredClone(record));
      return Promise.resolve();
    },
    now: () => now,
    sleep,
  };
  return {
    runner: new UploadRunner(deps),
    calls,
    saves,
    waits,
    requestUrl,
    put,
    complete,
    missingAccess,
    sending,
    sleep,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    /** The states saved, without repeats in a row. */
    states: () => saves.map((record) => record.state).filter((state, index, all) => index === 0 || all[index - 1] !== state),
  };
}

const URL_1 = 'https://storage.example/rec-1?sig=1';
const URL_2 = 'https://storage.example/rec-2?sig=2';
const URL_3 = 'https://storage.example/rec-3?sig=3';

describe('refusesUrl', () => {
  it('takes any 403 or 410 as a refused URL, a 400 or 401 only when storage says the URL expired or was denied', () => {
    expect(refusesUrl(new ApiError('forbidden', 'x', { status: 403 }))).toBe(true);
    expect(refusesUrl(new ApiError('bad_request', 'x', { status: 400, code: 'ExpiredToken' }))).toBe(true);
    expect(refusesUrl(new ApiError('unauthorized', 'x', { status: 401, code: 'AccessDenied' }))).toBe(true);
    expect(refusesUrl(new ApiError('bad_request', 'The upload server answered 400: Request has expired', { status: 400 }))).toBe(true);
    expect(refusesUrl(new ApiError('bad_request', 'x', { status: 400, code: 'InvalidArgument' }))).toBe(false);
    expect(refusesUrl(new ApiError('unauthorized', 'x', { status: 401 }))).toBe(false);
    expect(refusesUrl(new ApiError('not_found', 'x', { status: 404, code: 'AccessDenied' }))).toBe(false);
    expect(refusesUrl(new ApiError('network', 'expired'))).toBe(false);
    // A signed-upload endpoint of the service's own (not S3) answers an expired or used URL 410 Gone.
    expect(refusesUrl(new ApiError('not_found', 'The upload server answered 410.', { status: 410 }))).toBe(true);
  });
});

describe('urlUsable', () => {
  it('needs a URL that is more than a minute from expiry, or has no (readable) expiry', () => {
    expect(urlUsable(uploadRecord(), T0)).toBe(false);
    expect(urlUsable(uploadRecord({ uploadUrl: URL_1, urlExpiresAt: null }), T0)).toBe(true);
    expect(urlUsable(uploadRecord({ uploadUrl: URL_1, urlExpiresAt: 'soon' }), T0)).toBe(true);
    expect(urlUsable(uploadRecord({ uploadUrl: URL_1, urlExpiresAt: new Date(T0 + 61_000).toISOString() }), T0)).toBe(true);
    expect(urlUsable(uploadRecord({ uploadUrl: URL_1, urlExpiresAt: new Date(T0 + 60_000).toISOString() }), T0)).toBe(false);
    expect(urlUsable(uploadRecord({ uploadUrl: URL_1, urlExpiresAt: new Date(T0 - 1).toISOString() }), T0)).toBe(false);
  });
});

describe('UploadRunner: the happy path', () => {
  it('requests a URL, checks access, PUTs, completes, and ends processing', async () => {
    const h = harness();
    const done = await h.runner.run(uploadRecord());

    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
    expect(h.states()).toEqual(['requesting-url', 'uploading', 'completing', 'processing']);
    expect(done).toEqual({
      ...uploadRecord(),
      state: 'processing',
      updatedAt: T0,
      recordingId: 'rec-1',
      // Sent to (h.calls), then forgotten once storage has the file.
      uploadUrl: null,
      uploadHeaders: {},
      urlExpiresAt: null,
      putDone: true,
      sentBytes: FILE_SIZE,
      processingStatus: 'queued',
      processingProgress: null,
      polls: 0,
      nextCheckAt: T0 + 30_000,
    });
    expect(h.saves.at(-1)).toEqual(done);
    expect(h.runner.isRunning('u1')).toBe(false);
  });

  it('keeps the service and the account the recording was created on, and completes it there', async () => {
    const h = harness();
    h.requestUrl.mockImplementationOnce(() => Promise.resolve({ ...presigned(1, T0), serviceUrl: 'https://svc-a.test', account: 'https://svc-a.test|key-aaaa' }));
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', serviceUrl: 'https://svc-a.test', account: 'https://svc-a.test|key-aaaa' });
    expect(h.complete).toHaveBeenCalledExactlyOnceWith('rec-1', expect.any(AbortSignal), 'https://svc-a.test', 'https://svc-a.test|key-aaaa');
  });

  it('a retry that needs a new URL takes the service of the new recording', async () => {
    const h = harness();
    const expired = { ...withUrl({ state: 'failed', failedStep: 'put', serviceUrl: 'https://svc-a.test' }), urlExpiresAt: new Date(T0 - 1000).toISOString() };
    h.requestUrl.mockImplementationOnce(() => Promise.resolve({ ...presigned(2, T0), serviceUrl: 'https://svc-b.test' }));
    const done = await h.runner.run(expired);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-2', serviceUrl: 'https://svc-b.test', abandonedRecordingIds: ['rec-1'] });
    expect(h.complete).toHaveBeenCalledExactlyOnceWith('rec-2', expect.any(AbortSignal), 'https://svc-b.test', null);
  });

  it('sends the file with the content type it asked the URL for, to the URL and headers it was given', async () => {
    const h = harness();
    await h.runner.run(uploadRecord());
    const asked = h.requestUrl.mock.calls[0]![0];
    const sent = h.put.mock.calls[0]![0];
    expect(asked.file).toEqual({ name: 'Weekly sync.m4a', size: FILE_SIZE, type: 'audio/mp4' });
    expect(sent.file.type).toBe(asked.file.type);
    expect(sent.uploadUrl).toBe(URL_1);
    expect(sent.uploadHeaders).toEqual({ 'x-amz-server-side-encryption': 'AES256' });
    expect(h.complete).toHaveBeenCalledTimes(1);
    expect(h.complete.mock.calls[0]![0]).toBe('rec-1');
  });

  it('saves the PUT progress at most once a second', async () => {
    const h = harness();
    h.put.mockImplementationOnce((_record, onProgress) => {
      onProgress(1_000); // saved
      h.advance(400);
      onProgress(2_000); // 400 ms later: skipped
      h.advance(600);
      onProgress(3_000); // 1 s after the last save: saved
      h.advance(999);
      onProgress(4_000); // skipped
      h.advance(1);
      onProgress(5_000); // saved
      return Promise.resolve();
    });
    const done = await h.runner.run(uploadRecord());
    const uploading = h.saves.filter((record) => record.state === 'uploading').map((record) => [record.sentBytes, record.putDone]);
    expect(uploading).toEqual([
      [0, false],
      [1_000, false],
      [3_000, false],
      [5_000, false],
      [FILE_SIZE, true],
    ]);
    expect(done.state).toBe('processing');
  });
});

describe('UploadRunner: failure at each step', () => {
  it('fails at request-url with the service’s message and sends nothing', async () => {
    const h = harness();
    h.requestUrl.mockRejectedValueOnce(new ApiError('server', 'The service failed (503).', { status: 503 }));
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'failed', failedStep: 'request-url', error: 'The service failed (503).', errorKind: 'server', recordingId: null, putDone: false });
    expect(h.calls).toEqual(['request-url']);
    expect(h.saves.at(-1)).toEqual(done);
  });

  it('keeps what kind of failure it was (a refused key leads to the options), and forgets it on a retry', async () => {
    const h = harness();
    h.requestUrl.mockRejectedValueOnce(new ApiError('unauthorized', 'The service did not accept the API key.', { status: 401 }));
    const failed = await h.runner.run(uploadRecord());
    expect(failed).toMatchObject({ state: 'failed', failedStep: 'request-url', errorKind: 'unauthorized' });
    const done = await h.runner.run(failed);
    expect(done).toMatchObject({ state: 'processing', error: null, errorKind: null });
  });

  it('hides the details of an unexpected error', async () => {
    const h = harness();
    h.requestUrl.mockRejectedValueOnce(new TypeError('secret internals'));
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'failed', failedStep: 'request-url', error: 'Something went wrong inside Primer.' });
  });

  it.each([
    ['too large', new ApiError('bad_request', 'Your proposed upload exceeds the maximum allowed size (EntityTooLarge)', { status: 413 })],
    ['bad request without status', new ApiError('bad_request', 'Bad digest.')],
    ['file gone', new ApiError('not_found', 'The recording’s file is no longer available to Primer; pick it again.')],
  ])('fails at put on a lasting error (%s), without retrying', async (_name, error) => {
    const h = harness();
    h.put.mockRejectedValueOnce(error);
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', error: error.message, recordingId: 'rec-1', uploadUrl: URL_1, putDone: false });
    expect(h.put).toHaveBeenCalledTimes(1);
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.complete).not.toHaveBeenCalled();
    expect(h.waits).toEqual([]);
  });

  it('keeps the details the new recording was created with (no contact on another service), for the row and the notification', async () => {
    const h = harness();
    const record = uploadRecord();
    const meta = { ...record.meta, primaryContactId: null, primaryContactName: null };
    h.requestUrl.mockImplementationOnce(() => Promise.resolve({ ...presigned(1, h.now()), serviceUrl: 'https://svc-b.test', meta }));
    const done = await h.runner.run(record);
    expect(done).toMatchObject({ state: 'processing', serviceUrl: 'https://svc-b.test', meta });
  });

  it('fails at put on an error that is not an ApiError, without retrying', async () => {
    const h = harness();
    h.put.mockRejectedValueOnce(new Error('boom'));
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', error: 'Something went wrong inside Primer.' });
    expect(h.put).toHaveBeenCalledTimes(1);
  });

  it('retries a transient PUT failure for about a minute (each wait under a worker’s 30 s idle life), then fails', async () => {
    const h = harness();
    h.put.mockRejectedValue(new ApiError('network', 'The upload server could not be reached.'));
    const done = await h.runner.run(uploadRecord());
    expect(h.put).toHaveBeenCalledTimes(6);
    expect(h.waits).toEqual([1000, 4000, 10_000, 20_000, 25_000]);
    expect(h.sleep.mock.calls.every(([, signal]) => signal instanceof AbortSignal)).toBe(true);
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', error: 'The upload server could not be reached.', putDone: false });
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.complete).not.toHaveBeenCalled();
  });

  it.each([
    new ApiError('network', 'offline'),
    new ApiError('timeout', 'The upload took too long.'),
    new ApiError('server', 'Internal error', { status: 500 }),
    new ApiError('rate_limited', 'Slow down', { status: 429 }),
  ])('recovers when a transient failure ($kind) passes', async (error) => {
    const h = harness();
    h.put.mockImplementationOnce((_record, onProgress) => {
      onProgress(1_000);
      return Promise.reject(error);
    });
    const done = await h.runner.run(uploadRecord());
    expect(h.waits).toEqual([1000]);
    expect(h.put).toHaveBeenCalledTimes(2);
    expect(done).toMatchObject({ state: 'processing', putDone: true, sentBytes: FILE_SIZE });
    // The progress of the failed attempt is reset before the next one.
    const sent = h.saves.filter((record) => record.state === 'uploading').map((record) => [record.sentBytes, record.putDone]);
    expect(sent).toEqual([
      [0, false],
      [1_000, false],
      [0, false],
      [FILE_SIZE, false],
      [FILE_SIZE, true],
    ]);
  });

  it('fails at complete with the file already stored', async () => {
    const h = harness();
    h.complete.mockRejectedValueOnce(new ApiError('server', 'Could not queue the recording.', { status: 502 }));
    const done = await h.runner.run(uploadRecord());
    expect(done).toMatchObject({ state: 'failed', failedStep: 'complete', error: 'Could not queue the recording.', putDone: true, sentBytes: FILE_SIZE, recordingId: 'rec-1' });
    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
  });
});

describe('UploadRunner: retry resumes where it stopped', () => {
  it('after request-url failed, asks for a URL again (no recording exists yet)', async () => {
    const h = harness();
    h.requestUrl.mockRejectedValueOnce(new ApiError('network', 'offline'));
    const failed = await h.runner.run(uploadRecord());
    const done = await h.runner.run(failed);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', abandonedRecordingIds: [], failedStep: null, error: null });
    expect(h.calls).toEqual(['request-url', 'request-url', `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
  });

  it('after put failed, PUTs again to the same recording’s URL without asking for another', async () => {
    const h = harness();
    h.put.mockRejectedValueOnce(new ApiError('bad_request', 'Payload too large', { status: 413 }));
    const failed = await h.runner.run(uploadRecord());
    h.advance(5 * 60_000);
    const done = await h.runner.run(failed);
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`, `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', abandonedRecordingIds: [], failedStep: null, error: null });
  });

  it('after complete failed, only completes (never a second PUT or recording)', async () => {
    const h = harness();
    h.complete.mockRejectedValueOnce(new ApiError('server', 'down', { status: 503 }));
    const failed = await h.runner.run(uploadRecord());
    h.calls.length = 0;
    // Even with the URL long expired, nothing but complete is repeated.
    h.advance(24 * 3_600_000);
    const done = await h.runner.run(failed);
    expect(h.calls).toEqual(['complete rec-1']);
    expect(h.states().slice(-2)).toEqual(['completing', 'processing']);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', failedStep: null, error: null, abandonedRecordingIds: [] });
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.put).toHaveBeenCalledTimes(1);
  });

  it('after put failed and the URL expired meanwhile, renews it and abandons the first recording', async () => {
    const h = harness();
    h.put.mockRejectedValueOnce(new ApiError('bad_request', 'Bad digest.'));
    const failed = await h.runner.run(uploadRecord());
    h.advance(3_600_000 - 30_000);
    const done = await h.runner.run(failed);
    expect(h.calls.slice(3)).toEqual(['request-url', `access ${URL_2}`, `put ${URL_2}`, 'complete rec-2']);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-2', abandonedRecordingIds: ['rec-1'] });
  });

  it('clears the previous failure as soon as it starts again', async () => {
    const h = harness();
    const failed = withUrl({ state: 'failed', failedStep: 'put', error: 'old error', needsAccess: 'https://storage.example/*' });
    await h.runner.run(failed);
    expect(h.saves[0]).toMatchObject({ failedStep: null, error: null, needsAccess: null, state: 'uploading' });
  });
});

describe('UploadRunner: URL expiry and refusal', () => {
  it('renews a URL that expires within a minute before sending, abandoning its recording', async () => {
    const h = harness();
    const start = withUrl({ recordingId: 'rec-0', uploadUrl: 'https://storage.example/old', urlExpiresAt: new Date(T0 + 59_000).toISOString() });
    const done = await h.runner.run(start);
    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
    // The new URL was the one sent to (h.calls), and is forgotten once storage has the file.
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', uploadUrl: null, abandonedRecordingIds: ['rec-0'] });
  });

  it('keeps a URL with more than a minute left', async () => {
    const h = harness();
    const start = withUrl({ urlExpiresAt: new Date(T0 + 61_000).toISOString() });
    const done = await h.runner.run(start);
    expect(h.calls).toEqual([`access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
    expect(done.abandonedRecordingIds).toEqual([]);
  });

  it.each([
    [403, 'forbidden', 'AccessDenied', 'The upload server answered 403: Request has expired (AccessDenied)'],
    [403, 'forbidden', 'SignatureDoesNotMatch', 'The upload server answered 403: SignatureDoesNotMatch'],
    [400, 'bad_request', 'ExpiredToken', 'The upload server answered 400: The provided token has expired. (ExpiredToken)'],
    [400, 'bad_request', 'AccessDenied', 'The upload server answered 400: Request has expired (AccessDenied)'],
    [401, 'unauthorized', null, 'The upload server answered 401: Request has expired'],
  ] as const)('asks for a new URL when storage refuses the URL (%i %s %s)', async (status, kind, code, message) => {
    const h = harness();
    h.put.mockRejectedValueOnce(new ApiError(kind, message, { status, code }));
    const done = await h.runner.run(uploadRecord());
    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`, 'request-url', `access ${URL_2}`, `put ${URL_2}`, 'complete rec-2']);
    expect(h.waits).toEqual([]);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-2', uploadUrl: null, abandonedRecordingIds: ['rec-1'], putDone: true });
  });

  it.each([
    [400, 'bad_request', 'InvalidArgument', 'The upload server answered 400: Only one auth mechanism allowed (InvalidArgument)'],
    [400, 'bad_request', 'EntityTooLarge', 'The upload server answered 400: Your proposed upload exceeds the maximum allowed object size. (EntityTooLarge)'],
    [401, 'unauthorized', null, 'The upload server answered 401.'],
  ] as const)('fails with the server’s words, without a new URL, when storage refuses the request itself (%i %s %s)', async (status, kind, code, message) => {
    const h = harness();
    h.put.mockRejectedValueOnce(new ApiError(kind, message, { status, code }));
    const done = await h.runner.run(uploadRecord());
    expect(h.calls).toEqual(['request-url', `access ${URL_1}`, `put ${URL_1}`]);
    expect(h.waits).toEqual([]);
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', error: message, recordingId: 'rec-1', abandonedRecordingIds: [], putDone: false });
  });

  it('asks for at most three URLs per run, then fails', async () => {
    const h = harness();
    h.put.mockRejectedValue(new ApiError('forbidden', 'Request has expired (AccessDenied)', { status: 403 }));
    const done = await h.runner.run(uploadRecord());
    expect(h.requestUrl).toHaveBeenCalledTimes(3);
    expect(h.calls).toEqual([
      'request-url', `access ${URL_1}`, `put ${URL_1}`,
      'request-url', `access ${URL_2}`, `put ${URL_2}`,
      'request-url', `access ${URL_3}`, `put ${URL_3}`,
    ]);
    expect(h.complete).not.toHaveBeenCalled();
    expect(done).toMatchObject({
      state: 'failed',
      failedStep: 'put',
      error: 'Request has expired (AccessDenied). Every new upload address was refused too; try again later.',
      recordingId: 'rec-3',
      uploadUrl: null,
      abandonedRecordingIds: ['rec-1', 'rec-2'],
      putDone: false,
    });
  });

  it('asks for one new URL only when storage refuses a URL for no expiry (a signature that does not match), and says storage’s words', async () => {
    const h = harness();
    const mismatch = 'The upload server answered 403: The request signature we calculated does not match the signature you provided (SignatureDoesNotMatch)';
    h.put.mockRejectedValue(new ApiError('forbidden', mismatch, { status: 403, code: 'SignatureDoesNotMatch' }));
    const done = await h.runner.run(uploadRecord());
    // Each URL is a new recording at the service: not three of them for a refusal a new URL cannot cure.
    expect(h.requestUrl).toHaveBeenCalledTimes(2);
    expect(done).toMatchObject({
      state: 'failed',
      failedStep: 'put',
      error: `${mismatch}. A new upload address was refused the same way.`,
      abandonedRecordingIds: ['rec-1'],
    });
  });

  it('asks for one new URL only when storage refuses a URL with AccessDenied and no word of expiry (a bucket policy), as for a signature', async () => {
    const h = harness();
    // The code S3 gives an expired URL too, but here without "expired": nothing says time ran out.
    const denied = 'The upload server answered 403: Access Denied (AccessDenied)';
    h.put.mockRejectedValue(new ApiError('forbidden', denied, { status: 403, code: 'AccessDenied' }));
    const done = await h.runner.run(uploadRecord());
    expect(h.requestUrl).toHaveBeenCalledTimes(2);
    expect(done).toMatchObject({ state: 'failed', failedStep: 'put', error: `${denied}. ${REFUSED_THE_SAME_WAY}`, abandonedRecordingIds: ['rec-1'] });
  });

  it('asks for one new URL only on a retry that starts from the URL it already had (a PUT that failed on the network)', async () => {
    const h = harness();
    const mismatch = 'The upload server answered 403: signature mismatch (SignatureDoesNotMatch)';
    h.put.mockRejectedValue(new ApiError('forbidden', mismatch, { status: 403, code: 'SignatureDoesNotMatch' }));
    const done = await h.runner.run(withUrl({ state: 'failed', failedStep: 'put' }));
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(done).toMatchObject({ state: 'failed', error: `${mismatch}. A new upload address was refused the same way.` });
  });

  it('a retry after every new URL expired too starts a fresh budget and abandons the last refused recording', async () => {
    const h = harness();
    const expired = () => new ApiError('forbidden', 'Request has expired', { status: 403, code: 'AccessDenied' });
    for (let i = 0; i < 5; i++) h.put.mockRejectedValueOnce(expired());
    const failed = await h.runner.run(uploadRecord());
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('Every new upload address was refused too') });
    const done = await h.runner.run(failed);
    expect(h.requestUrl).toHaveBeenCalledTimes(6);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-6', abandonedRecordingIds: ['rec-1', 'rec-2', 'rec-3', 'rec-4', 'rec-5'] });
    expect(h.complete.mock.calls.map(([id]) => id)).toEqual(['rec-6']);
  });

  it('a retry after a new URL was refused the same way asks for one new URL (one more recording at the service), and finishes once storage takes it', async () => {
    const h = harness();
    h.put.mockRejectedValueOnce(new ApiError('forbidden', 'x', { status: 403 }));
    h.put.mockRejectedValueOnce(new ApiError('forbidden', 'x', { status: 403 }));
    const failed = await h.runner.run(uploadRecord());
    expect(failed).toMatchObject({ state: 'failed', error: 'x. A new upload address was refused the same way.' });
    const done = await h.runner.run(failed);
    expect(h.requestUrl).toHaveBeenCalledTimes(3);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-3', abandonedRecordingIds: ['rec-1', 'rec-2'] });
    expect(h.complete.mock.calls.map(([id]) => id)).toEqual(['rec-3']);
  });
});

describe('UploadRunner: a PUT that outlived the background', () => {
  it('is joined, not started over: no new URL, no access check, progress kept', async () => {
    const h = harness();
    h.sending.mockResolvedValueOnce(true);
    const done = await h.runner.run(withUrl({ state: 'uploading', sentBytes: 7_000 }));
    expect(h.sending).toHaveBeenCalledExactlyOnceWith('u1', URL_1);
    expect(h.calls).toEqual([`put ${URL_1}`, 'complete rec-1']);
    expect(h.saves.some((record) => record.state === 'uploading' && record.sentBytes === 0)).toBe(false);
    expect(done).toMatchObject({ state: 'processing', putDone: true, recordingId: 'rec-1', abandonedRecordingIds: [] });
  });

  it('is joined even when its URL is about to expire (storage checked it when the PUT began)', async () => {
    const h = harness();
    h.sending.mockResolvedValueOnce(true);
    await h.runner.run(withUrl({ state: 'uploading', urlExpiresAt: new Date(T0 + 10_000).toISOString() }));
    expect(h.requestUrl).not.toHaveBeenCalled();
    expect(h.calls).toEqual([`put ${URL_1}`, 'complete rec-1']);
  });

  it('goes on as usual when the joined PUT was refused: a new URL is asked for', async () => {
    const h = harness();
    h.sending.mockResolvedValueOnce(true);
    h.put.mockRejectedValueOnce(new ApiError('forbidden', 'The upload server answered 403: Request has expired (AccessDenied)', { status: 403 }));
    const done = await h.runner.run(withUrl({ state: 'uploading', recordingId: 'rec-0', uploadUrl: 'https://storage.example/old' }));
    expect(h.calls).toEqual(['put https://storage.example/old', 'request-url', `access ${URL_1}`, `put ${URL_1}`, 'complete rec-1']);
    expect(done).toMatchObject({ state: 'processing', recordingId: 'rec-1', abandonedRecordingIds: ['rec-0'] });
  });

  it('is only looked for when the upload was sending its file', async () => {
    const h = harness();
    h.sending.mockResolvedValue(true);
    await h.runner.run(withUrl({ state: 'requesting-url' }));
    await h.runner.run(withUrl({ state: 'failed', failedStep: 'put' }, 'u2'));
    expect(h.sending).not.toHaveBeenCalled();
    expect(h.missingAccess).toHaveBeenCalledTimes(2);
  });
});

describe('UploadRunner: cancel', () => {
  it('stops a PUT in flight through its abort signal and ends cancelled', async () => {
    const h = harness();
    const started = deferred();
    let seen: AbortSignal | null = null;
    h.put.mockImplementationOnce((_record, onProgress, signal) => {
      seen = signal;
      onProgress(1_000);
      started.resolve();
      return untilAborted(signal, new ApiError('aborted', 'The upload was cancelled.'));
    });
    const running = h.runner.run(uploadRecord());
    await started.promise;
    expect(h.runner.isRunning('u1')).toBe(true);
    expect(h.runner.cancel('u1')).toBe(true);
    const done = await running;
    expect(seen!.aborted).toBe(true);
    expect(done).toMatchObject({ state: 'cancelled', failedStep: null, error: null, putDone: false });
    expect(h.saves.at(-1)).toEqual(done);
    expect(h.complete).not.toHaveBeenCalled();
    expect(h.runner.isRunning('u1')).toBe(false);
    expect(h.runner.cancel('u1')).toBe(false);
  });

  it('ends cancelled whatever error the aborted step throws', async () => {
    const h = harness();
    const started = deferred();
    h.requestUrl.mockImplementationOnce((_record, signal) => {
      started.resolve();
      return untilAborted(signal, new DOMException('The operation was aborted.', 'AbortError'));
    });
    const running = h.runner.run(uploadRecord());
    await started.promise;
    h.runner.cancel('u1');
    expect(await running).toMatchObject({ state: 'cancelled', error: null, failedStep: null });
    expect(h.put).not.toHaveBeenCalled();
  });

  it('cancels during the wait before a PUT is retried', async () => {
    const h = harness();
    const waiting = deferred();
    h.put.mockRejectedValueOnce(new ApiError('network', 'offline'));
    h.sleep.mockImplementationOnce((_ms, signal) => {
      waiting.resolve();
      return untilAborted(signal, new ApiError('aborted', 'The upload was cancelled.'));
    });
    const running = h.runner.run(uploadRecord());
    await waiting.promise;
    h.runner.cancel('u1');
    expect(await running).toMatchObject({ state: 'cancelled' });
    expect(h.put).toHaveBeenCalledTimes(1);
  });

  it('says so when there is nothing to cancel', () => {
    expect(harness().runner.cancel('nope')).toBe(false);
  });
});

describe('UploadRunner: one run per upload', () => {
  it('joins a second run of the same upload instead of starting another', async () => {
    const h = harness();
    const url = deferred<PresignedUpload>();
    h.requestUrl.mockReturnValueOnce(url.promise);
    const first = h.runner.run(uploadRecord());
    const second = h.runner.run(uploadRecord());
    expect(second).toBe(first);
    url.resolve(presigned(1, T0));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.put).toHaveBeenCalledTimes(1);
    expect(h.complete).toHaveBeenCalledTimes(1);
  });

  it('runs different uploads side by side', async () => {
    const h = harness();
    const [a, b] = await Promise.all([h.runner.run(uploadRecord({}, 'a')), h.runner.run(uploadRecord({}, 'b'))]);
    expect(h.requestUrl).toHaveBeenCalledTimes(2);
    expect(new Set([a.recordingId, b.recordingId])).toEqual(new Set(['rec-1', 'rec-2']));
  });
});

describe('UploadRunner: access to the storage host', () => {
  it('stops before the PUT when the host needs the user’s permission', async () => {
    const h = harness();
    h.missingAccess.mockResolvedValueOnce('https://storage.example/*');
    const done = await h.runner.run(uploadRecord());
    expect(h.missingAccess).toHaveBeenCalledWith(URL_1);
    expect(h.put).not.toHaveBeenCalled();
    expect(h.complete).not.toHaveBeenCalled();
    expect(done).toMatchObject({
      state: 'failed',
      failedStep: 'put',
      needsAccess: 'https://storage.example/*',
      error: 'Primer needs your permission to send the recording to storage.example.',
      recordingId: 'rec-1',
      uploadUrl: URL_1,
    });
    expect(h.saves.at(-1)).toEqual(done);
  });

  it('once allowed, a retry sends to the same recording', async () => {
    const h = harness();
    h.missingAccess.mockResolvedValueOnce('https://storage.example/*');
    const failed = await h.runner.run(uploadRecord());
    const done = await h.runner.run(failed);
    expect(h.requestUrl).toHaveBeenCalledTimes(1);
    expect(h.put).toHaveBeenCalledTimes(1);
    expect(done).toMatchObject({ state: 'processing', needsAccess: null, recordingId: 'rec-1', abandonedRecordingIds: [] });
  });

  it('fails at put when no permission could allow the URL', async () => {
    const h = harness();
    h.missingAccess.mockRejectedValueOnce(new ApiError('invalid_response', 'The service gave an upload address Primer will not send recordings to: it must use https.'));
    const done = await h.runner.run(uploadRecord());
    expect(h.put).not.toHaveBeenCalled();
    expect(done).toMatchObject({
      state: 'failed',
      failedStep: 'put',
      needsAccess: null,
      error: 'The service gave an upload address Primer will not send recordings to: it must use https.',
    });
  });
});
