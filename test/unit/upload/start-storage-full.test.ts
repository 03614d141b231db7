/**
 * storage.local full (Chrome's "QUOTA_BYTES quota exceeded"): an upload that cannot be recorded is
 * not started, and the popup is told why in Primer's words, not "Something went wrong inside
 * Primer" (the message layer's word for any error it does not know).
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toErrorInfo } from '@/lib/api/error-info';
import { UploadService } from '@/lib/upload/service';
import { storageUploadStore } from '@/lib/upload/store';
import { enforceStorageQuota, QUOTA_BYTES, storedSize } from '../support/storage-quota';
import { fakePlatform, memoryStore, T0, uploadRecord } from '../upload/helpers';

beforeEach(enforceStorageQuota);

/** Everything else Primer keeps, up to a few bytes short of the quota. */
async function fillStorage(): Promise<void> {
  const rest = QUOTA_BYTES - storedSize(await fakeBrowser.storage.local.get(null)) - 40;
  await fakeBrowser.storage.local.set({ 'cache:filler': 'x'.repeat(rest - storedSize({ 'cache:filler': '' })) });
}

it('says the browser’s storage for Primer is full when an upload cannot be recorded, and starts nothing', async () => {
  await fillStorage();
  const platform = fakePlatform(storageUploadStore(), () => T0);
  const record = uploadRecord();
  const started = new UploadService(platform).start('u1', record.file, record.meta);
  const error = await started.then(() => null, (thrown: unknown) => thrown);
  expect(toErrorInfo(error).message).toMatch(/could not start this upload.*storage for Primer is full or unavailable/);
  expect(platform.requestUrl).not.toHaveBeenCalled();
});

it('says so too when a retry or a cancel cannot be recorded (storage refusing every write)', async () => {
  const store = memoryStore([uploadRecord({ state: 'failed', failedStep: 'request-url', error: 'The service could not be reached.', errorKind: 'network' }), uploadRecord({ state: 'uploading' }, 'u2')]);
  store.put = () => Promise.reject(new Error('IndexedDB: the database connection is closing'));
  const platform = fakePlatform(store, () => T0);
  const service = new UploadService(platform);
  const failed = (promise: Promise<unknown>) => promise.then(() => null, (thrown: unknown) => toErrorInfo(thrown).message);
  expect(await failed(service.retry('u1'))).toMatch(/could not try this upload again.*storage for Primer is full or unavailable/);
  expect(await failed(service.cancel('u2'))).toMatch(/could not cancel this upload.*storage for Primer is full or unavailable/);
  expect(platform.requestUrl).not.toHaveBeenCalled();
});
