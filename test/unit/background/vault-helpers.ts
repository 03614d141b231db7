/** The vault as tests need it: lost (site data cleared), and the key hash and sealed key earlier versions stored. */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetVaultForTests } from '@/lib/background/key-vault';

/** The vault's IndexedDB deleted and its keys forgotten in memory, as after clearing the site data and restarting. */
export async function deleteVault(): Promise<void> {
  resetVaultForTests();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('primer-vault');
    request.onsuccess = request.onerror = resolve;
  });
}

/** The tag earlier versions filed things under: 32-bit FNV-1a of the key, hex (written out here, apart from the product's). */
export function fnv(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export function idb<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * A key as the version before the address binding left it: AES-GCM without additional data, under
 * the wrapping key `api-key-wrapper` in the vault, `{v: 1}` in storage.local.
 */
export async function storeUnboundKey(secret: string) {
  const open = indexedDB.open('primer-vault', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('keys');
  const db = await idb(open);
  const wrapper = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await idb(db.transaction('keys', 'readwrite').objectStore('keys').put(wrapper, 'api-key-wrapper'));
  db.close();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, wrapper, new TextEncoder().encode(secret)));
  const sealed = { v: 1, iv: base64(iv), data: base64(data), hint: secret.slice(-4) };
  await fakeBrowser.storage.local.set({ apiKeySealed: sealed });
  return sealed;
}
