/**
 * The files held by the context that sends them (HeldFiles) and the PUTs it runs (FileSender): the
 * picked File is what is sent, at once; its copy for resumption is written only when it may be
 * needed (the PUT failed, or the upload is still going after a while); a PUT asked for again joins
 * the one on its way instead of sending the file over from the start.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { FileSender, MISSING_FILE } from '@/lib/upload/file-sender';
import { HeldFiles, KEEP_AFTER_MS, type FileKeeper } from '@/lib/upload/held-files';
import type { PutRequest } from '@/lib/upload/xhr-put';
import { deferred, untilAborted, type Deferred } from './helpers';

function keeper() {
  const saves = new Map<string, Deferred<void>>();
  const signals = new Map<string, AbortSignal | undefined>();
  const stored = new Map<string, Blob>();
  const store: FileKeeper = {
    save: vi.fn((id: string, file: Blob, signal?: AbortSignal) => {
      const done = deferred();
      saves.set(id, done);
      signals.set(id, signal);
      return done.promise.then(() => void stored.set(id, file));
    }),
    load: vi.fn((id: string) => Promise.resolve(stored.get(id) ?? null)),
    remove: vi.fn(() => Promise.resolve()),
  };
  return { store, saves, signals, stored };
}

/** Timers run by hand: `due` lists the pending ones with their delay. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    later: (run: () => void, ms: number) => (pending.set(next, { run, ms }), next++),
    cancel: (timer: unknown) => void pending.delete(timer as number),
    due: () => [...pending.values()].map(({ ms }) => ms),
    fire: () => {
      const all = [...pending.values()];
      pending.clear();
      for (const { run } of all) run();
    },
  };
}

const file = (name = 'Weekly sync.wav') => new File([new Uint8Array(1000)], name, { type: 'audio/wav' });
const REQUEST = { id: 'u1', url: 'https://storage.example/rec-1?sig=1', contentType: 'audio/wav', headers: { 'x-amz-acl': 'private' } };

describe('HeldFiles', () => {
  it('gives the picked File to send at once, even while its copy is being written', async () => {
    const { store, saves } = keeper();
    const held = new HeldFiles(store);
    const picked = file();
    held.hold('u1', picked);
    void held.keep('u1');
    expect(held.busy).toBe(true);
    expect(await held.body('u1')).toBe(picked);
    saves.get('u1')!.resolve();
    await held.keep('u1');
    expect(held.busy).toBe(false);
  });

  it('writes no copy when the upload is started, only KEEP_AFTER_MS later, and is busy until then', async () => {
    const { store, saves } = keeper();
    const timers = manualTimers();
    const held = new HeldFiles(store, timers);
    held.hold('u1', file());
    held.keepLater('u1');
    held.keepLater('u1');
    expect(timers.due()).toEqual([KEEP_AFTER_MS]);
    expect(store.save).not.toHaveBeenCalled();
    // The document holding the file must stay open until the copy is written.
    expect(held.busy).toBe(true);
    timers.fire();
    expect(store.save).toHaveBeenCalledTimes(1);
    expect(held.busy).toBe(true);
    saves.get('u1')!.resolve();
    await held.keep('u1');
    expect(held.busy).toBe(false);
  });

  it('never writes the copy of a file let go of (sent) before it was due', () => {
    const { store } = keeper();
    const timers = manualTimers();
    const held = new HeldFiles(store, timers);
    held.hold('u1', file());
    held.keepLater('u1');
    held.release('u1');
    expect(timers.due()).toEqual([]);
    expect(held.busy).toBe(false);
    timers.fire();
    expect(store.save).not.toHaveBeenCalled();
  });

  it('starts the copy at once when asked, instead of when it was due', () => {
    const { store } = keeper();
    const timers = manualTimers();
    const held = new HeldFiles(store, timers);
    held.hold('u1', file());
    held.keepLater('u1');
    void held.keep('u1');
    expect(store.save).toHaveBeenCalledTimes(1);
    expect(timers.due()).toEqual([]);
  });

  it('stops a copy still being written when the file is let go of', () => {
    const { store, signals } = keeper();
    const held = new HeldFiles(store);
    held.hold('u1', file());
    void held.keep('u1');
    expect(signals.get('u1')!.aborted).toBe(false);
    held.release('u1');
    expect(signals.get('u1')!.aborted).toBe(true);
  });

  it('keeps one copy however often it is asked to', async () => {
    const { store, saves } = keeper();
    const held = new HeldFiles(store);
    held.hold('u1', file());
    void held.keep('u1');
    void held.keep('u1');
    saves.get('u1')!.resolve();
    await held.keep('u1');
    expect(store.save).toHaveBeenCalledTimes(1);
  });

  it('still sends the File when its copy cannot be written (only a restart would need it)', async () => {
    const store: FileKeeper = { save: () => Promise.reject(new Error('QuotaExceededError')), load: () => Promise.resolve(null), remove: () => Promise.resolve() };
    const held = new HeldFiles(store);
    const picked = file();
    held.hold('u1', picked);
    await held.keep('u1');
    expect(await held.body('u1')).toBe(picked);
    expect(held.busy).toBe(false);
  });

  it('after a restart (nothing held), sends the kept copy, or nothing', async () => {
    const { store, stored } = keeper();
    const copy = new Blob(['x']);
    stored.set('u1', copy);
    const held = new HeldFiles(store);
    expect(await held.body('u1')).toBe(copy);
    expect(await held.body('u2')).toBeNull();
  });

  it('lets go of a file, and keeps nothing for a file it does not hold', async () => {
    const { store } = keeper();
    const held = new HeldFiles(store);
    held.hold('u1', file());
    held.release('u1');
    expect(held.has('u1')).toBe(false);
    await held.keep('u1');
    expect(store.save).not.toHaveBeenCalled();
  });
});

function sender() {
  const { store, saves } = keeper();
  const timers = manualTimers();
  const held = new HeldFiles(store, timers);
  const puts: { request: PutRequest; done: Deferred<void> }[] = [];
  const put = vi.fn((request: PutRequest) => {
    const done = deferred();
    puts.push({ request, done });
    return Promise.race([done.promise, untilAborted(request.signal, new ApiError('aborted', 'The upload was cancelled.'))]);
  });
  return { held, store, saves, timers, puts, put, files: new FileSender(held, put) };
}

describe('FileSender', () => {
  it('PUTs the held File with the content type and headers, then lets it go', async () => {
    const { held, puts, files } = sender();
    const picked = file();
    held.hold('u1', picked);
    const progress = vi.fn();
    const done = files.send(REQUEST, progress);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.request).toMatchObject({ url: REQUEST.url, body: picked, contentType: 'audio/wav', headers: { 'x-amz-acl': 'private' } });
    expect(files.sending()).toEqual([{ id: 'u1', url: REQUEST.url }]);
    expect(files.busy).toBe(true);
    puts[0]!.request.onProgress(400);
    expect(progress).toHaveBeenCalledWith(400);
    puts[0]!.done.resolve();
    await done;
    expect(held.has('u1')).toBe(false);
    expect(files.busy).toBe(false);
  });

  it('joins the PUT on its way when asked again for the same upload and URL (a restarted background)', async () => {
    const { held, puts, put, files } = sender();
    held.hold('u1', file());
    const first = vi.fn();
    const again = vi.fn();
    const sending = files.send(REQUEST, first);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.request.onProgress(300);
    const joined = files.send(REQUEST, again);
    puts[0]!.request.onProgress(600);
    puts[0]!.done.resolve();
    await Promise.all([sending, joined]);
    expect(put).toHaveBeenCalledTimes(1);
    expect(puts[0]!.request.signal.aborted).toBe(false);
    expect(first.mock.calls).toEqual([[300], [600]]);
    expect(again.mock.calls).toEqual([[600]]);
  });

  it('answers at once, without a second PUT, when asked again after the PUT succeeded (the background that asked was gone)', async () => {
    const { held, puts, put, files } = sender();
    held.hold('u1', file());
    const first = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.done.resolve();
    await first;
    expect(files.sending()).toEqual([{ id: 'u1', url: REQUEST.url }]);
    expect(files.busy).toBe(false);
    await files.send(REQUEST, vi.fn());
    expect(put).toHaveBeenCalledTimes(1);
    // Once the background has the outcome, nothing is remembered.
    files.forget('u1');
    expect(files.sending()).toEqual([]);
    await expect(files.send(REQUEST, vi.fn())).rejects.toMatchObject({ kind: 'not_found', message: MISSING_FILE });
  });

  it('replaces the PUT when asked to send to a new URL (the old one expired)', async () => {
    const { held, puts, files } = sender();
    held.hold('u1', file());
    const old = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    const renewed = files.send({ ...REQUEST, url: 'https://storage.example/rec-2?sig=2' }, vi.fn());
    await expect(old).rejects.toMatchObject({ kind: 'aborted' });
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(files.sending()).toEqual([{ id: 'u1', url: 'https://storage.example/rec-2?sig=2' }]);
    puts[1]!.done.resolve();
    await renewed;
  });

  it('stops a PUT on abort, and keeps the file for a retry, with its copy written at once', async () => {
    const { held, store, puts, files } = sender();
    held.hold('u1', file());
    held.keepLater('u1');
    const sending = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    files.abort('u1');
    await expect(sending).rejects.toMatchObject({ kind: 'aborted' });
    expect(held.has('u1')).toBe(true);
    expect(files.sending()).toEqual([]);
    expect(store.save).toHaveBeenCalledTimes(1);
  });

  it('keeps the file when the PUT fails, and writes its copy at once (a retry may come after this context is gone)', async () => {
    const { held, store, timers, puts, files } = sender();
    held.hold('u1', file());
    held.keepLater('u1');
    const sending = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.done.reject(new ApiError('network', 'offline'));
    await expect(sending).rejects.toMatchObject({ kind: 'network' });
    expect(held.has('u1')).toBe(true);
    expect(store.save).toHaveBeenCalledTimes(1);
    expect(timers.due()).toEqual([]);
    expect(held.busy).toBe(true);
  });

  it('writes no copy for a PUT replaced by one to a new URL', async () => {
    const { held, store, puts, files } = sender();
    held.hold('u1', file());
    const old = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    const renewed = files.send({ ...REQUEST, url: 'https://storage.example/rec-2?sig=2' }, vi.fn());
    await expect(old).rejects.toMatchObject({ kind: 'aborted' });
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(store.save).not.toHaveBeenCalled();
    puts[1]!.done.resolve();
    await renewed;
  });

  it('says the file must be picked again when it holds none and kept none', async () => {
    const { put, files } = sender();
    await expect(files.send(REQUEST, vi.fn())).rejects.toMatchObject({ kind: 'not_found', message: MISSING_FILE });
    expect(put).not.toHaveBeenCalled();
  });

  it('sends at once, and a PUT that succeeds before the copy is due leaves no copy written', async () => {
    const { held, store, timers, puts, files } = sender();
    held.hold('u1', file());
    held.keepLater('u1');
    const sending = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    puts[0]!.done.resolve();
    await sending;
    expect(timers.due()).toEqual([]);
    timers.fire();
    expect(store.save).not.toHaveBeenCalled();
    expect(held.busy).toBe(false);
  });

  it('a long PUT gets its copy when it is due, written while the PUT goes on, and stopped when the PUT succeeds', async () => {
    const { store, signals } = keeper();
    const timers = manualTimers();
    const held = new HeldFiles(store, timers);
    const puts: Deferred<void>[] = [];
    const files = new FileSender(held, () => {
      const done = deferred();
      puts.push(done);
      return done.promise;
    });
    held.hold('u1', file());
    held.keepLater('u1');
    const sending = files.send(REQUEST, vi.fn());
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    timers.fire();
    expect(store.save).toHaveBeenCalledTimes(1);
    puts[0]!.resolve();
    await sending;
    expect(signals.get('u1')!.aborted).toBe(true);
  });
});
