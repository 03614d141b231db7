/**
 * Every value Primer keeps in extension storage, defined once. Values are validated with zod when
 * read (`readItem`), because storage is a boundary too: an older version, another tool or a
 * hand-edited profile may have left something else there.
 *
 * The API key's item holds only ciphertext (see lib/background/key-vault.ts). Content scripts can
 * read `storage.local` in Firefox (Chrome closes it to them: lib/background/storage-access.ts), so
 * nothing secret may ever be written here in clear.
 */
import { storage } from '#imports';
import { z } from 'zod/mini';
import { DiscoveryRecordSchema } from '../api/discovery';

/**
 * The API key, sealed for one service address (AES-GCM with the address as additional data).
 * `url` only says which address that was: it is not trusted, since anyone who can write here can
 * change it, and the key opens only when the address it is sent to is given (key-vault.ts).
 */
export const SealedSecretSchema = z.object({
  v: z.literal(2),
  iv: z.string(),
  data: z.string(),
  /** Null: earlier versions kept the key's last characters here, wiped on start (lib/background/settings.ts). */
  hint: z.nullable(z.string()),
  url: z.string(),
});
export type SealedSecret = z.infer<typeof SealedSecretSchema>;

/**
 * A key as versions before the address binding sealed it, for any address. Never used as it is:
 * bound once to the address saved beside it when this version first starts (lib/background/settings.ts).
 */
export const UnboundSealedSecretSchema = z.object({
  v: z.literal(1),
  iv: z.string(),
  data: z.string(),
  hint: z.nullable(z.string()),
});
export type UnboundSealedSecret = z.infer<typeof UnboundSealedSecretSchema>;

export const serviceUrlItem = storage.defineItem<string | null>('local:serviceUrl', { fallback: null, version: 1 });

/**
 * Firefox: the saved address again, with the extension's signature (lib/storage/stored-signature.ts).
 * Content scripts can write storage.local there (lib/background/storage-access.ts): `serviceUrl` is
 * written as before but only this copy is believed (lib/background/settings.ts). Not on Chrome.
 */
export const SignedAddressSchema = z.object({ url: z.string().check(z.maxLength(2048)), sig: z.string().check(z.maxLength(100)) });
export type SignedAddress = z.infer<typeof SignedAddressSchema>;
export const signedServiceUrlItem = storage.defineItem<SignedAddress | null>('local:serviceUrlSigned', { fallback: null, version: 1 });

export const sealedApiKeyItem = storage.defineItem<SealedSecret | null>('local:apiKeySealed', {
  fallback: null,
  version: 1,
});

export const DiscoveryMapSchema = z.record(z.string(), DiscoveryRecordSchema);
export const discoveryItem = storage.defineItem<z.infer<typeof DiscoveryMapSchema>>('local:discovery', {
  fallback: {},
  version: 1,
});

/**
 * The settings what is kept in storage was fetched with: the service address and a tag of the key
 * (ServiceClient.cacheScope), never the key. They may change while no worker listens (a policy's key
 * replaced while the browser was closed): a worker that finds others in effect starts over.
 */
export const settingsScopeItem = storage.defineItem<string | null>('local:settingsScope', { fallback: null, version: 1 });

/** Keys of cache entries: `local:cache:<key>`, one item each so a write touches one entry. */
export const CACHE_PREFIX = 'cache:';

/** Reads an item and validates it; a value that does not fit is treated as absent. */
export async function readItem<T>(
  item: { getValue(): Promise<unknown>; fallback: T },
  schema: z.ZodMiniType<T>,
): Promise<T> {
  const parsed = schema.safeParse(await item.getValue());
  return parsed.success ? parsed.data : item.fallback;
}
