// @vitest-environment node
/**
 * The signer of what is kept in storage.local (lib/storage/stored-signature.ts): what the background and the side
 * panel keep in storage.local on Firefox, where content scripts can write it, is read back only
 * with a signature made by this browser's own key. Without it a page could file answers that the
 * panel shows as the service's, or name any contact to its tab.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { signStored, STORED_SIGNATURE_LENGTH, verifyStored } from '@/lib/storage/stored-signature';

afterEach(() => resetVaultForTests());

function deleteVault(): Promise<void> {
  return new Promise((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase('primer-vault');
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error ?? new Error('not deleted'));
  });
}

it('verifies its own signature for the same key and content, and nothing else', async () => {
  const sig = await signStored('cache:a', '12:{"x":1}');
  expect(sig).toHaveLength(STORED_SIGNATURE_LENGTH);
  expect(await verifyStored('cache:a', '12:{"x":1}', sig)).toBe(true);
  expect(await verifyStored('cache:a', '12:{"x":2}', sig)).toBe(false);
  expect(await verifyStored('cache:b', '12:{"x":1}', sig)).toBe(false);
  // Key and content do not run into each other.
  expect(await verifyStored('cache:a1', '2:{"x":1}', sig)).toBe(false);
  for (const forged of [undefined, null, 5, '', 'not base64!'.padEnd(STORED_SIGNATURE_LENGTH, '!'), 'A'.repeat(43) + '=']) {
    expect(await verifyStored('cache:a', '12:{"x":1}', forged)).toBe(false);
  }
});

it('keeps its key in the vault: a new worker verifies what the last one signed', async () => {
  const sig = await signStored('contactIndex', '{}');
  resetVaultForTests();
  expect(await verifyStored('contactIndex', '{}', sig)).toBe(true);
});

it('signs nothing while the vault cannot be read, and reads it again on the next use (no key of its own in memory)', async () => {
  const before = await signStored('cache:a', 'x');
  resetVaultForTests();
  const open = indexedDB.open.bind(indexedDB);
  const failing = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store', 'UnknownError');
  });
  expect(await verifyStored('cache:a', 'x', before)).toBe(false);
  await expect(signStored('cache:a', 'x')).rejects.toThrow();
  // The vault reads again: what was signed before verifies, and what is signed now verifies elsewhere too.
  failing.mockImplementation(open);
  expect(await verifyStored('cache:a', 'x', before)).toBe(true);
  const now = await signStored('cache:a', 'x');
  resetVaultForTests();
  expect(await verifyStored('cache:a', 'x', now)).toBe(true);
});

it('gives the background and the side panel one key when both make it at once', async () => {
  await deleteVault();
  resetVaultForTests();
  vi.resetModules();
  // Two pages of the extension, each with its own copy of the module, on a vault without the key yet.
  const background = await import('@/lib/storage/stored-signature');
  vi.resetModules();
  const panel = await import('@/lib/storage/stored-signature');
  expect(background).not.toBe(panel);
  const [fromBackground, fromPanel] = await Promise.all([background.signStored('panelQueryCache', 't'), panel.signStored('panelQueryCache', 't')]);
  expect(fromPanel).toBe(fromBackground);
  background.resetStoredSignerForTests();
  expect(await background.verifyStored('panelQueryCache', 't', fromPanel)).toBe(true);
});
