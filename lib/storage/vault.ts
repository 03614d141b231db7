/**
 * The vault: the extension origin's IndexedDB, where its non-extractable CryptoKeys are kept.
 * Content scripts run in the page's origin and cannot open it. The API key's own keys
 * (lib/background/key-vault.ts) and the signer of what is kept in storage.local
 * (stored-signature.ts) live here, each under its own id, beside the counters of which signed
 * write is the latest (write-generation.ts). Only those modules import this one (eslint.config.js).
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

/** The value stored as `id`, or undefined. */
export async function readValue(id: string): Promise<unknown> {
  const db = await openDb();
  try {
    return await request(db.transaction(STORE).objectStore(STORE).get(id));
  } finally {
    db.close();
  }
}

/**
 * Stores `change(value)` as `id` in the transaction that read `value` (undefined when there is
 * none): two of the extension's pages changing it at once never both see the same value.
 * Resolves with what was stored once it is committed.
 */
export async function changeValue<T>(id: string, change: (value: unknown) => T): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      // Flushed to disk before it counts as done: what is written after it (storage.local) must not outlive it.
      const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
      const store = tx.objectStore(STORE);
      let next: T;
      const read = store.get(id);
      // Put from the read's own callback: the transaction is still active there.
      read.onsuccess = () => {
        next = change(read.result);
        store.put(next, id);
      };
      tx.oncomplete = () => resolve(next);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
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
