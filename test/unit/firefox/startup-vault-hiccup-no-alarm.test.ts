/**
 * Firefox (5b19e65d): reads of the uploads reject while the vault cannot be read, and the alarm is
 * meant to come back in a minute then (UNREADABLE_RETRY_MS). But resume(), the background page's
 * start, reads the uploads before it reaches #reschedule: the rejection ends it there (caught in
 * entrypoints/background/index.ts) and no alarm is set, nothing retries. Firefox's background page
 * lives the whole browser session. What the user sees after a vault hiccup at browser start: the
 * recording the service is processing is never checked (no "Recording ready" notification, the
 * panel never refreshes), and an upload cut off by the last shutdown is not resumed, until the
 * browser is restarted.
 */
import { expect, it, vi } from 'vitest';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { fakePlatform, T0, uploadRecord } from '../upload/helpers';
import { asFirefoxWithFreshVault, vaultDown } from './vault-failures';

asFirefoxWithFreshVault();

it('a start that met a vault failure still has the alarm come back for the processing upload', async () => {
  const now = T0 + 60_000;
  await uploadStore().put(uploadRecord({ state: 'processing', recordingId: 'rec-1', putDone: true, nextCheckAt: now + 30_000, updatedAt: T0 }));
  const platform = fakePlatform(uploadStore(), () => now);
  const service = new UploadService(platform);

  // The vault cannot be opened while the background page starts; it is back right after.
  vaultDown();
  await service.resume().catch(() => undefined);
  vi.mocked(indexedDB.open).mockRestore();
  await new Promise((resolve) => setTimeout(resolve, 20));

  expect(platform.schedulePoll).toHaveBeenCalled();
  expect(platform.schedulePoll.mock.calls.at(-1)?.[0]).not.toBeNull();
});
