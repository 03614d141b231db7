/**
 * storage.local nearly full: a write that keeps a value's size still lands, one that grows it is
 * refused ("QUOTA_BYTES quota exceeded"). An upload cut off by a restart while asking for its
 * address is resumed: a new recording is created on the service, and the save of its id and
 * address (larger) is refused, and so is the save of the failure. The record is still marked
 * stopped (a copy no larger than the one stored), so later starts of the worker (Chrome stops it
 * after 30 s idle) do not each create yet another recording, whatever fills storage.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { storageUploadStore, UPLOADS_KEY } from '@/lib/upload/store';
import { enforceStorageQuota, QUOTA_BYTES, storedSize } from '../support/storage-quota';
import { fakePlatform, idle, T0, uploadRecord } from '../upload/helpers';

beforeEach(enforceStorageQuota);

it.each(['cache:filler', 'panelQueryCache'])('does not create a new recording on the service at every start while storage refuses to record it (filled by %s)', async (filler) => {
  const store = storageUploadStore();
  // Cut off while asking for its address (the worker stopped), as the store keeps it.
  await store.put(uploadRecord({ state: 'requesting-url' }));
  const uploads = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
  // Everything else Primer keeps, up to 40 bytes short of the quota.
  const rest = QUOTA_BYTES - storedSize({ [UPLOADS_KEY]: uploads }) - 40;
  await fakeBrowser.storage.local.set({ [filler]: 'x'.repeat(rest - storedSize({ [filler]: '' })) });

  let created = 0;
  for (let start = 0; start < 3; start++) {
    // A new worker: a new service over the same storage, resuming what was cut off.
    const platform = fakePlatform(storageUploadStore(), () => T0);
    platform.requestUrl.mockImplementation(() => {
      created++;
      return Promise.resolve({ uploadUrl: `https://storage.example/rec-${created}?X-Amz-Signature=${'s'.repeat(64)}`, recordingId: `rec-${created}`, expiresAt: new Date(T0 + 3_600_000).toISOString(), headers: {} });
    });
    await new UploadService(platform).resume();
    for (let i = 0; i < 10; i++) await idle();
  }
  const stored = (await store.get('u1'))!;
  expect({ recordingsCreated: created, stored: { state: stored.state, recordingId: stored.recordingId } }).toEqual({ recordingsCreated: 1, stored: expect.anything() });
});
