/**
 * Keeps the API key encrypted at rest. `storage.local` is readable by the extension's content
 * scripts, so the key is stored there only as AES-GCM ciphertext; the AES key itself is a
 * non-extractable CryptoKey kept in the extension origin's IndexedDB, which content scripts (they
 * run in the page's origin) cannot open. Only the background decrypts.
 */
import type { SealedSecret } from '../storage/items';

const DB_NAME = 'primer-vault';
const STORE = 'keys';
const KEY_ID = 'api-key-wrapper';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

let cachedKey: Promise<CryptoKey> | null = null;

async function wrappingKey(): Promise<CryptoKey> {
  cachedKey ??= (async () => {
    const db = await openDb();
    try {
      const existing = (await request(db.transaction(STORE).objectStore(STORE).get(KEY_ID))) as CryptoKey | undefined;
      if (existing) return existing;
      const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
      return key;
    } finally {
      db.close();
    }
  })().catch((error: unknown) => {
    cachedKey = null;
    throw error;
  });
  return cachedKey;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function seal(secret: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(), new TextEncoder().encode(secret));
  return { v: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(data)), hint: secret.length >= 8 ? secret.slice(-4) : null };
}

/** `null` when the ciphertext cannot be opened (e.g. the browser's site data was cleared). */
export async function unseal(sealed: SealedSecret): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      await wrappingKey(),
      fromBase64(sealed.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** For tests: forget the in-memory handle so the next call reads IndexedDB again. */
export function resetVaultForTests(): void {
  cachedKey = null;
}
