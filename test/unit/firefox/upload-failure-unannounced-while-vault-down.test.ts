/**
 * Firefox (5b19e65d): the background's store now rejects every read while the vault cannot be
 * read. An upload that stops while the vault is down (here: complete-upload fails, offline) has its
 * end kept unsaved (#unsaved), but UploadService #settled then redraws the badge from a read that
 * rejects, so it stops there: #announceUnseen never runs. The alarm's poll later saves the end
 * (#saveUnsaved) but neither redraws the badge nor announces. What the user sees: no "upload
 * stopped" notification (the popup, closed after "you can close this window", is not open), and
 * the toolbar badge keeps counting the stopped upload as going for the rest of the session.
 * Before 5b19e65d the read gave the unsaved end over untrusted records: announced, badge 0.
 */
import { expect, it } from 'vitest';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { ApiError } from '@/lib/api/error-info';
import { fakePlatform, T0, uploadRecord } from '../upload/helpers';
import { asFirefoxWithFreshVault, vaultDown } from './vault-failures';

asFirefoxWithFreshVault();

it('an upload that stops while the vault is down is announced and no longer counted on the badge', async () => {
  let down = false;
  vaultDown(() => down);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  platform.uploadsShown.mockResolvedValue(false);
  // complete-upload fails (offline) just as the vault fails for a moment.
  platform.complete.mockImplementation(() => {
    down = true;
    setTimeout(() => (down = false), 30);
    return Promise.reject(new ApiError('network', 'offline'));
  });
  const service = new UploadService(platform);
  const { file, meta } = uploadRecord();
  await service.start('u1', file, meta);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(down).toBe(false);

  // The vault is back; the alarm comes back and saves the end.
  await service.poll();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await service.list()).map((record) => record.state)).toEqual(['failed']);

  expect(platform.announce).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1', state: 'failed' }));
  expect(platform.showActive).toHaveBeenLastCalledWith(0);
});
