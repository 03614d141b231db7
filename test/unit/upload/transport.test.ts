/**
 * Where the PUT runs: the offscreen document's life (opened for work, closed only when nothing
 * needs it, open and close never interleaved), the background's messages to it, and Firefox's
 * local sending.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { FileSender } from '@/lib/upload/file-sender';
import { HeldFiles } from '@/lib/upload/held-files';
import { OffscreenDocument, type OffscreenApi } from '@/lib/upload/offscreen-document';
import type { OffscreenRequest, Progress, StatusReply } from '@/lib/upload/offscreen-protocol';
import { contentTypeOf, HAND_OVER_HOLD_MS, localTransport, offscreenTransport, type OffscreenChannel } from '@/lib/upload/transport';
import type { PutRequest } from '@/lib/upload/xhr-put';
import { deferred, idle, withUrl, type Deferred } from './helpers';

/** chrome.offscreen as it behaves: one document, opening and closing take a while. */
function fakeApi() {
  const state = { open: false, created: 0, closed: 0 };
  const closing: Deferred<void>[] = [];
  const api: OffscreenApi = {
    createDocument: vi.fn(async () => {
      await idle();
      if (state.open) throw new Error('Only a single offscreen document may be created.');
      state.open = true;
      state.created++;
    }),
    closeDocument: vi.fn(async () => {
      const done = deferred();
      closing.push(done);
      await done.promise;
      if (!state.open) throw new Error('No current offscreen document.');
      state.open = false;
      state.closed++;
    }),
    hasDocument: vi.fn(() => Promise.resolve(state.open)),
  };
  /** Lets every close asked for so far finish. */
  const finishClosing = async () => {
    while (closing.length) closing.shift()!.resolve();
    await idle();
  };
  return { api, state, finishClosing, closing };
}

function documentOf(api: OffscreenApi, status: StatusReply = { sending: [], busy: false }) {
  const timers: { run: () => void; ms: number }[] = [];
  const clock = { now: 0 };
  const document = new OffscreenDocument({
    api,
    status: () => Promise.resolve(status),
    now: () => clock.now,
    later: (run, ms) => void timers.push({ run, ms }),
  });
  return { document, timers, clock, status };
}

describe('OffscreenDocument', () => {
  it('opens for work and closes when the last work is done', async () => {
    const { api, state, finishClosing } = fakeApi();
    const { document } = documentOf(api);
    const a = deferred();
    const b = deferred();
    const first = document.use(() => a.promise);
    const second = document.use(() => b.promise);
    await vi.waitFor(() => expect(state.open).toBe(true));
    a.resolve();
    await first;
    await finishClosing();
    expect(state.open).toBe(true);
    b.resolve();
    await second;
    await vi.waitFor(() => expect(api.closeDocument).toHaveBeenCalledTimes(1));
    await finishClosing();
    expect(state).toMatchObject({ open: false, created: 1, closed: 1 });
  });

  it('a close decided when one PUT ended never runs between the next PUT finding the document open and using it', async () => {
    const { api, state, finishClosing, closing } = fakeApi();
    const { document } = documentOf(api);
    await document.use(() => Promise.resolve());
    // The close of the first PUT has begun when the next PUT comes.
    await vi.waitFor(() => expect(closing).toHaveLength(1));
    const seen: boolean[] = [];
    const next = document.use(async () => {
      seen.push(state.open);
      await idle();
      seen.push(state.open);
    });
    await finishClosing();
    await next;
    expect(seen).toEqual([true, true]);
    expect(state.created).toBe(2);
  });

  it('is not closed while held for a hand-over, and is closed when the hold ends', async () => {
    const { api, state, finishClosing } = fakeApi();
    const { document, timers, clock } = documentOf(api);
    await document.holdFor(60_000);
    expect(state.open).toBe(true);
    await document.use(() => Promise.resolve());
    await finishClosing();
    expect(state.open).toBe(true);
    clock.now = 60_000;
    timers.find((timer) => timer.ms === 60_000)!.run();
    await vi.waitFor(() => expect(api.closeDocument).toHaveBeenCalledTimes(1));
    await finishClosing();
    expect(state.open).toBe(false);
  });

  it('is not closed while the document says it is busy (a PUT a previous worker started, a copy being written), and is looked at again', async () => {
    const { api, state } = fakeApi();
    const status: StatusReply = { sending: [{ id: 'u1', url: 'https://storage.example/x' }], busy: true };
    const { document, timers } = documentOf(api, status);
    state.open = true;
    await document.closeIfIdle();
    expect(api.closeDocument).not.toHaveBeenCalled();
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);
  });

  it('does nothing when asked to close a document that is not open', async () => {
    const { api } = fakeApi();
    const { document } = documentOf(api);
    await document.closeIfIdle();
    expect(api.closeDocument).not.toHaveBeenCalled();
  });
});

function fakeChannel(answer: (request: OffscreenRequest) => unknown = () => ({ ok: true })) {
  const listeners = new Set<(progress: Progress) => void>();
  const asked: OffscreenRequest[] = [];
  const channel: OffscreenChannel = {
    ask: vi.fn((request: OffscreenRequest) => {
      asked.push(request);
      return Promise.resolve(answer(request));
    }),
    onProgress: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const report = (progress: Omit<Progress, 'primer'>) => listeners.forEach((listener) => listener({ primer: 'offscreen-progress', ...progress }));
  return { channel, asked, report, listeners };
}

const RECORD = withUrl({ state: 'uploading' }) as ReturnType<typeof withUrl> & { uploadUrl: string };

describe('offscreenTransport', () => {
  it('asks the document to PUT the file, with this upload’s progress only', async () => {
    const { api, state } = fakeApi();
    const putting = deferred<unknown>();
    const { channel, asked, report, listeners } = fakeChannel((request) => (request.type === 'put' ? putting.promise : { sending: [], busy: false }));
    const transport = offscreenTransport(api, channel);
    const progress = vi.fn();
    const done = transport.put(RECORD, progress, new AbortController().signal);
    await vi.waitFor(() => expect(asked.some((request) => request.type === 'put')).toBe(true));
    expect(state.open).toBe(true);
    expect(asked.find((request) => request.type === 'put')).toEqual({
      primer: 'offscreen', type: 'put', id: 'u1', url: RECORD.uploadUrl, contentType: 'audio/mp4', headers: RECORD.uploadHeaders,
    });
    report({ id: 'u1', sent: 500 });
    report({ id: 'other', sent: 900 });
    putting.resolve({ ok: true });
    await done;
    expect(progress.mock.calls).toEqual([[500]]);
    expect(listeners.size).toBe(0);
  });

  it('sends the type the presigned reply named among its headers (the URL was signed for it), else the file’s', async () => {
    const { api } = fakeApi();
    const { channel, asked } = fakeChannel((request) => (request.type === 'put' ? { ok: true } : { sending: [], busy: false }));
    const signedFor = { ...RECORD, uploadHeaders: { 'x-amz-acl': 'private', 'content-type': ' audio/mpeg ' } };
    await offscreenTransport(api, channel).put(signedFor, vi.fn(), new AbortController().signal);
    expect(asked.find((request) => request.type === 'put')).toMatchObject({ contentType: 'audio/mpeg' });
    expect(contentTypeOf({ file: { ...RECORD.file, type: 'audio/mp3' }, uploadHeaders: { 'Content-Type': 'audio/mpeg' } })).toBe('audio/mpeg');
    expect(contentTypeOf({ file: { ...RECORD.file, type: 'audio/mp3' }, uploadHeaders: { 'Content-Type': '  ' } })).toBe('audio/mp3');
    expect(contentTypeOf({ file: { ...RECORD.file, type: 'audio/mp3' }, uploadHeaders: {} })).toBe('audio/mp3');
  });

  it('turns the document’s error into the upload’s, and an odd reply into one of its own', async () => {
    const { api } = fakeApi();
    const failing = offscreenTransport(api, fakeChannel(() => ({ ok: false, error: new ApiError('forbidden', 'Request has expired', { status: 403 }).toInfo() })).channel);
    await expect(failing.put(RECORD, vi.fn(), new AbortController().signal)).rejects.toMatchObject({ kind: 'forbidden', status: 403, message: 'Request has expired' });
    const odd = offscreenTransport(api, fakeChannel(() => undefined).channel);
    await expect(odd.put(RECORD, vi.fn(), new AbortController().signal)).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('takes a document that stopped answering mid-PUT (closed or crashed) for a failure worth another try', async () => {
    const { api } = fakeApi();
    const { channel } = fakeChannel();
    vi.mocked(channel.ask).mockImplementation((request) =>
      request.type === 'put' ? Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')) : Promise.resolve({ sending: [], busy: false }),
    );
    const gone = offscreenTransport(api, channel);
    await expect(gone.put(RECORD, vi.fn(), new AbortController().signal)).rejects.toMatchObject({ kind: 'network', message: 'The page that sends recordings stopped answering.' });
  });

  it('tells the document to stop when the upload is cancelled', async () => {
    const { api } = fakeApi();
    const putting = deferred<unknown>();
    const { channel, asked } = fakeChannel((request) => (request.type === 'put' ? putting.promise : undefined));
    const transport = offscreenTransport(api, channel);
    const controller = new AbortController();
    const done = transport.put(RECORD, vi.fn(), controller.signal);
    await vi.waitFor(() => expect(asked.some((request) => request.type === 'put')).toBe(true));
    controller.abort();
    expect(asked.at(-1)).toEqual({ primer: 'offscreen', type: 'abort', id: 'u1' });
    putting.resolve({ ok: false, error: new ApiError('aborted', 'The upload was cancelled.').toInfo() });
    await expect(done).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('knows whether the document is still sending an upload (for a restarted background)', async () => {
    const { api, state } = fakeApi();
    const { channel } = fakeChannel(() => ({ sending: [{ id: 'u1', url: RECORD.uploadUrl }], busy: true }));
    const transport = offscreenTransport(api, channel);
    expect(await transport.sending('u1', RECORD.uploadUrl)).toBe(false);
    state.open = true;
    expect(await transport.sending('u1', RECORD.uploadUrl)).toBe(true);
    expect(await transport.sending('u1', 'https://storage.example/other')).toBe(false);
    expect(await transport.sending('u2', RECORD.uploadUrl)).toBe(false);
  });

  it('opens the document for a hand-over and keeps it for a minute', async () => {
    const { api, state, finishClosing } = fakeApi();
    const now = 1000;
    const wakeAt = vi.fn();
    const transport = offscreenTransport(api, fakeChannel().channel, () => now, wakeAt);
    await transport.prepare();
    expect(state.open).toBe(true);
    expect(HAND_OVER_HOLD_MS).toBe(60_000);
    // The worker may be stopped before its timer runs: the browser wakes it after the hold, and
    // the next worker closes the idle document.
    expect(wakeAt).toHaveBeenCalledWith(now + HAND_OVER_HOLD_MS + 1_000);
    const next = offscreenTransport(api, fakeChannel(() => ({ sending: [], busy: false })).channel, () => now + HAND_OVER_HOLD_MS + 1_000, wakeAt);
    const tidied = next.tidy();
    await vi.waitFor(() => expect(api.closeDocument).toHaveBeenCalled());
    await finishClosing();
    await tidied;
    expect(state.open).toBe(false);
  });

  it('asks an open document to let go of a file, and opens none to do so', async () => {
    const { api, state } = fakeApi();
    const { channel, asked } = fakeChannel();
    const transport = offscreenTransport(api, channel);
    await transport.release('u1');
    expect(asked).toEqual([]);
    expect(api.createDocument).not.toHaveBeenCalled();
    state.open = true;
    await transport.release('u1');
    expect(asked).toEqual([{ primer: 'offscreen', type: 'release', id: 'u1' }]);
  });
});

describe('localTransport (Firefox)', () => {
  it('sends from this page, and stops when the upload is cancelled', async () => {
    const held = new HeldFiles({ save: () => Promise.resolve(), load: () => Promise.resolve(null), remove: () => Promise.resolve() });
    const put = vi.fn((request: PutRequest) => new Promise<void>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new ApiError('aborted', 'cancelled')))));
    const sender = new FileSender(held, put);
    const transport = localTransport(held, sender);
    held.hold('u1', new File([new Uint8Array(10)], 'a.wav', { type: 'audio/wav' }));
    const controller = new AbortController();
    const done = transport.put(RECORD, vi.fn(), controller.signal);
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(await transport.sending('u1', RECORD.uploadUrl)).toBe(true);
    controller.abort();
    await expect(done).rejects.toMatchObject({ kind: 'aborted' });
    await transport.release('u1');
    expect(held.has('u1')).toBe(false);
  });
});
