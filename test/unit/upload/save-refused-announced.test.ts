/**
 * storage.local full ("QUOTA_BYTES quota exceeded") while an upload runs: the runner's next save is
 * refused, and so is its save of the failure. The run does not end silently with the stored record
 * still saying "Finishing…": the user is told it stopped because Primer's storage is full (even
 * with the popup open, whose row reads storage), and the background counts it as stopped.
 */
import { expect, it, vi } from 'vitest';
import { isSending, type UploadRecord } from '@/lib/upload/record';
import { NOT_SAVED } from '@/lib/upload/runner';
import { UploadService, type UploadPlatform } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, T0 } from '../upload/helpers';

const FILE = { name: 'Weekly sync.m4a', size: 1000, type: 'audio/mp4' };
const META = { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };

it('an upload whose save storage refuses is not left showing as still going, unannounced', async () => {
  const store = memoryStore();
  const put = store.put.bind(store);
  let full = false;
  // Room for the start and every step up to complete-upload; full from the save after it on.
  store.put = (record: UploadRecord) => (full ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')) : put(record));
  const platform = {
    ...fakePlatform(store, () => T0),
    complete: vi.fn<UploadPlatform['complete']>(() => {
      full = true;
      return Promise.resolve();
    }),
    uploadsShown: vi.fn<UploadPlatform['uploadsShown']>(() => Promise.resolve(false)),
  } satisfies UploadPlatform;
  const service = new UploadService(platform);
  await service.start('u1', FILE, META);
  for (let i = 0; i < 10; i++) await idle();

  const stored = (await store.get('u1'))!;
  const told = platform.announce.mock.calls.length > 0;
  // The list cannot say how it stands (storage refuses): the user must be told it stopped.
  expect(told, `stored as "${stored.state}" (shown as going on: ${isSending(stored)}), nothing announced`).toBe(true);
  expect(platform.announce.mock.calls[0]?.[0]).toMatchObject({ id: 'u1', state: 'failed', failedStep: 'complete', error: NOT_SAVED });
  expect((await service.list()).map((record) => [record.id, isSending(record)])).toEqual([['u1', false]]);
  expect(platform.showActive).toHaveBeenLastCalledWith(0);
});
