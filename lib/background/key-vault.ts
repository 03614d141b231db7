/**
 * Keeps the API key encrypted at rest. `storage.local` is readable by the extension's content
 * scripts, so the key is stored there only as AES-GCM ciphertext; the AES key itself is a
 * non-extractable CryptoKey kept in the extension origin's IndexedDB, which content scripts (they
 * run in the page's origin) cannot open. Only the background decrypts.
 *
 * The key is sealed for one service address: the address is AES-GCM's additional data, so the
 * ciphertext opens only when the same address is given again. Whoever can write storage.local
 * (a content script) can change the saved address, but not move the key to it.
 */
import type { SealedSecret, UnboundSealedSecret } from '../storage/items';
import { resetStoredSignerForTests } from '../storage/stored-signature';
import { deleteKey, fromBase64, openDb, readKey, storedKey, toBase64 } from '../storage/vault';

/** Seals keys bound to an address (`v: 2`). */
const KEY_ID = 'api-key-wrapper-bound';
/**
 * Sealed keys before they were bound to an address (`v: 1`). Opened once, to bind the key they
 * hold, then deleted: a copy of an old record written back later then opens nowhere.
 */
const UNBOUND_KEY_ID = 'api-key-wrapper';
/**
 * Tags keys (keyTag) for what is filed under them in storage.local. A secret of this browser's, so
 * a tag stored there tells nothing of the key to whoever reads it: Firefox's content scripts can.
 */
const TAGGER_ID = 'api-key-tagger';
/** Seals other values kept in storage.local (sealValue: an upload's presigned address): a key of its own. */
const VALUE_KEY_ID = 'value-sealer';

/** The vault's keys read (or made) in this worker's life, by id; a failed read is not remembered. */
const vaultKeys = new Map<string, Promise<CryptoKey>>();
let cachedTagger: Promise<{ key: CryptoKey; id: string }> | null = null;
/** Tags given in this worker's life, by key (memory only, as the key itself is). */
const tags = new Map<string, Promise<string>>();

const newAesKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

function vaultKey(id: string): Promise<CryptoKey> {
  let key = vaultKeys.get(id);
  if (!key) {
    key = storedKey(id, newAesKey);
    vaultKeys.set(id, key);
    void key.catch(() => vaultKeys.get(id) === key && vaultKeys.delete(id));
  }
  return key;
}

const newTagger = () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/**
 * The tagging key and its id. A vault that cannot be read (IndexedDB failing, a full disk) gives a
 * key kept in memory for this worker's life: an administrator's key, never sealed, works without
 * the vault, and what is filed under its tag starts over with the next worker (the scope differs).
 */
async function tagger(): Promise<{ key: CryptoKey; id: string }> {
  cachedTagger ??= (async () => {
    const key = await storedKey(TAGGER_ID, newTagger).catch(() => newTagger());
    return { key, id: hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('\u0000vault-id')), 4) };
  })().catch((error: unknown) => {
    cachedTagger = null;
    throw error;
  });
  return cachedTagger;
}

function hex(buffer: ArrayBuffer, bytes: number): string {
  let text = '';
  for (const byte of new Uint8Array(buffer).subarray(0, bytes)) text += byte.toString(16).padStart(2, '0');
  return text;
}

/**
 * A tag of an API key, `<vault id>-<HMAC-SHA-256 with this browser's secret>` (8 and 16 hex
 * digits): tells keys apart in what is filed under them in storage.local. A plain hash of the key
 * there let a short key be found by trying keys until one hashed to the tag. The vault id says
 * which secret made it: a tag made with a vault since lost (site data cleared) is of no key known
 * now, rather than of another key (lib/background/upload-account.ts).
 */
export function keyTag(secret: string): Promise<string> {
  let tag = tags.get(secret);
  if (!tag) {
    tag = (async () => {
      const { key, id } = await tagger();
      return `${id}-${hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(secret)), 8)}`;
    })();
    // The settings are read again after every change; the few keys seen are tagged once.
    if (tags.size >= 4) tags.clear();
    tags.set(secret, tag);
    void tag.catch(() => tags.get(secret) === tag && tags.delete(secret));
  }
  return tag;
}

/** AES-GCM ciphertext of `plain` with `binding` as its additional data: it opens only with the same binding. */
async function encrypt(key: CryptoKey, plain: string, binding: string): Promise<{ iv: string; data: string }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: bindingFor(binding) }, key, new TextEncoder().encode(plain));
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** What encrypt() sealed with `binding`, or null when it does not open (another binding, another key, not ciphertext). */
async function decrypt(key: CryptoKey, sealed: { iv: string; data: string }, binding?: string): Promise<string | null> {
  try {
    const additionalData = binding === undefined ? {} : { additionalData: bindingFor(binding) };
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv), ...additionalData }, key, fromBase64(sealed.data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** What a ciphertext is bound to: for the API key, the normalised base URL (lib/api/base-url.ts) it is for. */
function bindingFor(binding: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(binding);
}

/**
 * The last four characters of a key, for the options page, or none of a short one (they would be
 * most of it). Never stored: storage.local is readable by Firefox's content scripts, and the
 * ending of a short key beside anything derived from it would give the rest away.
 */
export function keyHint(secret: string): string | null {
  return secret.length >= 8 ? secret.slice(-4) : null;
}

/** Seals `secret` for `address` (a normalised base URL): only `unseal(…, address)` opens it. */
export async function seal(secret: string, address: string): Promise<SealedSecret> {
  return { v: 2, ...(await encrypt(await vaultKey(KEY_ID), secret, address)), hint: null, url: address };
}

/**
 * The secret sealed for `address`, or `null` when it was sealed for another address, or cannot
 * be opened at all (e.g. the browser's site data was cleared). `sealed.url` is not trusted: only
 * the address given here is. A vault that cannot be read now (IndexedDB failing to open, a full
 * disk) throws: the key may open again later, and must not be taken for one that never will.
 */
export async function unseal(sealed: SealedSecret, address: string): Promise<string | null> {
  return decrypt(await vaultKey(KEY_ID), sealed, address);
}

/** A value sealed with sealValue: AES-GCM ciphertext of its JSON. */
export interface SealedValue {
  iv: string;
  data: string;
}

/**
 * Seals `value` (anything JSON holds) for `binding`, AES-GCM's additional data: only
 * `openValue(…, binding)` opens it, so a sealed value copied elsewhere (another record) opens
 * nowhere. Throws when the vault cannot be read now.
 */
export async function sealValue(value: unknown, binding: string): Promise<SealedValue> {
  return encrypt(await vaultKey(VALUE_KEY_ID), JSON.stringify(value), binding);
}

/**
 * The value sealed for `binding` (unknown: the caller checks its shape), or `null` when it was
 * sealed for another binding, is not ciphertext of this vault (written by someone else), or the
 * vault's key was lost since (site data cleared). Throws when the vault cannot be read now.
 */
export async function openValue(sealed: SealedValue, binding: string): Promise<unknown> {
  const plain = await decrypt(await vaultKey(VALUE_KEY_ID), sealed, binding);
  return plain === null ? null : (JSON.parse(plain) as unknown);
}

function unboundWrappingKey(db: IDBDatabase): Promise<CryptoKey | undefined> {
  return readKey(db, UNBOUND_KEY_ID);
}

/**
 * Opens a key sealed before keys were bound to an address; `null` when it cannot be opened, and
 * always once forgetUnboundWrappingKey() has run. Throws when the vault cannot be read at all
 * (the caller tries again later rather than drop the key).
 */
export async function openUnbound(sealed: UnboundSealedSecret): Promise<string | null> {
  const db = await openDb();
  let key: CryptoKey | undefined;
  try {
    key = await unboundWrappingKey(db);
  } finally {
    db.close();
  }
  // Sealed before the binding: no additional data.
  return key ? decrypt(key, sealed) : null;
}

/** Deletes the wrapping key of unbound keys (once the key it sealed is bound, or if there is none). */
export async function forgetUnboundWrappingKey(): Promise<void> {
  const db = await openDb();
  try {
    if (await unboundWrappingKey(db)) await deleteKey(db, UNBOUND_KEY_ID);
  } finally {
    db.close();
  }
}

/** For tests: forget the in-memory handle so the next call reads IndexedDB again. */
export function resetVaultForTests(): void {
  vaultKeys.clear();
  cachedTagger = null;
  tags.clear();
  resetStoredSignerForTests();
}
