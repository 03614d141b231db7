/**
 * The service address and API key in effect: an administrator's enterprise policy
 * (`storage.managed`) wins over what the user saved. Only the background reads the key in clear,
 * and only for the address it belongs to:
 * - the user's key is sealed for the address it was saved with (key-vault.ts) and opens for no
 *   other, so changing the saved address (from another options tab, or anything else that can
 *   write storage.local) leaves Primer with no key for the new one; on Firefox, where content
 *   scripts can write storage.local, only an address the extension signed is believed (readSavedUrl);
 * - an administrator's key goes only to the administrator's address: with no address in the
 *   policy it is not used at all, never with an address the user chose.
 */
import { browser, storage } from '#imports';
import { z } from 'zod/mini';
import { cleanApiKey } from '../api/api-key';
import { normaliseBaseUrl } from '../api/base-url';
import { ApiError } from '../api/errors';
import type { SettingsView } from '../messaging/protocol';
import {
  readItem,
  sealedApiKeyItem,
  SealedSecretSchema,
  serviceUrlItem,
  SignedAddressSchema,
  signedServiceUrlItem,
  UnboundSealedSecretSchema,
  type SealedSecret,
} from '../storage/items';
import { signStored, verifyStored } from '../storage/stored-signature';
import { forgetUnboundWrappingKey, keyHint, openUnbound, seal, unseal } from './key-vault';

const ManagedPolicySchema = z.object({
  serviceUrl: z.optional(z.string()),
  apiKey: z.optional(z.string()),
});
/** `apiKeyRefused`: the policy's key holds what no key can (spaces, curly quotes): it is used nowhere. */
type ManagedPolicy = z.infer<typeof ManagedPolicySchema> & { apiKeyRefused?: true };

/**
 * The administrator's policy. Managed storage throws where no policy schema applies (Firefox
 * without policy, tests). Each field is read on its own: Firefox checks no schema, and one field
 * of the wrong type made the whole policy none, lifting the address's lock with it. The key is
 * cleaned as a typed one is (a newline, a "Bearer " pasted along: every call was refused); an
 * empty one is none.
 */
async function readPolicy(): Promise<ManagedPolicy> {
  let raw: unknown;
  try {
    raw = await browser.storage.managed.get(['serviceUrl', 'apiKey']);
  } catch {
    return {};
  }
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const serviceUrl = ManagedPolicySchema.shape.serviceUrl.safeParse(fields.serviceUrl).data;
  const typedKey = ManagedPolicySchema.shape.apiKey.safeParse(fields.apiKey).data;
  const cleaned = typedKey === undefined || typedKey.trim() === '' ? undefined : cleanApiKey(typedKey);
  // A key no header can carry stays the administrator's (locked), and is sent nowhere.
  const apiKey = cleaned === undefined ? undefined : cleaned.ok ? cleaned.key : typedKey;
  return { ...(serviceUrl === undefined ? {} : { serviceUrl }), ...(apiKey === undefined ? {} : { apiKey, ...(cleaned?.ok ? {} : { apiKeyRefused: true }) }) };
}

/** The base URL a stored or policy address stands for; `null` when there is none or it is not valid. */
function baseUrlOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const normalised = normaliseBaseUrl(raw);
  return normalised.ok ? normalised.baseUrl : null;
}

/** The `serviceUrl` item as stored: what Chrome believes, and what an earlier version saved. */
const readPlainUrl = () => readItem(serviceUrlItem, z.nullable(z.string()));

/** What the address is signed as (stored-signature.ts), under the storage key of its signed copy. */
const SIGNED_ADDRESS = 'serviceUrlSigned';

/**
 * The address the user saved. Firefox: the copy the extension signed when it was saved (a page can
 * rewrite `serviceUrl` there), else the address the saved key was sealed for (an earlier version
 * signed nothing; a key opens only for its own address), else none: never what a page wrote.
 */
async function readSavedUrl(): Promise<string | null> {
  if (!import.meta.env.FIREFOX) return readPlainUrl();
  return (await signedAddress()) ?? (await openedFor(await readSealed()))?.address ?? null;
}

/** Firefox: the address in the signed copy, when the extension signed it; else null. */
async function signedAddress(): Promise<string | null> {
  const signed = await readItem(signedServiceUrlItem, z.nullable(SignedAddressSchema));
  return signed !== null && (await verifyStored(SIGNED_ADDRESS, signed.url, signed.sig)) ? signed.url : null;
}

/**
 * Firefox: an address saved before its copy was signed, believed for the sake of the key sealed
 * for it (readSavedUrl), is signed once at start, not on the user's next Save: a Save that
 * changes nothing would otherwise change a watched item and have every page start over.
 */
async function signAddressOfKey(): Promise<void> {
  if ((await signedAddress()) !== null) return;
  const address = (await openedFor(await readSealed()))?.address ?? null;
  if (address !== null) await storage.setItems(await addressWrites(address));
}

/** The writes that save `address` (a normalised base URL) as the user's: on Firefox with its signed copy. */
async function addressWrites(address: string): Promise<Parameters<typeof storage.setItems>[0]> {
  const plain = { item: serviceUrlItem, value: address };
  if (!import.meta.env.FIREFOX) return [plain];
  return [plain, { item: signedServiceUrlItem, value: { url: address, sig: await signStored(SIGNED_ADDRESS, address) } }];
}
/** The sealed key; one sealed by an earlier version, for any address, reads as none. */
const readSealed = () => readItem(sealedApiKeyItem, z.nullable(SealedSecretSchema));

let migration: Promise<void> | null = null;

/**
 * Binds a key saved by a version before the address binding to the address in effect beside it
 * (the policy's, else the saved one), then deletes the wrapping key that sealed it, so this can
 * happen only once: a copy of the old record written back later, with another address beside
 * it, opens nowhere. A key with no valid address beside it is dropped (the user enters it again).
 * The background starts it when it starts; every read of the settings waits for it. Until it has
 * run, an old key is not used at all. A key sealed since has the ending earlier versions kept
 * beside it wiped.
 */
export function migrateUnboundKey(): Promise<void> {
  migration ??= (async () => {
    const unbound = UnboundSealedSecretSchema.safeParse(await sealedApiKeyItem.getValue());
    const policy = await readPolicy();
    if (unbound.success) {
      // The address as that version saved it, plain (no copy was signed then): it sent the key there.
      const address = baseUrlOf(policy.serviceUrl ?? (await readPlainUrl()));
      const secret = await openUnbound(unbound.data);
      const mine = import.meta.env.FIREFOX && policy.serviceUrl === undefined && address !== null;
      await storage.setItems([
        { item: sealedApiKeyItem, value: secret !== null && address !== null ? await seal(secret, address) : null },
        ...(mine ? await addressWrites(address) : []),
      ]);
    } else {
      // Earlier versions kept the key's ending beside its ciphertext, where Firefox's content
      // scripts can read it: most of a short key.
      const sealed = await readSealed();
      if (sealed !== null && sealed.hint !== null) await sealedApiKeyItem.setValue({ ...sealed, hint: null });
      // Not written now (storage full): on a later start; readSavedUrl believes it meanwhile.
      if (import.meta.env.FIREFOX && policy.serviceUrl === undefined) await signAddressOfKey().catch(() => undefined);
    }
    await forgetUnboundWrappingKey();
  })().catch((error: unknown) => {
    // Tried again on the next read; meanwhile an old key counts as not set.
    migration = null;
    throw error;
  });
  return migration;
}

const migrated = () => migrateUnboundKey().catch(() => undefined);

async function keyFor(baseUrl: string, policy: ManagedPolicy): Promise<string | null> {
  if (policy.apiKey !== undefined) {
    return !policy.apiKeyRefused && policy.serviceUrl !== undefined && baseUrlOf(policy.serviceUrl) === baseUrl ? policy.apiKey : null;
  }
  const sealed = await readSealed();
  // A vault that cannot be read now: no key for this call (the saved one is kept for later).
  const secret = sealed ? await unseal(sealed, baseUrl).catch(() => null) : null;
  return secret === null ? null : asSent(secret);
}

/**
 * A saved key as it is sent: cleaned as a typed key is. Versions before the cleaning saved it as
 * pasted (a zero-width space, "Bearer ", the quotes of a .env line), and every call failed until
 * it was typed again.
 */
function asSent(secret: string): string {
  const cleaned = cleanApiKey(secret);
  return cleaned.ok ? cleaned.key : secret;
}

/**
 * The API key that may be sent to `baseUrl` (a normalised base URL), or `null`: the user's only to
 * the address it was saved for, an administrator's only to the administrator's address.
 */
export async function apiKeyFor(baseUrl: string): Promise<string | null> {
  await migrated();
  return keyFor(baseUrl, await readPolicy());
}

export interface EffectiveSettings {
  baseUrl: string | null;
  /** The key for `baseUrl`; `null` when there is none for that address. */
  apiKey: string | null;
  policy: ManagedPolicy;
}

export async function effectiveSettings(): Promise<EffectiveSettings> {
  await migrated();
  const policy = await readPolicy();
  const baseUrl = baseUrlOf(policy.serviceUrl ?? (await readSavedUrl()));
  const apiKey = baseUrl === null ? null : await keyFor(baseUrl, policy);
  return { baseUrl, apiKey, policy };
}

/**
 * The address `sealed` was sealed for, if it really was (the record's own label is checked by
 * opening it), and the key in it as sent.
 */
async function openedFor(sealed: SealedSecret | null): Promise<{ address: string; key: string } | null> {
  const secret = sealed ? await unseal(sealed, sealed.url).catch(() => null) : null;
  return sealed && secret !== null ? { address: sealed.url, key: asSent(secret) } : null;
}

export async function settingsView(): Promise<SettingsView> {
  await migrated();
  const policy = await readPolicy();
  const serviceUrl = policy.serviceUrl ?? (await readSavedUrl());
  const baseUrl = baseUrlOf(serviceUrl);
  const locked = { serviceUrl: policy.serviceUrl !== undefined, apiKey: policy.apiKey !== undefined };
  if (policy.apiKey !== undefined) {
    const usable = baseUrl !== null && (await keyFor(baseUrl, policy)) !== null;
    return { serviceUrl, hasApiKey: usable, apiKeyHint: keyHint(policy.apiKey), apiKeyAddress: null, locked };
  }
  const opened = await openedFor(await readSealed());
  const apiKeyAddress = opened?.address ?? null;
  return {
    serviceUrl,
    hasApiKey: apiKeyAddress !== null && apiKeyAddress === baseUrl,
    // The ending of the key sent, not the hint sealed beside it: an earlier version's was of the
    // key as pasted (`…def"` for a .env line's quotes), an ending no key in the service's list has.
    apiKeyHint: opened ? keyHint(opened.key) : null,
    apiKeyAddress,
    locked,
  };
}

/**
 * Saves what the options page sent. Values locked by policy cannot be changed. The address and the
 * key are written together: one save is one storage change, so whoever listens for it (the panel,
 * open tabs, this worker) starts over once, never in between with a new address and the old key.
 * A key is sealed for the address in effect after the save; a new address saved without a new key
 * drops the saved key, unless it was saved for that very address.
 */
export async function saveSettings(change: { serviceUrl?: string; apiKey?: string | null }): Promise<SettingsView> {
  await migrated();
  const policy = await readPolicy();
  const writes: Parameters<typeof storage.setItems>[0] = [];
  let address = baseUrlOf(policy.serviceUrl ?? (await readSavedUrl()));
  if (change.serviceUrl !== undefined) {
    if (policy.serviceUrl !== undefined) throw new ApiError('forbidden', 'Your administrator set the service address.');
    const normalised = normaliseBaseUrl(change.serviceUrl);
    if (!normalised.ok) throw new ApiError('bad_request', normalised.message);
    address = normalised.baseUrl;
    writes.push(...(await addressWrites(address)));
  } else if (import.meta.env.FIREFOX && policy.serviceUrl === undefined && address !== null && change.apiKey !== undefined) {
    // The address in effect, signed now: one an earlier version saved (believed for its key's
    // sake) stays the user's once that key is removed or replaced.
    writes.push(...(await addressWrites(address)));
  }
  if (change.apiKey !== undefined) {
    if (policy.apiKey !== undefined) throw new ApiError('forbidden', 'Your administrator set the API key.');
    // Only null removes the key: a typed one that cleans to nothing is refused, not taken as "remove".
    const cleaned = change.apiKey === null ? null : cleanApiKey(change.apiKey);
    if (cleaned && !cleaned.ok) throw new ApiError('bad_request', cleaned.message);
    const key = cleaned ? cleaned.key : null;
    if (key !== null && address === null) {
      throw new ApiError('bad_request', 'Enter the service address first: an API key is saved for one address.');
    }
    // Only ever sealed: content scripts can read storage.local.
    const sealed: SealedSecret | null = key === null || address === null ? null : await seal(key, address);
    writes.push({ item: sealedApiKeyItem, value: sealed });
  } else if (change.serviceUrl !== undefined && policy.apiKey === undefined && address !== null) {
    const stored = await sealedApiKeyItem.getValue();
    const sealed = await readSealed();
    // Only a key that will never open for this address goes: one the vault cannot read now is
    // kept (it opens only for its own address anyway), or a Save of the same address deleted it
    // for good; the address is saved either way.
    const opens = sealed === null ? null : await unseal(sealed, address).catch(() => 'unreadable now');
    if (stored !== null && opens === null) {
      writes.push({ item: sealedApiKeyItem, value: null });
    }
  }
  if (writes.length > 0) await storage.setItems(writes);
  return settingsView();
}

/** For tests: run the migration of unbound keys again on the next read. */
export function resetSettingsForTests(): void {
  migration = null;
}
