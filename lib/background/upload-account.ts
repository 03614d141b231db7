/**
 * Which account of a service an upload's recording was created in (UploadRecord.account): the
 * service's address and the tag of the key that created it (ServiceClient.cacheScope). Only that
 * account has the recording, so completing and checking it go nowhere else (uploads.ts
 * recordingClient).
 *
 * Versions before this one tagged the key with a plain 32-bit hash (FNV-1a) in what they kept in
 * storage.local, which Firefox's content scripts can read: a short key was found by trying keys
 * until one hashed to the tag. Tags are keyed with this browser's secret now (key-vault.ts keyTag).
 * Such an account is still recognised (by the hash of the key in effect, kept in memory only), and
 * renamed at start-up so that the hash leaves storage; the cache and contact index start over
 * instead (their stored scope no longer matches, service-context.ts).
 */
import { cacheScopeOf } from '../api/client';
import { keyTag } from './key-vault';
import { effectiveSettings } from './settings';

/** An account as earlier versions wrote it: the address, then `|key-` and eight hex digits. */
const LEGACY_ACCOUNT = /^(.*)\|key-([0-9a-f]{8})$/;
/** An account as written now: `|tag-`, the vault's id, and the key's HMAC (key-vault.ts keyTag). */
const TAGGED_ACCOUNT = /\|tag-([0-9a-f]{8})-[0-9a-f]{16}$/;
/** What an earlier version's account of another key is renamed to: nothing of that key stays. */
export const RETIRED_TAG = 'retired';

/** The hash earlier versions filed the key under. */
export function legacyKeyHash(apiKey: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i++) hash = Math.imul(hash ^ apiKey.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The account in effect: its scope (ServiceClient.cacheScope) and its key's legacy hash. */
export interface CurrentAccount {
  scope: string;
  legacyKeyHash: string | null;
}

/**
 * Whether `recorded` is the account in effect. The address is another question (the record's
 * serviceUrl): the key's tag is the same on every address. An account tagged with a vault since
 * lost is of no key known now: the one in effect is taken, as for records from before accounts
 * were kept (a recording it does not have is answered 404, and the row says so).
 */
export function sameAccount(recorded: string, current: CurrentAccount): boolean {
  if (recorded === current.scope) return true;
  const legacy = LEGACY_ACCOUNT.exec(recorded);
  if (legacy) return legacy[2] === current.legacyKeyHash;
  const tagged = TAGGED_ACCOUNT.exec(recorded);
  const now = TAGGED_ACCOUNT.exec(current.scope);
  if (!tagged || !now) return false;
  return tagged[1] !== now[1] || tagged[0] === now[0];
}

/** Whether `account` was renamed at start-up for a key no longer known (RETIRED_TAG). */
export function retiredAccount(account: string): boolean {
  return account.endsWith(`|tag-${RETIRED_TAG}`);
}

/**
 * How an upload record's account is renamed at start-up: an earlier version's, of the key in
 * effect, becomes its new tag (on the record's own address); of another key, a tag no key has.
 * Null with no key in effect: such records are still recognised when one is (sameAccount).
 */
export async function legacyAccountRenames(): Promise<((account: string) => string) | null> {
  const { apiKey } = await effectiveSettings();
  if (apiKey === null) return null;
  const hash = legacyKeyHash(apiKey);
  const tag = await keyTag(apiKey);
  return (account) => {
    const legacy = LEGACY_ACCOUNT.exec(account);
    if (!legacy) return account;
    return cacheScopeOf(legacy[1] ?? '', legacy[2] === hash ? tag : RETIRED_TAG);
  };
}
