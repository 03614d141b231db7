/**
 * Handing the picked File from the popup to the context that sends it: the popup's side
 * (handOverFile), the receiver (receiveHandOvers), and both together over a broadcast channel.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { handOverFile } from '@/lib/upload/hand-over';
import type { HandOverReply } from '@/lib/upload/hand-over-protocol';
import { receiveHandOvers, type ReceiverDeps } from '@/lib/upload/hand-over-receiver';
import { HeldFiles, type FileKeeper } from '@/lib/upload/held-files';
import { newUploadRecord, type UploadRecord } from '@/lib/upload/record';
import { broadcastBus } from './channels';
import { deferred, T0 } from './helpers';

const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: null, primaryContactName: null };

function recordingFile(name = 'Weekly sync.wav', bytes = 4096, type = 'audio/wav') {
  return new File([new Uint8Array(bytes)], name, { type });
}

function request(file = recordingFile(), id = 'u1') {
  return { id, file, info: { name: file.name, size: file.size, type: 'audio/wav' }, meta: META };
}

function keeper(): FileKeeper & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    save: (id) => (saved.push(id), Promise.resolve()),
    load: () => Promise.resolve(null),
    remove: () => Promise.resolve(),
  };
}

function receiver(bus: ReturnType<typeof broadcastBus>, start?: ReceiverDeps['start']) {
  const store = keeper();
  const due: (() => void)[] = [];
  const held = new HeldFiles(store, { later: (run) => due.push(run), cancel: () => undefined });
  const started = vi.fn<ReceiverDeps['start']>(start ?? ((id, file, meta) => Promise.resolve(newUploadRecord(id, file, meta, T0))));
  const channel = bus.open();
  const handle = receiveHandOvers({ held, start: started, channel: () => channel });
  /** Runs the copies that have come due (held-files.ts: KEEP_AFTER_MS after the start). */
  const fireDue = () => due.splice(0).forEach((run) => run());
  return { held, store, start: started, channel, handle, fireDue };
}

const replies = (posted: unknown[]) => (posted as HandOverReply[]).map((reply) => `${reply.type} ${reply.id}`);

describe('handOverFile (the popup)', () => {
  it('posts the file before anything is awaited, and resolves with the started upload', async () => {
    const bus = broadcastBus();
    const { start, held } = receiver(bus);
    const popupEnd = bus.open();
    const onReceived = vi.fn();
    const sent = request();
    const done = handOverFile(sent, { prepare: vi.fn(), onReceived, channel: () => popupEnd });
    // Still in the click's task: the file is already on its way.
    expect(popupEnd.posted).toEqual([{ primer: 'hand-over', type: 'file', ...sent }]);
    const record = await done;
    expect(record).toMatchObject({ id: 'u1', state: 'requesting-url', file: sent.info, meta: META });
    expect(onReceived).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledExactlyOnceWith('u1', sent.info, META);
    expect(held.has('u1')).toBe(true);
    expect(popupEnd.closed).toBe(true);
  });

  it('readies the receiver and posts again when no one answers (its document was closed)', async () => {
    const bus = broadcastBus();
    const popupEnd = bus.open();
    let receiving: ReturnType<typeof receiver> | null = null;
    const prepare = vi.fn(() => {
      receiving = receiver(bus);
      return Promise.resolve();
    });
    const record = await handOverFile(request(), { prepare, channel: () => popupEnd, receivedWithinMs: 20 });
    expect(record.id).toBe('u1');
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(popupEnd.posted).toHaveLength(2);
    expect(receiving!.start).toHaveBeenCalledTimes(1);
  });

  it('gives up with a clear message when no receiver ever answers', async () => {
    const bus = broadcastBus();
    const prepare = vi.fn(() => Promise.resolve());
    await expect(handOverFile(request(), { prepare, channel: () => bus.open(), receivedWithinMs: 5 })).rejects.toMatchObject({
      kind: 'network',
      message: 'Primer could not take the recording; try again.',
    });
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('rejects with the reason the background refused the upload', async () => {
    const bus = broadcastBus();
    receiver(bus, () => Promise.reject(new ApiError('not_configured', 'Primer is not set up yet.')));
    await expect(handOverFile(request(), { prepare: vi.fn(), channel: () => bus.open() })).rejects.toMatchObject({ kind: 'not_configured', message: 'Primer is not set up yet.' });
  });

  it('listens only to replies about its own upload', async () => {
    const bus = broadcastBus();
    const popupEnd = bus.open();
    const other = bus.open();
    const done = handOverFile(request(), { prepare: vi.fn(), channel: () => popupEnd, receivedWithinMs: 20, startedWithinMs: 40 });
    other.postMessage({ primer: 'hand-over', type: 'refused', id: 'someone-else', error: new ApiError('http', 'not yours').toInfo() });
    other.postMessage('noise');
    other.postMessage({ primer: 'hand-over', type: 'received', id: 'u1' });
    await expect(done).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('receiveHandOvers (the sending context)', () => {
  it('says “received” at once, holds the file, has the upload started, and only then has a copy due (not written yet)', async () => {
    const bus = broadcastBus();
    const order: string[] = [];
    const { channel, held, store, fireDue } = receiver(bus, (id, file, meta) => {
      order.push(`start (copies so far: ${store.saved.length})`);
      return Promise.resolve(newUploadRecord(id, file, meta, T0));
    });
    const popupEnd = bus.open();
    const sent = request();
    popupEnd.postMessage({ primer: 'hand-over', type: 'file', ...sent });
    await vi.waitFor(() => expect(replies(channel.posted)).toEqual(['received u1', 'started u1']));
    expect(order).toEqual(['start (copies so far: 0)']);
    expect(store.saved).toEqual([]);
    expect(await held.body('u1')).toBe(sent.file);
    expect(held.busy).toBe(true);
    fireDue();
    expect(store.saved).toEqual(['u1']);
  });

  it.each([
    ['a size that is not the file’s', (file: File) => ({ name: file.name, size: file.size + 1, type: 'audio/wav' }), 'is not the one described'],
    ['another name', (file: File) => ({ name: 'other.wav', size: file.size, type: 'audio/wav' }), 'is not the one described'],
    ['another type', (file: File) => ({ name: file.name, size: file.size, type: 'audio/mpeg' }), 'is not the one described'],
  ])('refuses a file described with %s, and starts nothing', async (_case, describe, message) => {
    const bus = broadcastBus();
    const { channel, start, held } = receiver(bus);
    const file = recordingFile();
    bus.open().postMessage({ primer: 'hand-over', type: 'file', id: 'u1', file, info: describe(file), meta: META });
    await vi.waitFor(() => expect(replies(channel.posted)).toEqual(['received u1', 'refused u1']));
    expect((channel.posted[1] as Extract<HandOverReply, { type: 'refused' }>).error).toMatchObject({ kind: 'bad_request', message: expect.stringContaining(message) });
    expect(start).not.toHaveBeenCalled();
    expect(held.has('u1')).toBe(false);
  });

  it('refuses a file that is not a recording, whatever it is described as', async () => {
    const bus = broadcastBus();
    const { channel, start } = receiver(bus);
    const file = recordingFile('radio.m3u', 300, 'audio/x-mpegurl');
    bus.open().postMessage({ primer: 'hand-over', type: 'file', id: 'u1', file, info: { name: file.name, size: file.size, type: 'audio/x-mpegurl' }, meta: META });
    await vi.waitFor(() => expect(replies(channel.posted)).toEqual(['received u1', 'refused u1']));
    expect(start).not.toHaveBeenCalled();
  });

  it('lets the file go, and keeps no copy, when the background refuses to start', async () => {
    const bus = broadcastBus();
    const { channel, held, store } = receiver(bus, () => Promise.reject(new ApiError('bad_request', 'No.')));
    bus.open().postMessage({ primer: 'hand-over', type: 'file', ...request() });
    await vi.waitFor(() => expect(replies(channel.posted)).toEqual(['received u1', 'refused u1']));
    expect(held.has('u1')).toBe(false);
    expect(held.busy).toBe(false);
    expect(store.saved).toEqual([]);
  });

  it('starts an upload posted twice once, and answers both posts', async () => {
    const bus = broadcastBus();
    const { channel, start } = receiver(bus);
    const popupEnd = bus.open();
    const sent = request();
    popupEnd.postMessage({ primer: 'hand-over', type: 'file', ...sent });
    popupEnd.postMessage({ primer: 'hand-over', type: 'file', ...sent });
    await vi.waitFor(() => expect(replies(channel.posted).filter((reply) => reply.startsWith('started'))).toHaveLength(2));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('is busy while an upload is being started (its document must not close)', async () => {
    const bus = broadcastBus();
    const starting = deferred<UploadRecord>();
    const { handle, channel } = receiver(bus, () => starting.promise);
    bus.open().postMessage({ primer: 'hand-over', type: 'file', ...request() });
    await vi.waitFor(() => expect(handle.busy).toBe(true));
    starting.resolve(newUploadRecord('u1', request().info, META, T0));
    await vi.waitFor(() => expect(replies(channel.posted)).toContain('started u1'));
    expect(handle.busy).toBe(false);
  });

  it('ignores anything that is not a hand-over', async () => {
    const bus = broadcastBus();
    const { channel, start } = receiver(bus);
    const other = bus.open();
    other.postMessage({ primer: 'hand-over', type: 'file', id: 'u1', file: 'not a file', info: request().info, meta: META });
    other.postMessage({ primer: 'hand-over', type: 'received', id: 'u1' });
    other.postMessage(null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(channel.posted).toEqual([]);
    expect(start).not.toHaveBeenCalled();
  });
});

describe('the popup closing right after the click', () => {
  it('loses nothing: the receiver already has the file and starts the upload', async () => {
    const bus = broadcastBus();
    const { start, held } = receiver(bus);
    const popupEnd = bus.open();
    const sent = request();
    const popup = handOverFile(sent, { prepare: vi.fn(), channel: () => popupEnd, receivedWithinMs: 5 }).catch(() => 'the popup is gone');
    // The popup is gone before any reply could reach it.
    popupEnd.close();
    await vi.waitFor(() => expect(start).toHaveBeenCalledExactlyOnceWith('u1', sent.info, META));
    await vi.waitFor(() => expect(held.has('u1')).toBe(true));
    expect(await popup).toBe('the popup is gone');
  });
});
