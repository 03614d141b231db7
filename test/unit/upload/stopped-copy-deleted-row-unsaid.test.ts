/**
 * A stopped upload's kept copy, over a day old, is deleted and its row set to ask for the file
 * (MISSING_FILE, no Retry). The two are separate writes, the file first: a worker stopped between
 * them (the browser closing while start-up tidies) leaves a row that still offers Retry for a file
 * that is gone, and no later start can tell (the copy is no longer listed). Retry then asks the
 * service for a new upload address: a new recording there, with no file to send.
 */
import { expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { MISSING_FILE } from '@/lib/upload/record';
import { STOPPED_COPY_KEPT_MS, UploadService, type UploadPlatform } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, T0, withUrl } from './helpers';

const NETWORK_FAILURE = { state: 'failed', failedStep: 'put', errorKind: 'network', error: 'The upload server could not be reached.' } as const;

it('never leaves a row offering Retry for a copy it deleted, when the worker stops between the two writes', async () => {
  const store = memoryStore([withUrl({ ...NETWORK_FAILURE, updatedAt: T0 })]);
  const now = T0 + STOPPED_COPY_KEPT_MS + 60_000;
  const files = new Set(['u1']);
  // Worker 1: start-up deletes the day-old copy; the worker is stopped right after (nothing more runs).
  let stopped = false;
  const first = new UploadService({
    ...fakePlatform(store, () => now),
    listFiles: () => Promise.resolve([...files]),
    deleteFile: (id) => {
      files.delete(id);
      stopped = true;
      return Promise.resolve();
    },
    // Every write after the stop is lost with the worker.
    store: { ...store, put: (record) => (stopped ? new Promise<void>(() => undefined) : store.put(record)) },
  });
  void first.resume();
  await idle();
  expect(files.has('u1')).toBe(false);

  // Worker 2 starts; the user presses Retry on the row.
  const platform = {
    ...fakePlatform(store, () => now),
    listFiles: () => Promise.resolve([...files]),
    put: vi.fn<UploadPlatform['put']>(() => Promise.reject(new ApiError('not_found', MISSING_FILE))),
  };
  const second = new UploadService(platform);
  await second.resume();
  await idle();
  // The row says the file is gone, with no Retry: asking for a new address would create a recording for nothing.
  expect(await store.get('u1')).toMatchObject({ state: 'failed', error: MISSING_FILE });
  await second.retry('u1').catch(() => undefined);
  await idle();
  expect(platform.requestUrl).not.toHaveBeenCalled();
});
