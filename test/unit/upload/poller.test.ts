/** Processing checks after complete-upload: backoff, each outcome, the give-up point, due times, races. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { toRecording } from '@/lib/api/normalise';
import type { Recording } from '@/lib/models';
import { checkProcessing, dueAt, MAX_POLLS, nextPollAt, pollDelayMs, pollDue, type PollDeps } from '@/lib/upload/poller';
import type { UploadRecord } from '@/lib/upload/record';
import { deferred, memoryStore, T0, uploadRecord, withUrl } from './helpers';

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
    beforeFinish: vi.fn<PollDeps['beforeFinish']>(() => Promise.resolve()),
    finished: vi.fn<PollDeps['finished']>(() => Promise.resolve()),
    now: () => LATER,
  } satisfies PollDeps;
  return { store, deps };
}

const processing = (patch: Partial<UploadRecord> = {}, id = 'u1') => withUrl({ state: 'processing', putDone: true, processingStatus: 'queued', ...patch }, id);

describe('pollDelayMs', () => {
  it('starts at 30 s (packed builds run alarms at most that often), doubles, and stops growing at 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5].map(pollDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
    expect(pollDelayMs(299)).toBe(300_000);
    expect(pollDelayMs(10_000)).toBe(300_000);
  });

  it('gives up after about a day of scheduled checks', () => {
    const total = Array.from({ length: MAX_POLLS }, (_, polls) => pollDelayMs(polls)).reduce((sum, ms) => sum + ms, 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(30);
  });
});

describe('checkProcessing (scheduled)', () => {
  it('keeps watching while the service is still at work, with its status and progress, and sets the next due time', async () => {
    const { store, deps } = setup([processing({ polls: 4 })]);
    const next = await checkProcessing(processing({ polls: 4 }), deps);
    expect(next).toEqual({ ...processing({ polls: 5 }), processingStatus: 'transcribing', processingProgress: 35, updatedAt: LATER, nextCheckAt: LATER + 300_000 });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.getRecording).toHaveBeenCalledExactlyOnceWith('rec-1', null, null);
    expect(deps.beforeFinish).not.toHaveBeenCalled();
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('uses the normalised status when the server gave no word of its own', async () => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'queued', rawStatus: null, progress: null }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ processingStatus: 'queued', processingProgress: null, polls: 1, nextCheckAt: LATER + 60_000 });
  });

  it('completes at 100 %, with what depends on it made ready before the state is saved, and says so once', async () => {
    const { store, deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'completed', rawStatus: 'done', progress: 97 }));
    deps.beforeFinish.mockImplementationOnce(async (record) => {
      // Not saved yet: a view that reacts to the save must find the cache already cleared.
      expect((await store.get('u1'))?.state).toBe('processing');
      expect(record).toMatchObject({ id: 'u1', state: 'completed', recordingId: 'rec-1' });
    });
    const next = await checkProcessing(processing(), deps);
    expect(next).toMatchObject({ state: 'completed', processingProgress: 100, processingStatus: 'done', polls: 1, failedStep: null, error: null, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.beforeFinish).toHaveBeenCalledTimes(1);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it.each([
    ['transcription_completed', 'completed'],
    ['insights_ready', 'completed'],
    ['timed_out', 'failed'],
    ['aborted', 'failed'],
  ] as const)('ends at the service’s final word %s (%s)', async (word, state) => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(toRecording({ id: 'rec-1', status: word }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ state, processingStatus: word });
    expect(deps.finished).toHaveBeenCalledTimes(1);
  });

  it('fails at processing with the service’s error', async () => {
    const { store, deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'failed', rawStatus: 'error', error: 'Audio could not be decoded' }));
    const next = await checkProcessing(processing(), deps);
    expect(next).toMatchObject({ state: 'failed', failedStep: 'processing', error: 'Audio could not be decoded', processingStatus: 'error' });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it('fails with a message of its own when the service gives none', async () => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'failed', error: null }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ state: 'failed', error: 'The service could not process the recording.' });
  });

  it('fails when the service no longer has the recording', async () => {
    const { store, deps } = setup([processing({ polls: 3 })]);
    deps.getRecording.mockRejectedValueOnce(new ApiError('not_found', 'Not found', { status: 404 }));
    const next = await checkProcessing(processing({ polls: 3 }), deps);
    expect(next).toMatchObject({ state: 'failed', failedStep: 'processing', error: 'The service no longer has this recording; upload the file again.', polls: 4, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });

  it.each([new ApiError('network', 'offline'), new ApiError('server', 'down', { status: 502 }), new Error('odd')])('looks again later after a passing failure (%s)', async (error) => {
    const { store, deps } = setup([processing({ polls: 1 })]);
    deps.getRecording.mockRejectedValueOnce(error);
    const next = await checkProcessing(processing({ polls: 1 }), deps);
    expect(next).toEqual({ ...processing({ polls: 2 }), updatedAt: LATER, nextCheckAt: LATER + 120_000 });
    expect(await store.get('u1')).toEqual(next);
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('asks the service the recording was created on; while Primer is set to another, waits and says why, until a check is made', async () => {
    const created = processing({ polls: 1, serviceUrl: 'https://svc-a.test' });
    const { store, deps } = setup([created]);
    const why = 'This recording was created on https://svc-a.test, and Primer now uses https://svc-b.test. Set Primer back to https://svc-a.test to finish it.';
    deps.getRecording.mockRejectedValueOnce(new ApiError('not_configured', why));
    const waiting = await checkProcessing(created, deps);
    expect(deps.getRecording).toHaveBeenCalledExactlyOnceWith('rec-1', 'https://svc-a.test', null);
    expect(waiting).toEqual({ ...created, error: why, errorKind: 'not_configured', polls: 2, updatedAt: LATER, nextCheckAt: LATER + 120_000 });
    expect(await store.get('u1')).toEqual(waiting);
    const checked = await checkProcessing(waiting, deps);
    expect(checked).toMatchObject({ state: 'processing', error: null, errorKind: null, processingStatus: 'transcribing', polls: 3 });
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('says on the upload that the key is refused, and does not give up on the recording meanwhile', async () => {
    const refused = new ApiError('unauthorized', 'The service refused the API key.', { status: 401 });
    const { deps } = setup([processing({ polls: 1 })]);
    deps.getRecording.mockRejectedValue(refused);
    expect(await checkProcessing(processing({ polls: 1 }), deps)).toMatchObject({ state: 'processing', error: refused.message, errorKind: 'unauthorized' });
    const last = processing({ polls: 299, error: refused.message, errorKind: 'unauthorized' });
    const later = setup([last]);
    later.deps.getRecording.mockRejectedValue(refused);
    expect(await checkProcessing(last, later.deps)).toMatchObject({ state: 'processing', polls: 300, errorKind: 'unauthorized' });
    expect(later.deps.finished).not.toHaveBeenCalled();
  });

  it('does not keep a refused key’s reason once the service says the recording is gone', async () => {
    const refused = processing({ polls: 3, error: 'The service refused the API key.', errorKind: 'unauthorized' });
    const { deps } = setup([refused]);
    deps.getRecording.mockRejectedValueOnce(new ApiError('not_found', 'gone', { status: 404 }));
    expect(await checkProcessing(refused, deps)).toMatchObject({ state: 'failed', error: 'The service no longer has this recording; upload the file again.', errorKind: null });
  });

  it('says an answer it cannot read, and still gives up after 300 checks', async () => {
    const unreadable = new ApiError('invalid_response', 'The service sent a recording Primer cannot read.');
    const { deps } = setup([processing({ polls: 298 })]);
    deps.getRecording.mockRejectedValue(unreadable);
    const said = await checkProcessing(processing({ polls: 298 }), deps);
    expect(said).toMatchObject({ state: 'processing', error: unreadable.message, errorKind: 'invalid_response', polls: 299 });
    expect(await checkProcessing(said, deps)).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300 });
  });

  it('does not give up while it waits for Primer to be set back to the recording’s service', async () => {
    const waiting = processing({ polls: 299, serviceUrl: 'https://svc-a.test', error: 'This recording was created on https://svc-a.test…' });
    const { deps } = setup([waiting]);
    deps.getRecording.mockRejectedValueOnce(new ApiError('not_configured', 'This recording was created on https://svc-a.test…'));
    expect(await checkProcessing(waiting, deps)).toMatchObject({ state: 'processing', polls: 300 });
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('gives up after 300 scheduled checks', async () => {
    const { deps } = setup([processing({ polls: 298 })]);
    deps.getRecording.mockRejectedValue(new ApiError('network', 'offline'));
    expect(await checkProcessing(processing({ polls: 298 }), deps)).toMatchObject({ state: 'processing', polls: 299 });
    const last = await checkProcessing(processing({ polls: 299 }), deps);
    expect(last).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300, error: 'Processing did not finish; check the recording on the service later.' });
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(last);
  });

  it('gives up after 300 checks even when the service answers “still processing”', async () => {
    const { deps } = setup([processing({ polls: 299 })]);
    expect(await checkProcessing(processing({ polls: 299 }), deps)).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300 });
  });

  it('keeps a status given as a number (a .NET enum) as unknown, neither done nor failed, and still gives up after 300 checks', async () => {
    const { store, deps } = setup([processing({ polls: 298 })]);
    deps.getRecording.mockResolvedValue(toRecording({ id: 'rec-1', status: 2, progress: 10 }));
    expect(await checkProcessing(processing({ polls: 298 }), deps)).toMatchObject({ state: 'processing', processingStatus: '2', polls: 299 });
    expect(await checkProcessing(processing({ polls: 299 }), deps)).toMatchObject({ state: 'failed', failedStep: 'processing', polls: 300 });
    // Nothing left to check: no alarm is set again.
    expect(nextPollAt(await store.all())).toBeNull();
  });

  it('checks a rate-limited recording no earlier than the service asked, however short the backoff', async () => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockRejectedValueOnce(new ApiError('rate_limited', 'Too many requests', { status: 429, retryAfterMs: 10 * 60_000 }));
    expect(await checkProcessing(processing(), deps)).toMatchObject({ state: 'processing', polls: 1, nextCheckAt: LATER + 10 * 60_000 });
    // A wait shorter than the backoff changes nothing.
    deps.getRecording.mockRejectedValueOnce(new ApiError('rate_limited', 'Too many requests', { status: 429, retryAfterMs: 5_000 }));
    expect(await checkProcessing(processing({ polls: 1 }), deps)).toMatchObject({ polls: 2, nextCheckAt: LATER + 120_000 });
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

  it('saves nothing over an upload that moved on while the service answered (removed, or finished by another check)', async () => {
    const { store, deps } = setup([processing()]);
    const answer = deferred<Recording>();
    deps.getRecording.mockReturnValueOnce(answer.promise);
    const checking = checkProcessing(processing(), deps);
    await store.put(processing({ state: 'completed', processingProgress: 100 }));
    answer.resolve(recording({ status: 'failed', error: 'late' }));
    expect(await checking).toMatchObject({ state: 'completed' });
    expect(await store.get('u1')).toMatchObject({ state: 'completed', error: null, polls: 0 });
    expect(deps.finished).not.toHaveBeenCalled();

    await store.remove('u1');
    expect(await checkProcessing(processing(), deps)).toMatchObject({ state: 'processing', polls: 0 });
    expect(store.records.size).toBe(0);
  });
});

describe('checkProcessing (an open view’s)', () => {
  it('updates status and progress but neither the backoff nor the give-up count', async () => {
    const record = processing({ polls: 2, nextCheckAt: T0 + 120_000 });
    const { store, deps } = setup([record]);
    const next = await checkProcessing(record, deps, 'viewer');
    expect(next).toEqual({ ...record, processingStatus: 'transcribing', processingProgress: 35, updatedAt: LATER });
    expect(await store.get('u1')).toEqual(next);
  });

  it('never gives up, however often a view asks', async () => {
    const { store, deps } = setup([processing({ polls: 299 })]);
    for (let i = 0; i < 400; i++) await checkProcessing((await store.get('u1'))!, deps, 'viewer');
    expect(await store.get('u1')).toMatchObject({ state: 'processing', polls: 299 });
    expect(deps.finished).not.toHaveBeenCalled();
  });

  it('leaves the record as it is when the service cannot be reached', async () => {
    const record = processing({ polls: 2, nextCheckAt: T0 + 120_000 });
    const { store, deps } = setup([record]);
    deps.getRecording.mockRejectedValueOnce(new ApiError('network', 'offline'));
    expect(await checkProcessing(record, deps, 'viewer')).toEqual(record);
    expect(await store.get('u1')).toEqual(record);
  });

  it('waits out a rate limit’s Retry-After, whichever check met it, before asking again', async () => {
    const { store, deps } = setup([processing()]);
    const at = (ms: number) => ({ ...deps, now: () => LATER + ms });
    deps.getRecording.mockRejectedValueOnce(new ApiError('rate_limited', 'Too many requests', { status: 429, retryAfterMs: 30_000 }));
    expect(await checkProcessing(processing(), at(0), 'viewer')).toMatchObject({ state: 'processing', polls: 0, serviceWaitUntil: LATER + 30_000 });
    // The popup asks every 2 s: nothing reaches the service until the wait is over.
    for (let ms = 2_000; ms < 30_000; ms += 2_000) await checkProcessing((await store.get('u1'))!, at(ms), 'viewer');
    expect(deps.getRecording).toHaveBeenCalledTimes(1);
    expect(await checkProcessing((await store.get('u1'))!, at(30_000), 'viewer')).toMatchObject({ processingStatus: 'transcribing', processingProgress: 35 });
    expect(deps.getRecording).toHaveBeenCalledTimes(2);
    // A wait the alarm's check met holds the view's checks back too.
    deps.getRecording.mockRejectedValueOnce(new ApiError('rate_limited', 'Too many requests', { status: 429, retryAfterMs: 60_000 }));
    await checkProcessing((await store.get('u1'))!, at(31_000), 'scheduled');
    await checkProcessing((await store.get('u1'))!, at(60_000), 'viewer');
    expect(deps.getRecording).toHaveBeenCalledTimes(3);
  });

  it('completes the upload like a scheduled check, once', async () => {
    const { deps } = setup([processing()]);
    deps.getRecording.mockResolvedValueOnce(recording({ status: 'completed' }));
    const next = await checkProcessing(processing(), deps, 'viewer');
    expect(next).toMatchObject({ state: 'completed', polls: 0 });
    expect(deps.beforeFinish).toHaveBeenCalledTimes(1);
    expect(deps.finished).toHaveBeenCalledExactlyOnceWith(next);
  });
});

describe('a view’s check and the alarm’s at the same time', () => {
  it('announce a completion once', async () => {
    const { deps } = setup([processing()]);
    const first = deferred<Recording>();
    const second = deferred<Recording>();
    deps.getRecording.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const scheduled = checkProcessing(processing(), deps, 'scheduled');
    const viewer = checkProcessing(processing(), deps, 'viewer');
    first.resolve(recording({ status: 'completed' }));
    second.resolve(recording({ status: 'completed' }));
    const results = await Promise.all([scheduled, viewer]);
    expect(results.map((record) => record.state)).toEqual(['completed', 'completed']);
    expect(deps.finished).toHaveBeenCalledTimes(1);
  });
});

describe('due times', () => {
  it('an upload is due at its nextCheckAt; one saved before due times existed, at once', () => {
    expect(dueAt(processing({ nextCheckAt: T0 + 5 }))).toBe(T0 + 5);
    expect(dueAt(processing({ nextCheckAt: null, updatedAt: T0 - 7 }))).toBe(T0 - 7);
  });

  it('the alarm is for the earliest due upload being processed; none when nothing is processed', () => {
    expect(
      nextPollAt([processing({ nextCheckAt: T0 + 90_000 }, 'a'), processing({ nextCheckAt: T0 + 30_000 }, 'b'), withUrl({ state: 'failed', nextCheckAt: T0 }, 'c')]),
    ).toBe(T0 + 30_000);
    expect(nextPollAt([withUrl({ state: 'completed' }), uploadRecord({ state: 'uploading' }, 'x')])).toBeNull();
    expect(nextPollAt([])).toBeNull();
  });
});

describe('pollDue', () => {
  it('checks only the uploads being processed whose check is due', async () => {
    const { store, deps } = setup([
      processing({ polls: 0, recordingId: 'rec-a', nextCheckAt: LATER - 1, createdAt: T0 - 1 }, 'a'),
      processing({ polls: 3, recordingId: 'rec-b', nextCheckAt: LATER + 200_000, createdAt: T0 - 2 }, 'b'),
      processing({ polls: 1, recordingId: 'rec-c', nextCheckAt: LATER + 500, createdAt: T0 - 3 }, 'c'),
      withUrl({ state: 'failed', createdAt: T0 - 4 }, 'd'),
    ]);
    deps.getRecording.mockImplementation((id) => Promise.resolve(recording({ id, status: id === 'rec-a' ? 'completed' : 'processing' })));
    await pollDue(deps);
    // c is due within the alarm's slack; b is not due for minutes and is left alone.
    expect(deps.getRecording.mock.calls.map(([id]) => id).sort()).toEqual(['rec-a', 'rec-c']);
    expect((await store.get('a'))?.state).toBe('completed');
    expect(await store.get('b')).toMatchObject({ polls: 3, nextCheckAt: LATER + 200_000 });
    expect(await store.get('c')).toMatchObject({ polls: 2, nextCheckAt: LATER + 120_000 });
    expect(deps.finished).toHaveBeenCalledTimes(1);
  });

  it('does nothing for an empty list', async () => {
    const { deps } = setup();
    await pollDue(deps);
    expect(deps.getRecording).not.toHaveBeenCalled();
  });
});
