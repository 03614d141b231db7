/**
 * Signs what the background and the side panel read back from storage.local as their own (the
 * service's cached answers and the contact index: lib/background/browser-stores.ts; the panel's
 * saved briefings: components/panel/data/persistence.ts). On Firefox content scripts can write that
 * area (lib/background/storage-access.ts), and what a page that took one over wrote there must not
 * pass for the service's. An HMAC-SHA-256 with a non-extractable key kept in the vault (vault.ts),
 * which only the extension's own pages can open.
 */
import { fromBase64, storedKey, toBase64 } from './vault';

const SIGNER_ID = 'stored-answer-signer';

/** The length of a signature as signStored gives it (base64 of 32 bytes). */
export const STORED_SIGNATURE_LENGTH = 44;

let cachedSigner: Promise<CryptoKey> | null = null;

const newSigner = () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/**
 * The signing key, from the vault. One that cannot be read now (IndexedDB failing for a moment, a
 * full disk) is tried again on the next use, never replaced by a key kept in memory: what that
 * signed would be unverifiable to every other page and after the next start (an upload sent
 * meanwhile read as untrusted). Meanwhile nothing is signed (signStored throws) and nothing
 * verifies: answers are not kept, and are fetched again.
 */
function signer(): Promise<CryptoKey> {
  cachedSigner ??= storedKey(SIGNER_ID, newSigner).catch((error: unknown) => {
    cachedSigner = null;
    throw error;
  });
  return cachedSigner;
}

/** Starts reading the signing key, for a page about to verify what it reads (the side panel's start). */
export function prepareStoredSigner(): void {
  signer().catch(() => undefined);
}

/** What is signed: the storage key, quoted (key and content do not run into each other), and the content. */
function signedBytes(storageKey: string, content: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${JSON.stringify(storageKey)}:${content}`);
}

/** The signature of `content` stored under `storageKey` (base64). */
export async function signStored(storageKey: string, content: string): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', await signer(), signedBytes(storageKey, content))));
}

/** Whether `signature` is signStored's for `content` under `storageKey`: false for anything else, or when there is no key. */
export async function verifyStored(storageKey: string, content: string, signature: unknown): Promise<boolean> {
  if (typeof signature !== 'string' || signature.length !== STORED_SIGNATURE_LENGTH) return false;
  try {
    return await crypto.subtle.verify('HMAC', await signer(), fromBase64(signature), signedBytes(storageKey, content));
  } catch {
    return false;
  }
}

/** For tests: forget the key in memory, as a new worker or page would. */
export function resetStoredSignerForTests(): void {
  cachedSigner = null;
}
