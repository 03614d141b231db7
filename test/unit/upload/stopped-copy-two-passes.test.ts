/**
 * Start-up's pass over the kept copies and the hourly upkeep's can run at once (on Chrome the hourly
 * alarm is what wakes the worker), and both find the same copy of an upload stopped more than a day
 * ago. It is deleted once, by the first pass: what a view asks about that upload meanwhile waits
 * for that deletion to end, so a Remove pressed while the copy is still being deleted is not undone
 * by a second pass saving the row again ("pick the file again") after it went.
 */
import { describe, expect, it, vi } from 'vitest';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';
import { MISSING_FILE } from '@/lib/upload/record';
import { STOPPED_COPY_KEPT_MS, UploadService, type UploadPlatform } from '@/lib/upload/service';
import { deferred, fakePlatform, idle, memoryStore, T0, withUrl } from './helpers';

const STOPPED = withUrl({ state: 'failed', failedStep: 'put', errorKind: 'network', error: 'The upload server could not be reached.', updatedAt: T0 });

function setup() {
  const store = memoryStore([STOPPED]);
  const now = T0 + 2 * STOPPED_COPY_KEPT_MS;
  const platform = {
    ...fakePlatform(store, () => now),
    listFiles: vi.fn<UploadPlatform['listFiles']>(() => Promise.resolve([STOPPED.id])),
  };
  return { service: new UploadService(platform), store, platform, now };
}

describe('start-up and the hourly upkeep finding the same stopped copy at once', () => {
  it('delete it once, and a Remove pressed meanwhile stays done', async () => {
    const { service, store, platform, now } = setup();
    // Deleting a copy of gigabytes takes a while: each deletion ends when told to.
    const deletions = [deferred(), deferred()];
    platform.deleteFile.mockImplementationOnce(() => deletions[0]!.promise).mockImplementationOnce(() => deletions[1]!.promise);

    const startup = service.resume();
    const upkeep = service.forgetFinishedBefore(now - STORED_ANSWER_MAX_AGE_MS);
    await idle();
    deletions[0]!.resolve();
    await idle();
    expect(await store.get(STOPPED.id)).toMatchObject({ state: 'failed', error: MISSING_FILE });

    // The user removes the row, which now asks for the file again.
    const removed = service.dismiss(STOPPED.id);
    await idle();
    deletions[1]!.resolve();
    await expect(removed).resolves.toBe(true);
    await Promise.all([startup, upkeep]);
    await idle();
    expect(await store.get(STOPPED.id)).toBeNull();
    // The copy, then the removed upload's file (nothing left): never two deletions of the copy at once.
    expect(platform.deleteFile.mock.calls).toEqual([[STOPPED.id], [STOPPED.id]]);
  });
});
