/**
 * 41d10bda: a view's action waits for start-up's launches (#startup) so a Cancel never saves a
 * cancelled copy that a launch then writes over. The start-up resume that could not read the
 * uploads (Firefox: the vault failing) is now run again by the alarm's poll, a minute or more
 * later, and a Cancel already past #afterStartup is not waited for: the poll reads the cut-off
 * upload as still sending before the Cancel's save lands, and launches it.
 * What the user sees: they cancel the stuck upload (the row says Cancelled for a moment), and it
 * goes on anyway: the file is sent and the recording processed.
 */
import { expect, it } from 'vitest';
import type { UploadRecord } from '@/lib/upload/record';
import { UploadService } from '@/lib/upload/service';
import { deferred, fakePlatform, idle, memoryStore, T0, withUrl, type Deferred } from './helpers';

it("a Cancel on its way when the poll's resume reads the list is not undone by a launch", async () => {
  // Cut off by the last shutdown mid-PUT.
  const store = memoryStore([withUrl({ state: 'uploading', sentBytes: 400, updatedAt: T0 })]);
  const all = store.all.bind(store);
  const put = store.put.bind(store);
  let down = true;
  let cancelSave: Deferred<void> | null = null;
  store.all = () => (down ? Promise.reject(new Error('The uploads cannot be checked now (the vault cannot be read).')) : all());
  store.put = async (record: UploadRecord) => {
    if (record.state === 'cancelled' && cancelSave) await cancelSave.promise;
    return put(record);
  };
  let clock = T0;
  const platform = fakePlatform(store, () => (clock += 1000));
  // The rest of the file takes a while to send.
  const sent = deferred();
  platform.put.mockImplementation(() => sent.promise);
  const service = new UploadService(platform);

  // Start-up meets the vault failing; it is back a moment later.
  await service.resume().catch(() => undefined);
  down = false;

  // The user cancels the stuck upload; its save is on its way when the alarm's poll comes.
  cancelSave = deferred();
  const cancelled = service.cancel('u1');
  for (let i = 0; i < 5; i++) await idle();
  const polled = service.poll();
  for (let i = 0; i < 5; i++) await idle();
  cancelSave.resolve();
  await cancelled;
  for (let i = 0; i < 5; i++) await idle();
  sent.resolve();
  await polled;
  for (let i = 0; i < 20; i++) await idle();

  expect(platform.put).not.toHaveBeenCalled();
  expect(platform.complete).not.toHaveBeenCalled();
  expect(store.records.get('u1')?.state).toBe('cancelled');
});
