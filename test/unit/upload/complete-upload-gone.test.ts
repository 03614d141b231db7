/**
 * complete-upload answered 404 or 410: the service no longer has the recording (one it let expire
 * unfinished; a retry the next day). Finishing can never succeed, and the file's copy went once the
 * PUT succeeded, so the upload stops for good: the row says to upload the file again and offers no
 * "Retry finishing", the service refuses a retry without asking complete-upload again, and the
 * notification says to upload it again, as for a file that is gone (MISSING_FILE). The poller says
 * the same words of its own 404.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, kindForStatus } from '@/lib/api/errors';
import { retryLabel } from '@/components/popup/upload-text';
import { announcementOf } from '@/lib/background/uploads';
import { RECORDING_GONE } from '@/lib/upload/record';
import { UploadService, type UploadPlatform } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, presigned, T0, withUrl } from './helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: null, primaryContactName: null };

function setup(status: number, initial = memoryStore()) {
  const store = initial;
  const platform = {
    ...fakePlatform(store, () => T0),
    requestUrl: vi.fn<UploadPlatform['requestUrl']>(() => Promise.resolve(presigned(1, T0))),
    // The recording is gone on the service: every complete-upload is answered 404 (or 410 Gone).
    complete: vi.fn<UploadPlatform['complete']>(() => Promise.reject(new ApiError(kindForStatus(status), 'The service does not have this item.', { status }))),
    getRecording: vi.fn<UploadPlatform['getRecording']>(() => Promise.reject(new ApiError('not_found', 'gone', { status: 404 }))),
  };
  return { service: new UploadService(platform), store, platform };
}

describe('complete-upload answered 404 or 410: the service no longer has the recording', () => {
  it.each([404, 410])('stops the upload for good on a %i: no "Retry finishing", no second complete-upload, "upload it again"', async (status) => {
    const { service, store, platform } = setup(status);
    await service.start('u1', FILE, META);
    await idle();
    const failed = (await store.get('u1'))!;
    expect(failed).toMatchObject({ state: 'failed', failedStep: 'complete', putDone: true, errorKind: 'not_found', error: RECORDING_GONE });
    expect(RECORDING_GONE).toBe('The service no longer has this recording; upload the file again.');
    // The kept copy went as soon as the PUT succeeded: nothing can be sent again.
    expect(platform.deleteFile).toHaveBeenCalledWith('u1');

    // Neither the row's button nor the notification promises that trying again helps.
    expect(retryLabel(failed)).toBeNull();
    const { message } = announcementOf(failed);
    expect(message).toBe('“\u2068Weekly sync\u2069”: \u2068The service no longer has this recording; upload the file again.\u2069 Open Primer’s toolbar button to upload it again.');
    expect(message).not.toMatch(/try again/);

    // A retry asked all the same (a message can say anything) is refused without asking the service.
    await expect(service.retry('u1')).rejects.toMatchObject({ kind: 'conflict', message: RECORDING_GONE });
    await idle();
    expect(platform.complete).toHaveBeenCalledTimes(1);
    expect(await store.get('u1')).toEqual(failed);
  });

  it('treats an upload stopped so before these words alike (the service’s own words kept)', async () => {
    const older = withUrl({ state: 'failed', failedStep: 'complete', putDone: true, errorKind: 'not_found', error: 'The service does not have this item.' });
    const { service, platform } = setup(404, memoryStore([older]));
    expect(retryLabel(older)).toBeNull();
    expect(announcementOf(older).message).toMatch(/upload it again\.$/);
    await expect(service.retry('u1')).rejects.toMatchObject({ kind: 'conflict', message: RECORDING_GONE });
    expect(platform.complete).not.toHaveBeenCalled();
  });

  it('still offers "Retry finishing" for a failure a retry can get past (a server error)', async () => {
    const down = withUrl({ state: 'failed', failedStep: 'complete', putDone: true, errorKind: 'server', error: 'The service had a problem. Try again in a moment.' });
    const { service, platform } = setup(404, memoryStore([down]));
    platform.complete.mockResolvedValueOnce();
    expect(retryLabel(down)).toBe('Retry finishing');
    expect(announcementOf(down).message).toMatch(/try again\.$/);
    await service.retry('u1');
    await idle();
    expect(platform.complete).toHaveBeenCalledTimes(1);
  });
});
