/**
 * Firefox: the upload store signs every record with the stored signer (lib/storage/stored-signature.ts).
 * When the vault (IndexedDB) cannot be opened the first time that signer is asked for its key (a
 * momentary IndexedDB failure), it signs with a key kept in memory for the rest of that
 * background's life (on Firefox, the browser session), and nothing tries the vault again. Every
 * upload written in that session is then signed with a key that no other page has and that is
 * gone at the next start. What the user sees: the popup shows the upload they have just started,
 * while it is being sent, as "Primer cannot trust this upload’s saved details. Upload the file
 * again." with only Remove; and after the browser (or the background) restarts mid-upload, the
 * upload is not resumed but stays failed as untrusted, though no page ever touched it. Before the
 * signing, the same hiccup left uploads alone (the sealer tries the vault again at each write).
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { fakePlatform, T0, uploadRecord, withUrl } from '../upload/helpers';
import { asFirefoxWithFreshVault } from './vault-failures';

asFirefoxWithFreshVault();

/** IndexedDB fails to open once (the vault's hiccup), then works again. */
function vaultFailsOnce(): void {
  const open = indexedDB.open.bind(indexedDB);
  vi.spyOn(indexedDB, 'open')
    .mockImplementationOnce(() => {
      throw new DOMException('Internal error opening backing store', 'UnknownError');
    })
    .mockImplementation(open);
}

it('an upload written in a session whose first vault read failed is resumed at the next start', async () => {
  // This session: the first signing meets the hiccup; the upload is then sent, and the browser closes mid-PUT.
  vaultFailsOnce();
  const store = uploadStore();
  // Started (service.start: no address yet, so this write opens only the signer's key), then sending.
  await store.put(uploadRecord({ state: 'requesting-url' }));
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  expect((await store.get('u1'))?.state).toBe('uploading');

  // The next start (a new background: the vault reads fine).
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  platform.listFiles.mockResolvedValue(['u1']);
  const service = new UploadService(platform);
  await service.resume();
  await new Promise((resolve) => setTimeout(resolve, 20));

  const [row] = await service.list();
  expect(row?.error ?? null).toBeNull();
  expect(platform.put).toHaveBeenCalled();
});

it('the popup (its own signer, the vault readable) shows an upload the background is sending as it is, not untrusted', async () => {
  vaultFailsOnce();
  const store = uploadStore();
  // Started (service.start: no address yet, so this write opens only the signer's key), then sending.
  await store.put(uploadRecord({ state: 'requesting-url' }));
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));

  // The popup is another page: its own copy of the signer, which reads the vault.
  vi.resetModules();
  const popup = await import('@/lib/upload/store');
  const [row] = await popup.readUploads((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  expect(row).toMatchObject({ id: 'u1', state: 'uploading', error: null });
});
