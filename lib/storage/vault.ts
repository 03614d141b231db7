/**
 * The vault: the extension origin's IndexedDB, where its non-extractable CryptoKeys are kept.
 * Content scripts run in the page's origin and cannot open it. The API key's own keys
 * (lib/background/key-vault.ts) and the signer of what is kept in storage.local
 * (stored-signature.ts) live here, each under its own id. Only those two modules import this one
 * (eslint.config.js).
 */
const DB_NAME = 'primer-vault';
const STORE = 'keys';

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export async function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/** The key stored as `id`, or undefined. */
export async function readKey(db: IDBDatabase, id: string): Promise<CryptoKey | undefined> {
  return (await request(db.transaction(STORE).objectStore(STORE).get(id))) as CryptoKey | undefined;
}

export async function deleteKey(db: IDBDatabase, id: string): Promise<void> {
  await request(db.transaction(STORE, 'readwrite').objectStore(STORE).delete(id));
}

/** The vault's key stored as `id`, made by `generate` the first time; non-extractable either way. */
export function storedKey(id: string, generate: () => Promise<CryptoKey>): Promise<CryptoKey> {
  return (async () => {
    const db = await openDb();
    try {
      const existing = await readKey(db, id);
      if (existing) return existing;
      const key = await generate();
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).add(key, id));
        return key;
      } catch (error) {
        // Made meanwhile by another of the extension's pages (the background, the side panel):
        // theirs is kept and used here too, or what one of them signed would not verify for the other.
        const made = await readKey(db, id);
        if (made) return made;
        throw error;
      }
    } finally {
      db.close();
    }
  })();
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
