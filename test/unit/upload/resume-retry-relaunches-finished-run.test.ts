/**
 * 41d10bda: a start-up resume that could not read the uploads (Firefox: the vault failing) is run
 * again by the alarm's poll (#resumePending), a minute or more later, while uploads started since
 * are running. Its launch loop launches every record it read as sending and not running; but the
 * read takes a while (Firefox: generations and signatures checked in IndexedDB, addresses unsealed
 * after storage.local.get), and an upload whose run ends during it is read as still sending and
 * launched a second time. At start-up nothing was running, so this could not happen before.
 * What the user sees: a recording already sent and being processed is sent again (a second PUT of
 * gigabytes, or, its copy deleted once stored, "pick the file again" over a finished upload).
 */
import { expect, it } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadService } from '@/lib/upload/service';
import { deferred, fakePlatform, idle, memoryStore, T0, type Deferred } from './helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

it("the poll's second resume does not launch again an upload whose run ended while it read the list", async () => {
  const store = memoryStore();
  const all = store.all.bind(store);
  let down = true;
  let slowRead: Deferred<void> | null = null;
  store.all = async () => {
    if (down) throw new Error('The uploads cannot be checked now (the vault cannot be read).');
    const snapshot = await all();
    // Storage answered; the signatures and sealed addresses are checked after (Firefox).
    if (slowRead) await slowRead.promise;
    return snapshot;
  };
  let clock = T0;
  const platform = fakePlatform(store, () => (clock += 1000));
  const sent = deferred();
  platform.put.mockImplementationOnce(() => sent.promise);
  const service = new UploadService(platform);

  // Start-up meets the vault failing: the poll is to resume.
  await service.resume().catch(() => undefined);
  down = false;

  // The user uploads a recording meanwhile; its file is on its way.
  await service.start('a', FILE, META);
  for (let i = 0; i < 10; i++) await idle();
  expect(platform.put).toHaveBeenCalledTimes(1);

  // The alarm: the poll resumes; while it reads the list, a's PUT ends and its run saves "processing".
  slowRead = deferred();
  const polled = service.poll();
  await idle();
  sent.resolve();
  for (let i = 0; i < 20; i++) await idle();
  expect(store.records.get('a')?.state).toBe('processing');
  slowRead.resolve();
  slowRead = null;
  await polled;
  for (let i = 0; i < 20; i++) await idle();

  expect(platform.put).toHaveBeenCalledTimes(1);
  expect(platform.requestUrl).toHaveBeenCalledTimes(1);
  expect((store.records.get('a') as UploadRecord).state).toBe('processing');
});
