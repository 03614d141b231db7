/**
 * Firefox: each write of the uploads list now needs the vault (IndexedDB) three more times: to
 * read the accepted generations (readHeld), to begin the write (beginWrite) and to mark it landed.
 * Before, with the signer's key already in memory, a write went on through a momentary IndexedDB
 * failure unharmed, and a read that met one only showed records as untrusted until the next read
 * (service.ts #deleteStoppedCopies: "they are trusted again at the next"). Now one failed vault
 * call during a write untrusts every upload in the list for good:
 *  - the generations cannot be read: every record reads as untrusted, is written back as it was
 *    found (its old generation), and the write then lands a newer generation, so they never verify again;
 *  - the generation cannot be taken: every record is written unsigned.
 * What the user sees: after a progress save (or a new upload started) met the hiccup, the upload
 * being sent stops and every row of the popup says "Primer cannot trust this upload’s saved
 * details. Upload the file again." with only Remove, though no page touched anything; the upload is
 * not resumed at the next start either.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uploadStore } from '@/lib/background/upload-store';
import { readUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { uploadRecord, withUrl } from '../upload/helpers';
import { asFirefoxWithFreshVault } from './vault-failures';

asFirefoxWithFreshVault();

/** The `nth` IndexedDB open from now on fails (a momentary failure); the others work. */
function vaultFailsAt(nth: number, seen: string[] = []): void {
  const open = indexedDB.open.bind(indexedDB);
  let calls = 0;
  vi.spyOn(indexedDB, 'open').mockImplementation((...args: Parameters<typeof indexedDB.open>) => {
    calls += 1;
    seen.push(new Error().stack?.split('\n').slice(2, 6).join(' | ') ?? '');
    if (calls === nth) throw new DOMException('Internal error opening backing store', 'UnknownError');
    return open(...args);
  });
}

async function sending() {
  const store = uploadStore();
  await store.put(uploadRecord({ state: 'completed', createdAt: 1 }, 'done'));
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  return store;
}

async function expectAllTrusted() {
  // The background (a read after the hiccup), and the popup.
  expect(await uploadStore().get('u1')).toMatchObject({ state: 'uploading', error: null });
  expect(await uploadStore().get('done')).toMatchObject({ state: 'completed', error: null });
  const shown = await readUploads((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  expect(shown.filter((row) => row.id !== 'u2').map((row) => [row.id, row.state, row.error])).toEqual([
    ['u1', 'uploading', null],
    ['done', 'completed', null],
  ]);
}

it('a progress save whose read of the generations met the hiccup leaves the uploads trusted', async () => {
  const store = await sending();
  const seen: string[] = [];
  vaultFailsAt(1, seen);
  await store.update('u1', (record) => ({ ...record, sentBytes: 1024 })).catch(() => undefined);
  vi.mocked(indexedDB.open).mockRestore();
  expect(seen[0]).toMatch(/currentGenerations|readValue/);
  await expectAllTrusted();
});

it('a new upload saved while the generation could not be taken leaves the other uploads trusted', async () => {
  const store = await sending();
  const seen: string[] = [];
  // The write's reads of the generations (before and after the list) work; beginWrite meets the hiccup.
  vaultFailsAt(3, seen);
  await store.put(uploadRecord({ state: 'requesting-url', createdAt: 0 }, 'u2')).catch(() => undefined);
  vi.mocked(indexedDB.open).mockRestore();
  expect(seen[2]).toMatch(/beginWrite|changeValue/);
  await expectAllTrusted();
});

it('a write while the vault cannot be read at all fails and writes nothing; the uploads are trusted once it is back', async () => {
  const store = await sending();
  const before = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
  vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store', 'UnknownError');
  });
  await expect(store.update('u1', (record) => ({ ...record, sentBytes: 1024 }))).rejects.toThrow();
  await expect(store.put(uploadRecord({ state: 'requesting-url', createdAt: 0 }, 'u2'))).rejects.toThrow();
  expect((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]).toEqual(before);
  vi.mocked(indexedDB.open).mockRestore();
  await expectAllTrusted();
});
