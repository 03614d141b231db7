/**
 * 5b19e65d: the alarm's poll first saves every record in #unsaved (UploadService #saveUnsaved),
 * one after another, from a list taken when the poll starts. #unsaved also holds the progress save
 * of a run still going that storage refused (full for a moment on Chrome, the vault down on
 * Firefox). While the first of two such saves is on its way, the other upload's run goes on and
 * saves its end (storage took it: the entry leaves #unsaved); the poll then writes that upload's
 * old progress over it. Nothing writes the end again (the run is over). What the user sees: an
 * upload sent and being processed shows "Uploading" again for good, is never checked (no
 * "Recording ready"), and at the next start it is resumed from the old progress, the file
 * sent again.
 */
import { expect, it } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadService } from '@/lib/upload/service';
import { deferred, fakePlatform, idle, memoryStore, T0, type Deferred } from './helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

it("a poll does not write a running upload's refused progress over the end its run saved since", async () => {
  const store = memoryStore();
  const put = store.put.bind(store);
  let full = false;
  let gate: Deferred<void> | null = null;
  store.put = async (record: UploadRecord) => {
    if (full) throw new Error('QUOTA_BYTES quota exceeded');
    if (gate && record.id === 'a') await gate.promise;
    return put(record);
  };
  let clock = T0;
  const platform = fakePlatform(store, () => (clock += 1000));
  const puts = new Map<string, { done: Deferred<void>; progress: (sent: number) => void }>();
  platform.put.mockImplementation((record, progress) => {
    const done = deferred();
    puts.set(record.id, { done, progress });
    return done.promise;
  });
  const service = new UploadService(platform);
  await service.start('a', FILE, META);
  await service.start('b', FILE, META);
  for (let i = 0; i < 10; i++) await idle();
  expect([...puts.keys()]).toEqual(['a', 'b']);

  // Storage is full for a moment: both runs' progress saves are refused.
  full = true;
  puts.get('a')!.progress(300);
  puts.get('b')!.progress(300);
  for (let i = 0; i < 10; i++) await idle();
  full = false;

  // The alarm's poll (another recording being processed, or the 60 s retry): its first save is slow.
  gate = deferred();
  const polled = service.poll();
  await idle();
  // Meanwhile b's file is sent: its run saves the rest, up to "processing".
  puts.get('b')!.done.resolve();
  for (let i = 0; i < 20; i++) await idle();
  expect(store.records.get('b')?.state).toBe('processing');
  gate.resolve();
  gate = null;
  await polled;
  for (let i = 0; i < 20; i++) await idle();

  expect(store.records.get('b')?.state).toBe('processing');
});
