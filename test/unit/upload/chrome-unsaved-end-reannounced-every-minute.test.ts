/**
 * Chrome (the worker build). Storage refuses every write (the disk is full: storage.local answers
 * each set with an IO error), and an upload's run ends with even its short end refused (runner.ts
 * NOT_SAVED): the user is told once that it stopped. Since 5b19e65d the service then sets the poll
 * alarm for a minute on (UNREADABLE_RETRY_MS, while #unsaved is not empty). On Chrome the worker
 * is stopped after 30 s idle and its #unsaved with it: the alarm wakes a fresh worker, whose
 * start-up resumes the upload storage still says is going, which fails the same way, sets the alarm
 * again and announces again. What the user sees: the same "upload stopped" notification popping
 * up again every minute, for as long as the disk stays full (and the worker woken every minute).
 * Before 5b19e65d no alarm was set for it: one notification.
 */
import { expect, it } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, T0 } from './helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

it('an upload whose end storage refused is announced once, not again at every minute-alarm of a new worker', async () => {
  expect(import.meta.env.FIREFOX).toBeFalsy();
  const store = memoryStore();
  const put = store.put.bind(store);
  let full = false;
  store.put = (record: UploadRecord) => (full ? Promise.reject(new Error('IO error: No space left on device')) : put(record));
  let clock = T0;
  const platform = fakePlatform(store, () => clock);
  platform.uploadsShown.mockResolvedValue(false);
  // The disk fills while the service finishes the upload: every save from then on is refused.
  platform.complete.mockImplementation(() => {
    full = true;
    return Promise.resolve();
  });
  let alarm: number | null = null;
  platform.schedulePoll.mockImplementation((at) => {
    alarm = at;
    return Promise.resolve();
  });

  const first = new UploadService(platform);
  await first.resume();
  await first.start('u1', FILE, META);
  for (let i = 0; i < 20; i++) await idle();
  expect(platform.announce).toHaveBeenCalledTimes(1);

  // Ten minutes: each time the alarm is set, the idle worker has been stopped by the time it rings,
  // and the alarm starts a new one (start-up's resume, then the alarm's poll).
  for (let minute = 0; minute < 10 && alarm !== null; minute++) {
    clock = Math.max(clock, alarm);
    const worker = new UploadService(platform);
    void worker.resume().catch(() => undefined);
    await idle();
    await worker.poll().catch(() => undefined);
    for (let i = 0; i < 20; i++) await idle();
  }

  expect(platform.announce).toHaveBeenCalledTimes(1);
});
