/**
 * The file's copy is deleted once the upload is "stored at its URL" (service.ts #settled: putDone,
 * "the file is never sent again"). The runner now resolves a run whose end storage refused with the
 * end as it was in memory (runner.ts `end`), where putDone is true as soon as it was asked to be
 * saved, saved or not. When storage refuses from the save of putDone on (unavailable, or the disk
 * full: "full or unavailable", NOT_SAVED), storage still says the file has to be sent: the shorter
 * "ended" copy (built from the last copy storage took), or, that refused too, the record as it was
 * uploading, which the next start resumes. Either way the next PUT needs the copy that was deleted,
 * and the recording already sent to storage is never completed. Before, the run rejected, nothing
 * was deleted, and the next start sent the file again.
 */
import { expect, it } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, T0 } from '../upload/helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

it.each([
  ['the save of putDone and of the failure are refused, the shorter ended copy lands', 2],
  ['every save is refused from then on', Infinity],
])('keeps the file while storage says it still has to be sent: %s', async (_, refusals) => {
  const store = memoryStore();
  const put = store.put.bind(store);
  let refuse = 0;
  store.put = (record: UploadRecord) => {
    if (refuse > 0) {
      refuse--;
      return Promise.reject(new Error('IO error: No space left on device'));
    }
    return put(record);
  };
  const platform = fakePlatform(store, () => T0);
  // The PUT reaches storage; from then on Primer's storage refuses the next `refusals` saves.
  platform.put.mockImplementation(() => {
    refuse = refusals;
    return Promise.resolve();
  });
  const service = new UploadService(platform);
  await service.start('u1', FILE, META);
  for (let i = 0; i < 10; i++) await idle();

  const stored = (await store.get('u1'))!;
  const deleted = platform.deleteFile.mock.calls.some(([id]) => id === 'u1');
  // What a Retry, or the next start, goes by: the file must still be there to be sent.
  expect({ storedPutDone: stored.putDone, fileDeleted: deleted }).not.toEqual({ storedPutDone: false, fileDeleted: true });
});
