/** Processing checks after complete-upload: backoff, each outcome, the give-up point, scheduling. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import type { Recording } from '@/lib/models';
import { checkProcessing, pollAll, pollDelayMs, type PollDeps } from '@/lib/upload/poller';
import type { UploadRecord } from '@/lib/upload/record';
import { memoryStore, T0, uploadRecord, withUrl } from './helpers';

const LATER = T0 + 10_000;

function recording(patch: Partial<Recording> = {}): Recording {
  return {
    id: 'rec-1', filename: null, title: null, meetingDate: null, status: 'processing', rawStatus: 'transcribing',
    progress: 35, primaryContactId: null, participants: [], error: null, ...patch,
  };
}

function setup(initial: UploadRecord[] = []) {
  const store = memoryStore(initial);
  const deps = {
    store,
    getRecording: vi.fn<PollDeps['getRecording']>(() => Promise.resolve(recording())),
    finished: vi.fn<PollDeps['finished']>(() => Promise.resolve()),
    schedule: vi.fn<PollDeps['schedule']>(() => Promise.resolve()),
    now: () => LATER,
  } satisfies PollDeps;
  return { store, deps };
}

const processing = (patch: Partial<UploadRecord> = {}, id = 'u1') => withUrl({ state: 'processing', putDone: true, processingStatus: 'queued', ...patch }, id);

describe('pollDelayMs', () => {
  it('doubles from 3 s and stops growing at 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(pollDelayMs)).toEqual([3000, 6000, 12_000, 24_000, 48_000, 96_000, 192_000, 300_000, 300_000]);
    expect(pollDelayMs(299)).toBe(300_000);
    expect(pollDelayMs(10_000)).toBe(300_000);
  });
});

describe('checkProcessing', () => {
  it('keeps watching while the service is still at work, with its status and progress', async () => {
    const { store, deps } = setup();
    const next = await checkProcessing(processing({ polls: 4 }), deps);
    expect(next).toEqual({ ...processing({ polls: 5 }), processingStatus: 'transcribing', processingProgress: 35, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.getRecording).toHaveBeenCalledExactlyOnceWith('rec-1');
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('uses the normalised status when the server gave no word of its own', async () => {
    const { deps } = setup();
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'queued', rawStatus: null, progress: null }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ processingStatus: 'queued', processingProgress: null });
  });

  it('completes at 100 % and says so once', async () => {
    const { store, deps } = setup();
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'completed', rawStatus: 'done', progress: 97 }));
    const next = await checkProcessing(processing(), deps);
    expect(next).toMatchObject({ state: 'completed', processingProgress: 100, processingStatus: 'done', polls: 1, failedStep: null, error: null, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it('fails at processing with the service’s error', async () => {
    const { store, deps } = setup();
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'failed', rawStatus: 'error', error: 'Audio could not be decoded' }));
    const next = await checkProcessing(processing(), deps);
    expect(next).toMatchObject({ state: 'failed', failedStep: 'processing', error: 'Audio could not be decoded', processingStatus: 'error' });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it('fails with a message of its own when the service gives none', async () => {
    const { deps } = setup();
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'failed', error: null }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ state: 'failed', error: 'The service could not process the recording.' });
  });

  it('fails when the service no longer has the recording', async () => {
    const { store, deps } = setup();
    deps.getRecording.mockRejectedValueOnce(new ApiError('not_found', 'Not found', { status: 404 }));
    const next = await checkProcessing(processing({ polls: 3 }), deps);
    expect(next).toMatchObject({ state: 'failed', failedStep: 'processing', error: 'The service no longer has this recording.', polls: 3, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it.each([new ApiError('network', 'offline'), new ApiError('server', 'down', { status: 502 }), new Error('odd')])('looks again later after a passing failure (%s)', async (error) => {
    const { store, deps } = setup();
    deps.getRecording.mockRejectedValueOnce(error);
    const next = await checkProcessing(processing({ polls: 7 }), deps);
    expect(next).toEqual({ ...processing({ polls: 8 }), updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('gives up after 300 checks', async () => {
    const { deps } = setup();
    deps.getRecording.mockRejectedValue(new ApiError('network', 'offline'));
    expect(await checkProcessing(processing({ polls: 298 }), deps)).toMatchObject({ state: 'processing', polls: 299 });
    const last = await checkProcessing(processing({ polls: 299 }), deps);
    expect(last).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300, error: 'Processing did not finish; check the recording on the service later.' });
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(last);
  });

  it('gives up after 300 checks even when the service answers “still processing”', async () => {
    const { deps } = setup();
    expect(await checkProcessing(processing({ polls: 299 }), deps)).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300 });
  });

  it('leaves alone an upload that is not being processed, or has no recording', async () => {
    const { store, deps } = setup();
    const failed = withUrl({ state: 'failed' });
    const orphan = uploadRecord({ state: 'processing' });
    expect(await checkProcessing(failed, deps)).toBe(failed);
    expect(await checkProcessing(orphan, deps)).toBe(orphan);
    expect(deps.getRecording).not.toHaveBeenCalled();
    expect(store.records.size).toBe(0);
  });
});

describe('pollAll', () => {
  it('checks only uploads being processed and schedules the shortest delay of those still going', async () => {
    const { store, deps } = setup([
      processing({ polls: 0, recordingId: 'rec-a', createdAt: T0 - 1 }, 'a'),
      processing({ polls: 3, recordingId: 'rec-b', createdAt: T0 - 2 }, 'b'),
      processing({ polls: 0, recordingId: 'rec-c', createdAt: T0 - 3 }, 'c'),
      withUrl({ state: 'failed', createdAt: T0 - 4 }, 'd'),
    ]);
    deps.getRecording.mockImplementation((id) => Promise.resolve(recording({ id, status: id === 'rec-a' ? 'completed' : 'processing' })));
    await pollAll(deps);
    expect(deps.getRecording.mock.calls.map(([id]) => id).sort()).toEqual(['rec-a', 'rec-b', 'rec-c']);
    expect((await store.get('a'))?.state).toBe('completed');
    expect((await store.get('b'))?.polls).toBe(4);
    expect((await store.get('c'))?.polls).toBe(1);
    // b waits 48 s, c 6 s (a is done).
    expect(deps.schedule.mock.calls).toEqual([[6000]]);
    expect(deps.finished).toHaveBeenCalledTimes(1);
  });

  it('schedules nothing when nothing is left to watch', async () => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'failed' }));
    await pollAll(deps);
    expect(deps.schedule.mock.calls).toEqual([[null]]);
  });

  it('schedules nothing for an empty list', async () => {
    const { deps } = setup();
    await pollAll(deps);
    expect(deps.schedule.mock.calls).toEqual([[null]]);
    expect(deps.getRecording).not.toHaveBeenCalled();
  });
});
