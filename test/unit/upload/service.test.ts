/**
 * The background's upload service over an in-memory store and fake platform: no duplicate
 * uploads, retry, cancel, dismiss, resume after a restart, processing checks, and the badge.
 */
import { describe, expect, it, vi } from 'vitest';
import { browser } from '#imports';
import { ApiError } from '@/lib/api/error-info';
import type { Recording } from '@/lib/models';
import { MISSING_FILE, type UploadRecord } from '@/lib/upload/record';
import { STOPPED_COPY_KEPT_MS, UNSEEN_CHECK_MS, UploadService, type UploadPlatform } from '@/lib/upload/service';
import { storageUploadStore, UPLOADS_KEY } from '@/lib/upload/store';
import { deferred, fakePlatform, idle, memoryStore, presigned, T0, untilAborted, uploadRecord, withUrl, type MemoryStore } from './helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

function recording(patch: Partial<Recording> = {}): Recording {
  return {
    id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', meetingDate: null, status: 'processing', rawStatus: null,
    progress: 40, primaryContactId: 'c-maya', participants: [], error: null, ...patch,
  };
}

function setup(initial: UploadRecord[] = []) {
  const store: MemoryStore = memoryStore(initial);
  const clock = { now: T0 };
  let issued = 0;
  // What this file's cases share beyond the default platform: numbered upload URLs, a PUT that
  // reports its whole file sent, a processed recording, and no popup showing the uploads.
  const platform = {
    ...fakePlatform(store, () => clock.now),
    requestUrl: vi.fn<UploadPlatform['requestUrl']>(() => Promise.resolve(presigned(++issued, T0))),
    put: vi.fn<UploadPlatform['put']>((record, onProgress) => {
      onProgress(record.file.size);
      return Promise.resolve();
    }),
    getRecording: vi.fn<UploadPlatform['getRecording']>(() => Promise.resolve(recording())),
    uploadsShown: vi.fn<UploadPlatform['uploadsShown']>(() => Promise.resolve(false)),
  } satisfies UploadPlatform;
  const service = new UploadService(platform);
  const badge = () => platform.showActive.mock.calls.at(-1)?.[0];
  return { service, store, platform, badge, clock };
}

describe('start', () => {
  it('stores the upload, runs it to processing and schedules a processing check', async () => {
    const { service, store, platform, badge } = setup();
    const started = await service.start('u1', FILE, META);
    expect(started).toMatchObject({ id: 'u1', state: 'requesting-url', file: FILE, meta: META, createdAt: T0 });
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'processing', recordingId: 'rec-1', putDone: true, nextCheckAt: T0 + 30_000 });
    // The first check 30 s on: the shortest an alarm may wait in a packed build.
    expect(platform.schedulePoll).toHaveBeenLastCalledWith(T0 + 30_000);
    expect(badge()).toBe(1);
  });

  it('starting the same id again returns it as it stands, with no second upload', async () => {
    const { service, store, platform } = setup();
    await service.start('u1', FILE, META);
    await idle();
    const again = await service.start('u1', { ...FILE, name: 'other.mp3' }, META);
    await idle();
    expect(again).toMatchObject({ id: 'u1', state: 'processing', file: FILE });
    expect(store.records.size).toBe(1);
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.put).toHaveBeenCalledTimes(1);
    expect(platform.complete).toHaveBeenCalledTimes(1);
  });

  it('two starts of the same id at once create one upload', async () => {
    const { service, store, platform } = setup();
    const [a, b] = await Promise.all([service.start('u1', FILE, META), service.start('u1', FILE, META)]);
    await idle();
    expect(a.id).toBe('u1');
    expect(b.id).toBe('u1');
    expect(store.records.size).toBe(1);
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.complete).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ name: 'notes.pdf', size: 1000, type: 'application/pdf' }, '“notes.pdf” is not an audio recording'],
    [{ name: 'radio.m3u', size: 1000, type: 'audio/x-mpegurl' }, '“radio.m3u” is a playlist'],
    [{ name: 'long.wav', size: 6 * 1024 ** 3, type: 'audio/wav' }, 'recordings can be at most 5.0 GB'],
  ])('refuses to start what the popup should never have sent (%o)', async (file, message) => {
    const { service, store, platform } = setup();
    await expect(service.start('u1', file, META)).rejects.toMatchObject({ kind: 'bad_request', message: expect.stringContaining(message) });
    await idle();
    expect(store.records.size).toBe(0);
    expect(platform.requestUrl).not.toHaveBeenCalled();
  });

  it('a failed upload is stored failed, with no processing check and no active badge', async () => {
    const { service, store, platform, badge } = setup();
    platform.requestUrl.mockRejectedValueOnce(new ApiError('forbidden', 'This key may not upload.', { status: 403 }));
    await service.start('u1', FILE, META);
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'request-url', error: 'This key may not upload.' });
    expect(platform.schedulePoll).not.toHaveBeenCalled();
    expect(badge()).toBe(0);
  });
});

describe('retry', () => {
  it('refuses an upload whose processing failed on the service', async () => {
    const { service, platform } = setup([withUrl({ state: 'failed', failedStep: 'processing', putDone: true, error: 'Bad audio' })]);
    await expect(service.retry('u1')).rejects.toMatchObject({ kind: 'conflict', message: 'The service could not process this recording; upload the file again.' });
    await idle();
    expect(platform.complete).not.toHaveBeenCalled();
  });

  it('clears the missing permission and resumes at the PUT, with the same recording', async () => {
    const failed = withUrl({ state: 'failed', failedStep: 'put', error: 'Primer needs your permission', needsAccess: 'https://storage.example/*' });
    const { service, store, platform } = setup([failed]);
    const resumed = await service.retry('u1');
    expect(resumed).toMatchObject({ state: 'requesting-url', failedStep: null, error: null, needsAccess: null, recordingId: 'rec-1' });
    await idle();
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.missingAccess).toHaveBeenCalledWith('https://storage.example/rec-1?sig=1');
    expect(platform.put).toHaveBeenCalledTimes(1);
    expect(platform.complete).toHaveBeenCalledWith('rec-1', expect.any(AbortSignal), null, null);
    expect(await store.get('u1')).toMatchObject({ state: 'processing', needsAccess: null, abandonedRecordingIds: [] });
  });

  it('after complete failed, completes only', async () => {
    const { service, store, platform } = setup([withUrl({ state: 'failed', failedStep: 'complete', putDone: true, error: 'down' })]);
    expect(await service.retry('u1')).toMatchObject({ state: 'completing', error: null });
    await idle();
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put).not.toHaveBeenCalled();
    expect(platform.complete).toHaveBeenCalledTimes(1);
    expect(await store.get('u1')).toMatchObject({ state: 'processing' });
  });

  it('resumes a cancelled upload', async () => {
    const { service, store, platform } = setup([uploadRecord({ state: 'cancelled' })]);
    expect(await service.retry('u1')).toMatchObject({ state: 'requesting-url' });
    await idle();
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(await store.get('u1')).toMatchObject({ state: 'processing', recordingId: 'rec-1' });
  });

  it.each(['processing', 'completed'] as const)('leaves a %s upload alone', async (state) => {
    const record = withUrl({ state, putDone: true });
    const { service, store, platform } = setup([record]);
    expect(await service.retry('u1')).toEqual(record);
    await idle();
    expect(platform.complete).not.toHaveBeenCalled();
    expect(await store.get('u1')).toEqual(record);
  });

  it('does not start a second run of an upload that is running', async () => {
    const { service, platform } = setup();
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.start('u1', FILE, META);
    await idle();
    const running = await service.retry('u1');
    await idle();
    expect(running.state).toBe('uploading');
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.put).toHaveBeenCalledTimes(1);
  });

  it('says so for an unknown upload', async () => {
    await expect(setup().service.retry('nope')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('an upload stopped on the way', () => {
  it('is announced once, as its popup may be closed (the badge going out would read as done)', async () => {
    const { service, store, platform } = setup();
    platform.missingAccess.mockResolvedValueOnce('https://storage.example/*');
    await service.start('u1', FILE, META);
    await idle();
    const stopped = await store.get('u1');
    expect(stopped).toMatchObject({ state: 'failed', failedStep: 'put', needsAccess: 'https://storage.example/*' });
    expect(platform.announce).toHaveBeenCalledTimes(1);
    expect(platform.announce).toHaveBeenCalledWith(stopped);
  });

  it('is not announced while the popup shows it; announced if the popup is gone 10 s on (closed right after the click)', async () => {
    const seen = setup();
    seen.platform.missingAccess.mockResolvedValue('https://storage.example/*');
    seen.platform.uploadsShown.mockResolvedValue(true);
    await seen.service.start('u1', FILE, META);
    await idle();
    expect(seen.platform.announce).not.toHaveBeenCalled();
    expect(seen.platform.sleep).toHaveBeenCalledWith(UNSEEN_CHECK_MS, expect.any(AbortSignal));

    const closed = setup();
    closed.platform.missingAccess.mockResolvedValue('https://storage.example/*');
    closed.platform.uploadsShown.mockResolvedValueOnce(true).mockResolvedValue(false);
    await closed.service.start('u1', FILE, META);
    await idle();
    expect(closed.platform.announce).toHaveBeenCalledTimes(1);
  });

  it('is not announced once retried (or removed) before the look 10 s on', async () => {
    const { service, store, platform } = setup();
    platform.missingAccess.mockResolvedValueOnce('https://storage.example/*');
    platform.uploadsShown.mockResolvedValueOnce(true).mockResolvedValue(false);
    const later = deferred<void>();
    platform.sleep.mockImplementation((ms) => (ms === UNSEEN_CHECK_MS ? later.promise : Promise.resolve()));
    await service.start('u1', FILE, META);
    await idle();
    await service.retry('u1');
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'processing' });
    later.resolve();
    await idle();
    expect(platform.announce).not.toHaveBeenCalled();
  });

  it('is not announced when the user cancelled it', async () => {
    const { service, store, platform } = setup();
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.start('u1', FILE, META);
    await idle();
    await service.cancel('u1');
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'cancelled' });
    expect(platform.announce).not.toHaveBeenCalled();
  });

  it('goes on once the access it waits for is granted (the prompt closed the popup before its retry), and only that one', async () => {
    const waiting = withUrl({ state: 'failed', failedStep: 'put', error: 'Primer needs your permission', needsAccess: 'https://storage.example/*' });
    const other = withUrl({ id: 'u2', state: 'failed', failedStep: 'put', error: 'Primer needs your permission', needsAccess: 'https://other.example/*', uploadUrl: 'https://other.example/rec-2?sig=2' });
    const refused = withUrl({ id: 'u3', state: 'failed', failedStep: 'complete', putDone: true, error: 'down' });
    const { service, store, platform } = setup([waiting, other, refused]);
    platform.missingAccess.mockImplementation((url) => Promise.resolve(url.startsWith('https://other.example/') ? 'https://other.example/*' : null));
    await service.accessGranted();
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'processing', needsAccess: null });
    expect(await store.get('u2')).toMatchObject({ state: 'failed', needsAccess: 'https://other.example/*' });
    expect(await store.get('u3')).toMatchObject({ state: 'failed', failedStep: 'complete' });
    expect(platform.put).toHaveBeenCalledTimes(1);
  });

  it('resumes once when the grant and the popup’s retry come together', async () => {
    const waiting = withUrl({ state: 'failed', failedStep: 'put', error: 'Primer needs your permission', needsAccess: 'https://storage.example/*' });
    const { service, platform } = setup([waiting]);
    await Promise.all([service.accessGranted(), service.retry('u1'), service.retry('u1')]);
    await idle();
    expect(platform.put).toHaveBeenCalledTimes(1);
    expect(platform.complete).toHaveBeenCalledTimes(1);
  });

  it('is announced once when the grant and the popup’s retry come together and the storage then refuses it', async () => {
    const waiting = withUrl({ state: 'failed', failedStep: 'put', error: 'Primer needs your permission', needsAccess: 'https://storage.example/*' });
    const { service, store, platform } = setup([waiting]);
    platform.put.mockRejectedValue(new ApiError('bad_request', 'The upload server answered 400: Unsupported header (InvalidArgument)', { status: 400 }));
    await Promise.all([service.retry('u1'), service.retry('u1')]);
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'put' });
    expect(platform.announce).toHaveBeenCalledTimes(1);
  });
});

describe('cancel', () => {
  it('aborts a running upload, which ends cancelled', async () => {
    const { service, store, platform, badge } = setup();
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.start('u1', FILE, META);
    await idle();
    expect(badge()).toBe(1);
    const answer = await service.cancel('u1');
    expect(answer.state).toBe('uploading');
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'cancelled', error: null });
    expect(platform.complete).not.toHaveBeenCalled();
    expect(badge()).toBe(0);
  });

  it.each(['requesting-url', 'uploading', 'completing'] as const)('marks a %s upload that is not running here cancelled', async (state) => {
    const { service, store, platform, badge } = setup([withUrl({ state })]);
    const cancelled = await service.cancel('u1');
    expect(cancelled).toMatchObject({ state: 'cancelled', recordingId: 'rec-1' });
    expect(await store.get('u1')).toEqual(cancelled);
    expect(badge()).toBe(0);
    await idle();
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put).not.toHaveBeenCalled();
    expect(platform.complete).not.toHaveBeenCalled();
  });

  it.each(['processing', 'failed', 'completed'] as const)('leaves a %s upload as it is', async (state) => {
    const record = withUrl({ state, putDone: true });
    const { service, store } = setup([record]);
    expect(await service.cancel('u1')).toEqual(record);
    expect(await store.get('u1')).toEqual(record);
  });

  it('says so for an unknown upload', async () => {
    await expect(setup().service.cancel('nope')).rejects.toMatchObject({ kind: 'not_found', message: 'Primer has no such upload.' });
  });
});

describe('dismiss', () => {
  it.each(['requesting-url', 'uploading', 'completing'] as const)('refuses an upload being sent (%s)', async (state) => {
    const { service, store, platform } = setup([withUrl({ state })]);
    await expect(service.dismiss('u1')).rejects.toMatchObject({ kind: 'conflict', message: 'Cancel the upload before removing it.' });
    expect(store.records.size).toBe(1);
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });

  it.each(['completed', 'failed', 'cancelled'] as const)('removes a %s upload and deletes its file', async (state) => {
    const { service, store, platform } = setup([withUrl({ state }), uploadRecord({ state: 'failed' }, 'other')]);
    expect(await service.dismiss('u1')).toBe(true);
    expect(await store.get('u1')).toBeNull();
    expect(await store.get('other')).not.toBeNull();
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('u1');
  });

  it('forgets finished uploads older than a time with their files, not active or younger ones', async () => {
    const { service, store, platform } = setup([
      withUrl({ state: 'failed', updatedAt: T0 - 2 }, 'old-failed'),
      withUrl({ state: 'processing', updatedAt: T0 - 2 }, 'old-processing'),
      withUrl({ state: 'completed', updatedAt: T0 + 1 }, 'young'),
    ]);
    await service.forgetFinishedBefore(T0);
    expect([...store.records.keys()].sort()).toEqual(['old-processing', 'young']);
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('old-failed');
  });

  it('stops following an upload the service is processing: removed, its check unscheduled, the badge lowered', async () => {
    const { service, store, platform, badge } = setup([withUrl({ state: 'processing', putDone: true, nextCheckAt: T0 + 30_000 })]);
    expect(await service.dismiss('u1')).toBe(true);
    expect(store.records.size).toBe(0);
    expect(platform.schedulePoll).toHaveBeenLastCalledWith(null);
    expect(badge()).toBe(0);
  });

  it('removes it even when the file cannot be deleted', async () => {
    const { service, store, platform } = setup([uploadRecord({ state: 'failed' })]);
    platform.deleteFile.mockRejectedValueOnce(new Error('IndexedDB closed'));
    expect(await service.dismiss('u1')).toBe(true);
    expect(store.records.size).toBe(0);
  });

  it('answers false for an unknown upload', async () => {
    const { service, platform } = setup();
    expect(await service.dismiss('nope')).toBe(false);
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });
});

describe('resume', () => {
  it('relaunches uploads cut off mid-way, each at its own step, and watches processing', async () => {
    const records = [
      uploadRecord({ createdAt: T0 - 1 }, 'asking'),
      withUrl({ state: 'uploading', createdAt: T0 - 2, recordingId: 'rec-b', uploadUrl: 'https://storage.example/b' }, 'sending'),
      withUrl({ state: 'completing', createdAt: T0 - 3, recordingId: 'rec-c', putDone: true }, 'completing'),
      withUrl({ state: 'processing', createdAt: T0 - 4, recordingId: 'rec-d', putDone: true }, 'processing'),
      withUrl({ state: 'failed', createdAt: T0 - 5, failedStep: 'put', error: 'x' }, 'failed'),
      uploadRecord({ state: 'cancelled', createdAt: T0 - 6 }, 'cancelled'),
    ];
    const { service, store, platform, badge } = setup(records);
    await service.resume();
    await idle();
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.requestUrl.mock.calls[0]![0].id).toBe('asking');
    expect(platform.put.mock.calls.map(([record]) => record.uploadUrl).sort()).toEqual(['https://storage.example/b', 'https://storage.example/rec-1?sig=1']);
    expect(platform.complete.mock.calls.map(([id]) => id).sort()).toEqual(['rec-1', 'rec-b', 'rec-c']);
    const states = Object.fromEntries((await store.all()).map((record) => [record.id, record.state]));
    expect(states).toEqual({ asking: 'processing', sending: 'processing', completing: 'processing', processing: 'processing', failed: 'failed', cancelled: 'cancelled' });
    // The upload already processing was saved before due times existed: it is due at once.
    expect(platform.schedulePoll).toHaveBeenCalledWith(T0);
    expect(badge()).toBe(4);
  });

  it('sets the alarm for the check that is due when something is being processed', async () => {
    const { service, platform, badge } = setup([withUrl({ state: 'processing', putDone: true, nextCheckAt: T0 + 45_000 }), uploadRecord({ state: 'failed' }, 'f')]);
    await service.resume();
    await idle();
    expect(platform.schedulePoll.mock.calls).toEqual([[T0 + 45_000]]);
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put).not.toHaveBeenCalled();
    expect(platform.complete).not.toHaveBeenCalled();
    expect(badge()).toBe(1);
  });

  it('clears the alarm and the badge when nothing is going', async () => {
    const { service, platform } = setup([uploadRecord({ state: 'completed' }), uploadRecord({ state: 'failed' }, 'f')]);
    await service.resume();
    await idle();
    expect(platform.schedulePoll.mock.calls).toEqual([[null]]);
    expect(platform.showActive.mock.calls).toEqual([[0]]);
  });

  it('does not relaunch an upload that is already running', async () => {
    const { service, platform } = setup();
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.start('u1', FILE, META);
    await idle();
    await service.resume();
    await idle();
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.put).toHaveBeenCalledTimes(1);
  });
});

describe('processing checks and the badge', () => {
  it('counts every active upload on the badge', async () => {
    const { service, platform, badge } = setup([withUrl({ state: 'processing', putDone: true }, 'p'), uploadRecord({ state: 'failed' }, 'f')]);
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.start('a', FILE, META);
    await service.start('b', FILE, META);
    await idle();
    expect(badge()).toBe(3);
    await service.cancel('a');
    await idle();
    expect(badge()).toBe(2);
  });

  it('check(): a finished recording completes the upload, tells the user once and clears the badge', async () => {
    const { service, store, platform, badge } = setup([withUrl({ state: 'processing', putDone: true })]);
    platform.getRecording.mockResolvedValueOnce(recording({ status: 'completed', progress: 90 }));
    const checked = await service.check('u1');
    expect(checked).toMatchObject({ state: 'completed', processingProgress: 100, polls: 0 });
    expect(await store.get('u1')).toEqual(checked);
    expect(platform.getRecording).toHaveBeenCalledWith('rec-1', null, null);
    expect(platform.announce).toHaveBeenCalledExactlyOnceWith(checked);
    expect(badge()).toBe(0);
  });

  it('check(): a failed recording is announced, and cannot be retried', async () => {
    const { service, platform } = setup([withUrl({ state: 'processing', putDone: true })]);
    platform.getRecording.mockResolvedValueOnce(recording({ status: 'failed', error: 'No speech found' }));
    expect(await service.check('u1')).toMatchObject({ state: 'failed', failedStep: 'processing', error: 'No speech found' });
    expect(platform.announce).toHaveBeenCalledTimes(1);
    await expect(service.retry('u1')).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('check(): an upload not being processed is returned without asking the service', async () => {
    const record = withUrl({ state: 'failed', failedStep: 'put' });
    const { service, platform } = setup([record]);
    expect(await service.check('u1')).toEqual(record);
    expect(platform.getRecording).not.toHaveBeenCalled();
  });

  it('poll(): checks what is due and sets the alarm for the next check', async () => {
    const { service, store, platform } = setup([withUrl({ state: 'processing', putDone: true, polls: 2, nextCheckAt: T0 })]);
    await service.poll();
    expect(await store.get('u1')).toMatchObject({ state: 'processing', polls: 3, processingProgress: 40, nextCheckAt: T0 + 240_000 });
    expect(platform.schedulePoll.mock.calls).toEqual([[T0 + 240_000]]);
  });

  it('poll(): clears the alarm once nothing is left to watch', async () => {
    const { service, platform } = setup([withUrl({ state: 'processing', putDone: true, nextCheckAt: T0 })]);
    platform.getRecording.mockResolvedValueOnce(recording({ status: 'completed' }));
    await service.poll();
    expect(platform.schedulePoll).toHaveBeenLastCalledWith(null);
  });

  it('an open popup’s checks (every 2 s for 10 minutes) neither fail the upload nor push its next scheduled check out', async () => {
    const { service, store, platform, clock } = setup([withUrl({ state: 'processing', putDone: true, polls: 1, nextCheckAt: T0 + 60_000 })]);
    for (let i = 0; i < 300; i++) {
      clock.now += 2000;
      await service.check('u1');
    }
    expect(platform.getRecording).toHaveBeenCalledTimes(300);
    expect(await store.get('u1')).toMatchObject({ state: 'processing', polls: 1, nextCheckAt: T0 + 60_000, processingProgress: 40 });
    expect(platform.announce).not.toHaveBeenCalled();
    expect(platform.schedulePoll).not.toHaveBeenCalled();
  });

  it('a poll that ends one upload does not clear the alarm another upload set meanwhile', async () => {
    const { service, store, platform } = setup([withUrl({ state: 'processing', putDone: true, nextCheckAt: T0, createdAt: T0 - 1 }, 'a')]);
    const answer = deferred<Recording>();
    platform.getRecording.mockReturnValueOnce(answer.promise);
    const polling = service.poll();
    await idle();
    // While the poll waits for the service about a, b is uploaded and starts processing.
    await service.start('b', FILE, META);
    await idle();
    expect(await store.get('b')).toMatchObject({ state: 'processing', nextCheckAt: T0 + 30_000 });
    // a is still being checked (due at T0), b set the alarm.
    expect(platform.schedulePoll).toHaveBeenLastCalledWith(T0);
    answer.resolve(recording({ status: 'completed' }));
    await polling;
    await idle();
    expect(await store.get('a')).toMatchObject({ state: 'completed' });
    expect(platform.schedulePoll).toHaveBeenLastCalledWith(T0 + 30_000);
    expect(platform.schedulePoll).not.toHaveBeenCalledWith(null);
  });

  it('check() and poll() finding the recording done at the same time tell the user once', async () => {
    const { service, platform } = setup([withUrl({ state: 'processing', putDone: true, nextCheckAt: T0 })]);
    const forPoll = deferred<Recording>();
    const forCheck = deferred<Recording>();
    platform.getRecording.mockReturnValueOnce(forPoll.promise).mockReturnValueOnce(forCheck.promise);
    const polling = service.poll();
    await idle();
    const checking = service.check('u1');
    await idle();
    forPoll.resolve(recording({ status: 'completed' }));
    forCheck.resolve(recording({ status: 'completed' }));
    await Promise.all([polling, checking]);
    expect(platform.getRecording).toHaveBeenCalledTimes(2);
    expect(platform.announce).toHaveBeenCalledTimes(1);
  });

  it('drops the cached results of a completed recording before the completed state is saved (open views refresh on that save)', async () => {
    const { service, store, platform } = setup([withUrl({ state: 'processing', putDone: true })]);
    const order: string[] = [];
    platform.getRecording.mockResolvedValueOnce(recording({ status: 'completed' }));
    platform.dropCachedResults.mockImplementationOnce(async (record) => {
      order.push(`drop ${record.state}, stored ${(await store.get('u1'))!.state}`);
    });
    platform.announce.mockImplementationOnce(async () => {
      order.push(`announce, stored ${(await store.get('u1'))!.state}`);
    });
    await service.check('u1');
    expect(order).toEqual(['drop completed, stored processing', 'announce, stored completed']);
  });
});

describe('the file', () => {
  it('is let go and its kept copy deleted once it is stored at its URL, before processing is even checked', async () => {
    const { service, store, platform } = setup();
    await service.start('u1', FILE, META);
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'processing', putDone: true });
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('u1');
    expect(platform.getRecording).not.toHaveBeenCalled();
  });

  it('is deleted when complete-upload failed after the PUT (a retry only completes)', async () => {
    const { service, store, platform } = setup();
    platform.complete.mockRejectedValueOnce(new ApiError('server', 'down', { status: 503 }));
    await service.start('u1', FILE, META);
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'complete', putDone: true });
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('u1');
  });

  it.each([
    ['the URL was refused for good', (platform: ReturnType<typeof setup>['platform']) => platform.put.mockRejectedValue(new ApiError('forbidden', 'expired', { status: 403 }))],
    ['cancelled', (platform: ReturnType<typeof setup>['platform']) => platform.put.mockRejectedValueOnce(new ApiError('aborted', 'cancelled'))],
    ['needing permission', (platform: ReturnType<typeof setup>['platform']) => platform.missingAccess.mockResolvedValueOnce('https://storage.example/*')],
  ])('is kept while the upload can still be retried or resumed (%s)', async (_case, arrange) => {
    const { service, store, platform } = setup();
    arrange(platform);
    await service.start('u1', FILE, META);
    await idle();
    expect((await store.get('u1'))?.putDone).toBe(false);
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });

  it('at start-up, kept files nobody can use are deleted: no upload, or one already stored; the rest are kept', async () => {
    const { service, platform } = setup([
      withUrl({ state: 'completed', putDone: true, createdAt: T0 - 1 }, 'done'),
      withUrl({ state: 'failed', failedStep: 'processing', putDone: true, createdAt: T0 - 2 }, 'bad-audio'),
      withUrl({ state: 'failed', failedStep: 'put', error: 'x', createdAt: T0 - 3 }, 'retryable'),
      uploadRecord({ state: 'cancelled', createdAt: T0 - 4 }, 'paused'),
    ]);
    platform.listFiles.mockResolvedValueOnce(['done', 'bad-audio', 'retryable', 'paused', 'never-started']);
    await service.resume();
    await idle();
    expect(platform.deleteFile.mock.calls.map(([id]) => id).sort()).toEqual(['bad-audio', 'done', 'never-started']);
  });

  it('at start-up, the copy of an upload stopped more than a day ago is deleted (gigabytes kept for a retry not coming)', async () => {
    const { service, platform, store } = setup([
      withUrl({ state: 'failed', failedStep: 'put', error: 'x', updatedAt: T0 - STOPPED_COPY_KEPT_MS - 1 }, 'failed-long-ago'),
      uploadRecord({ state: 'cancelled', updatedAt: T0 - STOPPED_COPY_KEPT_MS - 1 }, 'cancelled-long-ago'),
      uploadRecord({ state: 'cancelled', updatedAt: T0 - STOPPED_COPY_KEPT_MS + 60_000 }, 'cancelled-today'),
      withUrl({ state: 'uploading', updatedAt: T0 - STOPPED_COPY_KEPT_MS - 1 }, 'still-going'),
    ]);
    platform.listFiles.mockResolvedValueOnce(['failed-long-ago', 'cancelled-long-ago', 'cancelled-today', 'still-going']);
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await service.resume();
    await idle();
    expect(platform.deleteFile.mock.calls.map(([id]) => id).sort()).toEqual(['cancelled-long-ago', 'failed-long-ago']);
    // Their rows say to pick the file again (no Retry asking for a new recording for no file).
    for (const id of ['failed-long-ago', 'cancelled-long-ago']) expect(await store.get(id)).toMatchObject({ state: 'failed', failedStep: 'put', error: MISSING_FILE });
    expect(await store.get('cancelled-today')).toMatchObject({ state: 'cancelled' });
  });

  it('at start-up, leaves alone a stopped upload whose retry the popup started as the worker woke', async () => {
    const old = withUrl({ state: 'failed', failedStep: 'put', error: 'x', updatedAt: T0 - STOPPED_COPY_KEPT_MS - 1 }, 'woken');
    const { service, store, platform } = setup([old]);
    platform.listFiles.mockResolvedValueOnce(['woken']);
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    const all = store.all.bind(store);
    const click: { retry?: Promise<unknown> } = {};
    vi.spyOn(store, 'all').mockImplementationOnce(async () => {
      const before = await all();
      // The retry arrives while start-up reads the uploads.
      click.retry = service.retry('woken');
      return before;
    });
    await service.resume();
    await click.retry;
    await idle();
    expect(platform.deleteFile).not.toHaveBeenCalled();
    expect(await store.get('woken')).toMatchObject({ state: 'uploading' });
  });

  it('at start-up with nothing to resume, what was left open is closed; with an upload to resume, it is not', async () => {
    const idle1 = setup([withUrl({ state: 'completed', putDone: true })]);
    await idle1.service.resume();
    expect(idle1.platform.tidy).toHaveBeenCalledTimes(1);
    const busy = setup([withUrl({ state: 'uploading' })]);
    busy.platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    await busy.service.resume();
    expect(busy.platform.tidy).not.toHaveBeenCalled();
  });

  it('prepare() readies the receiver of the popup’s hand-over', async () => {
    const { service, platform } = setup();
    await service.prepare();
    expect(platform.prepareHandOver).toHaveBeenCalledTimes(1);
  });
});

describe('a restarted background', () => {
  it('joins the PUT still on its way instead of asking for a URL or starting the file over', async () => {
    const record = withUrl({ state: 'uploading', sentBytes: 600, urlExpiresAt: new Date(T0 + 30_000).toISOString() });
    const { service, store, platform } = setup([record]);
    platform.sending.mockResolvedValueOnce(true);
    await service.resume();
    await idle();
    expect(platform.sending).toHaveBeenCalledWith('u1', 'https://storage.example/rec-1?sig=1');
    // Even with its URL about to expire: storage checked it when the PUT began.
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.missingAccess).not.toHaveBeenCalled();
    expect(platform.put).toHaveBeenCalledTimes(1);
    expect(platform.put.mock.calls[0]![0]).toMatchObject({ uploadUrl: 'https://storage.example/rec-1?sig=1', sentBytes: 600 });
    expect(await store.get('u1')).toMatchObject({ state: 'processing', recordingId: 'rec-1', abandonedRecordingIds: [] });
  });

  it('sends again from the start when nothing is sending it any more', async () => {
    const { service, platform } = setup([withUrl({ state: 'uploading', sentBytes: 600 })]);
    await service.resume();
    await idle();
    expect(platform.sending).toHaveBeenCalledTimes(1);
    expect(platform.missingAccess).toHaveBeenCalledTimes(1);
    expect(platform.put.mock.calls[0]![0]).toMatchObject({ sentBytes: 0 });
  });
});

describe('a view’s click that woke the worker (start-up runs alongside)', () => {
  it('Cancel on an upload start-up launches again holds: the launched run is stopped, not left to write over it', async () => {
    // The real store: each save writes the whole record, as in the browser.
    await browser.storage.local.set({ [UPLOADS_KEY]: [withUrl({ state: 'completing', putDone: true })] });
    const base = setup();
    const complete = deferred();
    // complete-upload answers later, or gives up when the run is stopped (as fetch does).
    const completing = (_id: string, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        const stop = () => reject(new ApiError('aborted', 'The upload was cancelled.'));
        if (signal.aborted) stop();
        signal.addEventListener('abort', stop);
        void complete.promise.then(resolve);
      });
    const platform = { ...base.platform, store: storageUploadStore(), complete: vi.fn<UploadPlatform['complete']>(completing) };
    // The worst order: a cancelled copy saved only once the launched run has sent complete-upload.
    const sent = deferred();
    platform.complete.mockImplementation((id, signal) => {
      sent.resolve();
      return completing(id, signal);
    });
    const put = platform.store.put.bind(platform.store);
    vi.spyOn(platform.store, 'put').mockImplementation(async (record) => {
      if (record.state === 'cancelled') await sent.promise;
      return put(record);
    });
    // Start-up's reading of the uploads takes a moment: the click's message is read first.
    const all = platform.store.all.bind(platform.store);
    vi.spyOn(platform.store, 'all').mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return all();
    });
    const service = new UploadService(platform);
    // The worker starts (resume at the top level), then the click's message is handled.
    const resuming = service.resume();
    const cancelled = service.cancel('u1');
    await Promise.all([resuming, cancelled]);
    complete.resolve();
    await idle();
    await idle();
    expect((await platform.store.get('u1'))?.state).toBe('cancelled');
  });

  it('Cancel does not wait for start-up’s tidying of kept files (listing them waits behind a copy being written)', async () => {
    const { service, store, platform } = setup([withUrl({ state: 'uploading' })]);
    platform.listFiles.mockReturnValue(new Promise(() => undefined));
    platform.put.mockImplementation((_record, _progress, signal) => untilAborted(signal, new ApiError('aborted', 'cancelled')));
    void service.resume();
    await service.cancel('u1');
    await vi.waitFor(async () => expect((await store.get('u1'))?.state).toBe('cancelled'));
  });

  it('a new upload starts while start-up still tidies kept files', async () => {
    const { service, store, platform } = setup([]);
    platform.listFiles.mockReturnValue(new Promise(() => undefined));
    void service.resume();
    const started = await service.start('new', { name: 'call.m4a', size: 10, type: 'audio/mp4' }, uploadRecord().meta);
    expect(started.id).toBe('new');
    await vi.waitFor(async () => expect((await store.get('new'))?.state).not.toBe('requesting-url'));
  });

  it('Retry on a day-old stopped upload whose copy start-up is deleting says to pick the file again, and creates no recording', async () => {
    const old = withUrl({ state: 'failed', failedStep: 'put', error: 'x', updatedAt: T0 - STOPPED_COPY_KEPT_MS - 1 });
    const { service, store, platform } = setup([old]);
    platform.listFiles.mockResolvedValueOnce(['u1']);
    const deleting = deferred();
    platform.deleteFile.mockReturnValueOnce(deleting.promise);
    const resuming = service.resume();
    await vi.waitFor(() => expect(platform.deleteFile).toHaveBeenCalledTimes(1));
    // The click arrives while the copy is being deleted.
    const retrying = service.retry('u1').catch((error: unknown) => error);
    deleting.resolve();
    await resuming;
    expect(await retrying).toMatchObject({ kind: 'conflict', message: MISSING_FILE });
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(await store.get('u1')).toMatchObject({ state: 'failed', error: MISSING_FILE });
  });

  it('Retry of an upload whose file went says to pick it again, and asks the service for nothing', async () => {
    const { service, platform } = setup([withUrl({ state: 'failed', failedStep: 'put', error: MISSING_FILE })]);
    await expect(service.retry('u1')).rejects.toMatchObject({ kind: 'conflict', message: MISSING_FILE });
    expect(platform.requestUrl).not.toHaveBeenCalled();
  });
});
