/**
 * Firefox: content scripts can read storage.local. While a recording is being sent, its upload
 * record there holds the presigned upload URL and the headers chosen for the PUT (S3's SSE-C
 * customer key among them): a credential to write the recording's object, valid until it expires
 * (often an hour, well after Primer's PUT ended). A page that took over the content script's
 * context reads it and overwrites the user's recording with audio of its own before (or as) the
 * service processes it. What the user would see: a briefing "from their meeting" that says what
 * the page wanted. (The runner forgets the URL once the file is stored, but the window is the
 * whole upload and the URL stays valid after it.)
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { deferred, fakePlatform, T0, uploadRecord } from '../upload/helpers';

it('keeps the presigned upload URL and its headers out of storage.local while the file is sent', async () => {
  const platform = fakePlatform(uploadStore(), () => T0);
  const putting = deferred();
  platform.put.mockImplementation(() => putting.promise);
  const service = new UploadService(platform);
  const record = uploadRecord();
  await service.start('u1', record.file, record.meta);
  // The vault's IndexedDB takes a few turns.
  await vi.waitFor(() => expect(platform.put).toHaveBeenCalledTimes(1));

  // What a content script reads meanwhile.
  const stored = JSON.stringify((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  putting.resolve();
  expect.soft(stored).not.toContain('x-amz-server-side-encryption');
  expect(stored).not.toContain('https://storage.example/rec-2?sig=2');
});
