/**
 * Firefox: every read of the uploads needs the vault now (the accepted write generations,
 * 27341846), and a read that cannot have it reads every record as untrusted (failed). The alarm's
 * poll meets such a moment: its save of the check fails (975054df: nothing written), and the
 * alarm decision that follows (UploadService #reschedule, in poll's finally) reads no upload
 * "processing" and clears the alarm. Nothing sets it again once the vault is back (Firefox's
 * background page lives the whole browser session). What the user sees: the recording the service
 * is processing is never checked again: no "Recording ready" notification, the side panel
 * never refreshes its briefings, the popup row says "Processing" until the popup is opened (its
 * own checks) or the browser restarted.
 */
import { expect, it, vi } from 'vitest';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { ApiError } from '@/lib/api/error-info';
import { fakePlatform, T0, uploadRecord } from '../upload/helpers';
import { asFirefoxWithFreshVault, vaultDown } from './vault-failures';

asFirefoxWithFreshVault();

it('a poll that met a vault failure does not leave a processing upload without its alarm', async () => {
  const now = T0 + 60_000;
  await uploadStore().put(uploadRecord({ state: 'processing', recordingId: 'rec-1', putDone: true, nextCheckAt: now - 1000, updatedAt: T0 }));
  const platform = fakePlatform(uploadStore(), () => now);
  platform.getRecording.mockRejectedValue(new ApiError('network', 'offline'));
  const service = new UploadService(platform);

  // The vault cannot be opened while the alarm's poll runs; it is back right after.
  vaultDown();
  await service.poll().catch(() => undefined);
  vi.mocked(indexedDB.open).mockRestore();

  expect(platform.schedulePoll).toHaveBeenCalled();
  expect(platform.schedulePoll.mock.calls.at(-1)?.[0]).not.toBeNull();
  expect((await uploadStore().get('u1'))?.state).toBe('processing');
});
