/**
 * Firefox: each upload record is signed over its content alone (lib/upload/store.ts signedEntry),
 * so any copy the background ever wrote verifies for good. A page that took over a matched site's
 * renderer can read storage.local: it keeps the signed entry of an upload while it is being sent,
 * and writes it back after the user cancelled the upload. What the user sees: at the background's
 * next start the upload they cancelled (the wrong recording picked, say) is resumed and its file
 * sent to the service and filed for the contact, though they pressed Cancel; nothing says a page
 * wrote the record. A record "not as the background signed it" is refused, but an older one the
 * background signed is taken as the current one.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { fakePlatform, T0, withUrl } from '../upload/helpers';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

function background() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  platform.listFiles.mockResolvedValue(['u1']);
  return { platform, service: new UploadService(platform) };
}

it('an upload the user cancelled is not resumed when a page writes back the signed entry it had while sending', async () => {
  // Cut off mid-PUT (the worker stopped); the page keeps what storage held then.
  await uploadStore().put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const whileSending = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];

  // The user cancels it (not running in this background: marked cancelled so it is never resumed).
  const first = background();
  first.platform.put.mockImplementation(() => new Promise(() => undefined));
  await first.service.cancel('u1');
  expect((await uploadStore().get('u1'))?.state).toBe('cancelled');

  // The page writes the old entry back; the background starts again.
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: whileSending });
  const { platform, service } = background();
  await service.resume();
  await new Promise((resolve) => setTimeout(resolve, 20));

  expect(platform.put).not.toHaveBeenCalled();
  expect(platform.complete).not.toHaveBeenCalled();
});
