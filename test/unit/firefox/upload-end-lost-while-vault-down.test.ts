/**
 * Firefox (975054df): a write of the uploads list now fails, writing nothing, when the vault cannot
 * be read. The runner takes a failed save as storage's NOT_SAVED and tries a shorter end (runner.ts
 * end), which fails the same way: unlike a full storage, nothing lands. Nothing writes the run's
 * end again once the vault is back, and Firefox's background page lives the whole browser session.
 * What the user sees: the recording was sent and complete-upload accepted (the service is
 * processing it), but the popup row stays "Finishing…" for good, with no button (not Cancel, Retry
 * or Remove); it is never checked, so "Recording ready" never comes, while the notification
 * said "Primer could not save this upload’s progress … Open Primer’s toolbar button to try again"
 * (there is nothing to try). Only a browser restart moved it. Now the alarm comes back while an
 * end is unsaved, and its poll saves it first.
 */
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UNREADABLE_RETRY_MS, UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { readUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { fakePlatform, T0, uploadRecord } from '../upload/helpers';
import { asFirefoxWithFreshVault, vaultDown } from './vault-failures';

asFirefoxWithFreshVault();

it('an upload whose end could not be saved while the vault was down is not left "completing" once it is back', async () => {
  let down = false;
  vaultDown(() => down);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  // complete-upload is accepted; the vault fails for a moment just as the run saves "processing".
  platform.complete.mockImplementation(() => {
    down = true;
    setTimeout(() => (down = false), 30);
    return Promise.resolve();
  });
  const service = new UploadService(platform);
  const { file, meta } = uploadRecord();
  await service.start('u1', file, meta);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(down).toBe(false);
  expect(platform.complete).toHaveBeenCalledTimes(1);

  // The vault is back; the alarm, set to come back while the end is unsaved, fires.
  expect(platform.schedulePoll.mock.calls.at(-1)?.[0]).toBe(T0 + 60_000 + UNREADABLE_RETRY_MS);
  await service.poll();
  // What the popup shows from storage.
  const [row] = await readUploads((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  expect(row?.state).not.toBe('completing');
});
