/** The vault as tests need it: lost (site data cleared), and the key hash earlier versions stored. */
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
