/**
 * Versions before this one tagged the API key with a plain 32-bit hash (FNV-1a) in what they kept
 * in storage.local, which Firefox's content scripts can read: a short key was found by trying keys
 * until one hashed to the tag. Tags are keyed with this browser's secret now (key-vault.ts keyTag).
 * The cache and the contact index start over (their stored scope no longer matches,
 * service-context.ts); upload records are renamed here, as they cannot be fetched again.
 */
import { cacheScopeOf } from '../api/client';
import { keyTag } from './key-vault';
import { effectiveSettings } from './settings';

/** An account as earlier versions wrote it: the address, then `|key-` and eight hex digits. */
const LEGACY_ACCOUNT = /^(.*)\|key-[0-9a-f]{8}$/;

function legacyTag(apiKey: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i++) hash = Math.imul(hash ^ apiKey.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * How an upload record's account is renamed: one of the key in effect becomes its new tag; one of
 * another key (an upload that waits for that key to be saved again) becomes a tag no key has, so
 * nothing of that key stays. Null with no key in effect: the records wait for one.
 */
export async function legacyAccountRenames(): Promise<((account: string) => string) | null> {
  const { baseUrl, apiKey } = await effectiveSettings();
  if (baseUrl === null || apiKey === null) return null;
  const current = `${baseUrl}|key-${legacyTag(apiKey)}`;
  const renamed = cacheScopeOf(baseUrl, await keyTag(apiKey));
  return (account) => {
    const legacy = LEGACY_ACCOUNT.exec(account);
    if (!legacy) return account;
    return account === current ? renamed : `${legacy[1]}|tag-retired`;
  };
}
