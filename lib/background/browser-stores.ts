/**
 * `storage.local`-backed stores for the cache, the discovery memory and the contact index, so an
 * ended service worker or a browser restart keeps what was learned and fetched; and the service's
 * asked-for quiet, in storage.session.
 */
import { browser } from '#imports';
import type { QuietStore } from '../api/http';
import { z } from 'zod/mini';
import type { IndexPersistence, IndexSnapshot } from '../api/contact-index';
import { DiscoveryRecordSchema, EMPTY_DISCOVERY, WITHOUT_ACCOUNT_DATA, type DiscoveryRecord, type DiscoveryStore } from '../api/discovery';
import { ContactRecordSchema, type ContactRecord } from '../models';
import { CACHE_PREFIX, discoveryItem } from '../storage/items';
import { STORED_SIGNATURE_LENGTH, signStored, verifyStored } from '../storage/stored-signature';
import type { CacheStore } from './cache';

/** Built once: every storage change reaches the listener below. */
const StoredAtSchema = z.object({ storedAt: z.number() });

const WRITTEN_KEY = 'cacheWrittenSincePrune';
const WrittenSchema = z.number();

/*
 * On Firefox (`import.meta.env.FIREFOX`) content scripts can write storage.local
 * (storage-access.ts), so a page that took one over could file answers of its own there: a lookup
 * naming any contact to its tab, a briefing in the service's name. There what is read back as the
 * service's must carry the extension's signature (lib/storage/stored-signature.ts). Chrome 140+
 * closes the area to content scripts, and reads and writes it as before (the checks below are
 * build-time constants, and Chrome's build has none of this).
 */

/** What a signature adds to a stored object, as the browser counts it: `,"sig":"…"`. */
export const SIGNATURE_FIELD_BYTES = ',"sig":""'.length + STORED_SIGNATURE_LENGTH;

/** A cache entry's signed content: when it was stored and its value. */
const entryContent = (storedAt: unknown, value: unknown) => `${String(storedAt)}:${JSON.stringify(value)}`;

/** `entry` ({value, storedAt}) as written on Firefox: with its signature, after them. */
async function signedEntry(storageKey: string, entry: unknown): Promise<unknown> {
  if (typeof entry !== 'object' || entry === null) return entry;
  const { value, storedAt } = entry as { value?: unknown; storedAt?: unknown };
  return { value, storedAt, sig: await signStored(storageKey, entryContent(storedAt, value)) };
}

/** Of `stored` (storage keys), the entries of `keys` signed by the extension, by cache key. */
async function verifiedEntries(keys: string[], stored: Record<string, unknown>): Promise<Record<string, unknown>> {
  const verified = await Promise.all(keys.map((key) => verifiedEntry(CACHE_PREFIX + key, stored[CACHE_PREFIX + key])));
  return Object.fromEntries(keys.flatMap((key, i) => (verified[i] === undefined ? [] : [[key, verified[i]]])));
}

/** The stored entry when its signature is the extension's, for this key and content; else absent. */
async function verifiedEntry(storageKey: string, stored: unknown): Promise<unknown> {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { value, storedAt, sig } = stored as { value?: unknown; storedAt?: unknown; sig?: unknown };
  return typeof storedAt === 'number' && (await verifyStored(storageKey, entryContent(storedAt, value), sig)) ? stored : undefined;
}

export const storageCacheStore: CacheStore = {
  async get(key) {
    const stored = await browser.storage.local.get(CACHE_PREFIX + key);
    if (import.meta.env.FIREFOX) return verifiedEntry(CACHE_PREFIX + key, stored[CACHE_PREFIX + key]);
    return stored[CACHE_PREFIX + key];
  },
  async getMany(keys) {
    const stored = await browser.storage.local.get(keys.map((key) => CACHE_PREFIX + key));
    if (import.meta.env.FIREFOX) return verifiedEntries(keys, stored);
    return Object.fromEntries(keys.flatMap((key) => (CACHE_PREFIX + key in stored ? [[key, stored[CACHE_PREFIX + key]]] : [])));
  },
  async setMany(entries) {
    if (import.meta.env.FIREFOX) {
      const signed = await Promise.all(Object.entries(entries).map(async ([key, entry]): Promise<[string, unknown]> => [CACHE_PREFIX + key, await signedEntry(CACHE_PREFIX + key, entry)]));
      await browser.storage.local.set(Object.fromEntries(signed));
      return;
    }
    await browser.storage.local.set(Object.fromEntries(Object.entries(entries).map(([key, value]) => [CACHE_PREFIX + key, value])));
  },
  // The signature is part of what is stored: SwrCache counts it with each entry it writes.
  get entryOverheadBytes() {
    return import.meta.env.FIREFOX ? SIGNATURE_FIELD_BYTES : 0;
  },
  async remove(keys) {
    await browser.storage.local.remove(keys.map((key) => CACHE_PREFIX + key));
  },
  async keys() {
    const all = await browser.storage.local.get(null);
    return Object.keys(all)
      .filter((key) => key.startsWith(CACHE_PREFIX))
      .map((key) => key.slice(CACHE_PREFIX.length));
  },
  // In storage.session: it outlives a stopped worker, not the browser (a new one starts by pruning).
  writtenSincePrune: {
    async get() {
      const kept = WrittenSchema.safeParse((await browser.storage.session.get(WRITTEN_KEY))[WRITTEN_KEY]);
      return kept.success && kept.data >= 0 ? kept.data : null;
    },
    async set(bytes) {
      await browser.storage.session.set({ [WRITTEN_KEY]: bytes });
    },
  },
  // Takes only the new storedAt, to tell another's change from the cache's own write (its memory
  // copy is kept only when the two agree): nothing of a change is served, so a page's forged entry
  // at most sends the next read to the store, where its signature is checked.
  watchChanges(onChanged) {
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local') return;
      const changed = Object.entries(changes)
        .filter(([key]) => key.startsWith(CACHE_PREFIX))
        .map(([key, change]) => {
          const stored = StoredAtSchema.safeParse(change.newValue);
          return { key: key.slice(CACHE_PREFIX.length), storedAt: stored.success ? stored.data.storedAt : null };
        });
      if (changed.length > 0) onChanged(changed);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};

/**
 * Discovery updates, one after another: each rewrites the whole map, and two at once (calibrating
 * the contact lookup while the panel learns the insights route) kept only the later one's patch.
 */
let discoveryWrites: Promise<unknown> = Promise.resolve();

/**
 * The stored records, address by address: one that does not read (written by a later version) is
 * absent for its address only, and kept as it is for the others' writes (`stored`).
 */
async function readDiscovery(): Promise<{ stored: Record<string, unknown>; records: Record<string, DiscoveryRecord> }> {
  const value: unknown = await discoveryItem.getValue();
  const stored = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const records: Record<string, DiscoveryRecord> = {};
  for (const [address, record] of Object.entries(stored)) {
    const parsed = DiscoveryRecordSchema.safeParse(record);
    if (parsed.success) records[address] = parsed.data;
  }
  return { stored, records };
}

/**
 * Records learned while storage.local refused them (full: "QUOTA_BYTES quota exceeded"), newer than
 * what it holds: kept for this worker's life, so lookups do not calibrate again on every call, and
 * written with the next update that fits.
 */
const unsavedDiscovery = new Map<string, DiscoveryRecord>();

/**
 * Patches the records of `addresses` (of every address: all), in turn with the other updates.
 * Best-effort: a write storage refuses must not fail the call that learned it (the service answered).
 */
function patchDiscovery(addresses: string[] | 'all', patch: Partial<DiscoveryRecord>): Promise<void> {
  const written = discoveryWrites.then(async () => {
    const { stored, records } = await readDiscovery();
    const patched = addresses === 'all' ? [...new Set([...Object.keys(records), ...unsavedDiscovery.keys()])] : addresses;
    for (const address of patched) {
      unsavedDiscovery.set(address, { ...(unsavedDiscovery.get(address) ?? records[address] ?? EMPTY_DISCOVERY), ...patch });
    }
    try {
      await discoveryItem.setValue({ ...(stored as Record<string, DiscoveryRecord>), ...Object.fromEntries(unsavedDiscovery) });
      unsavedDiscovery.clear();
    } catch {
      // Kept in memory (above) until a write fits.
    }
  });
  discoveryWrites = written.catch(() => undefined);
  return written.catch(() => undefined);
}

export const storageDiscoveryStore: DiscoveryStore = {
  async get(baseUrl) {
    return unsavedDiscovery.get(baseUrl) ?? (await readDiscovery()).records[baseUrl] ?? EMPTY_DISCOVERY;
  },
  update(baseUrl, patch: Partial<DiscoveryRecord>) {
    return patchDiscovery([baseUrl], patch);
  },
};

/** Bumped by forgetDiscoveredAccountData, as indexGeneration below. */
let discoveryGeneration = 0;

/**
 * The store for one client: what it learns of the server is kept whenever it lands, the old
 * account's data (WITHOUT_ACCOUNT_DATA) not once the settings have changed (a calibration still
 * on its way with the old key would file the old account's contact for the new one).
 */
export function accountDiscoveryStore(): DiscoveryStore {
  const generation = discoveryGeneration;
  return {
    get: (baseUrl) => storageDiscoveryStore.get(baseUrl),
    update(baseUrl, patch) {
      const stale = generation === discoveryGeneration ? {} : Object.fromEntries(Object.keys(WITHOUT_ACCOUNT_DATA).filter((key) => key in patch).map((key) => [key, null]));
      return storageDiscoveryStore.update(baseUrl, { ...patch, ...stale });
    },
  };
}

/**
 * The settings changed (another key, none): what discovery kept of the old account's data goes,
 * at every address (the key may serve another), and what it learned of the servers stays.
 */
export function forgetDiscoveredAccountData(): Promise<void> {
  discoveryGeneration++;
  return patchDiscovery('all', WITHOUT_ACCOUNT_DATA);
}

export const INDEX_KEY = 'contactIndex';
/**
 * The contact index's share of storage.local (beside cache.ts CACHE_MAX_BYTES, 4 MB, and the
 * panel's PANEL_CACHE_MAX_BYTES, 2 MB, of 10 MB in all, leaving 2 MB for settings, uploads and the
 * cache's growth between its prunes): a larger list (30,000 contacts are about 6.4 MB)
 * filled storage, and the next upload's record could not be written. Such a list is kept in memory
 * only. Saved without the address lists that repeat the one address, about 12,000 contacts fit.
 */
export const INDEX_MAX_BYTES = 2 * 1024 * 1024;

/** A contact as saved: `emails` only where it adds to `email` (the index reads both). */
function slim(contact: ContactRecord): ContactRecord {
  if (contact.emails?.every((address) => address === contact.email) !== true) return contact;
  const { emails: _same, ...rest } = contact;
  return rest;
}
const utf8 = new TextEncoder();
const StoredIndexSchema = z.object({
  baseUrl: z.string(),
  /** The account whose list it is (the key's tag); absent in copies saved before, which are not read. */
  account: z.optional(z.string()),
  builtAt: z.number(),
  complete: z.optional(z.boolean()),
  // Every address of each contact (to match it by any); snapshots saved before the list still parse.
  contacts: z.array(ContactRecordSchema),
});

/**
 * Bumped when the settings change (clearContactIndex): a list still being paged with the old key
 * when the user saved another must not be saved after the clearing, or the new account's lookups
 * would read the old account's contacts (the snapshot names the address only, not the key).
 */
let indexGeneration = 0;

export function storageIndexPersistence(baseUrl: string, account?: string): IndexPersistence {
  const generation = indexGeneration;
  return {
    async load(): Promise<IndexSnapshot | null> {
      const stored: unknown = (await browser.storage.local.get(INDEX_KEY))[INDEX_KEY];
      const parsed = StoredIndexSchema.safeParse(import.meta.env.FIREFOX ? await verifiedIndex(stored) : stored);
      return parsed.success && parsed.data.baseUrl === baseUrl && parsed.data.account === account ? parsed.data : null;
    },
    async save(snapshot) {
      if (generation !== indexGeneration) return;
      const value = { baseUrl, ...(account === undefined ? {} : { account }), ...snapshot, contacts: snapshot.contacts.map(slim) };
      const content = JSON.stringify(value);
      // Counted as the browser counts its quota (key and UTF-8 JSON, with Firefox's signature). An
      // older copy that fitted goes too: read after a restart, it would be taken for the current list.
      if (utf8.encode(INDEX_KEY + content).length + (import.meta.env.FIREFOX ? SIGNATURE_FIELD_BYTES : 0) > INDEX_MAX_BYTES) {
        await browser.storage.local.remove(INDEX_KEY);
      } else if (import.meta.env.FIREFOX) {
        const sig = await signStored(INDEX_KEY, content);
        // Cleared while it was signed: the list is the old settings' (as above).
        if (generation === indexGeneration) await browser.storage.local.set({ [INDEX_KEY]: { ...value, sig } });
      } else {
        await browser.storage.local.set({ [INDEX_KEY]: value });
      }
    },
  };
}

/** The stored list without its signature, when that is the extension's (Firefox: see above); else absent. */
async function verifiedIndex(stored: unknown): Promise<unknown> {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { sig, ...value } = stored as Record<string, unknown>;
  return (await verifyStored(INDEX_KEY, JSON.stringify(value), sig)) ? value : undefined;
}

export async function clearContactIndex(): Promise<void> {
  indexGeneration++;
  await browser.storage.local.remove(INDEX_KEY);
}

const QUIET_PREFIX = 'quietUntil:';

/** A quiet as kept: `{until, from}`, or a bare `until` (kept before `from` was, read as before). */
const StoredQuietSchema = z.union([z.number(), z.object({ until: z.number(), from: z.number() })]);

/**
 * The service's asked-for quiet (api/http.ts QuietStore) for one address, in storage.session: it
 * outlives a stopped worker, not the browser, and is never readable by content scripts. New
 * settings start without it (clearQuiet), as a client made for them always did.
 */
export function sessionQuietStore(baseUrl: string): QuietStore {
  const key = `${QUIET_PREFIX}${baseUrl}`;
  const generation = quietGeneration;
  return {
    async get() {
      const stored = StoredQuietSchema.safeParse((await browser.storage.session.get(key))[key]);
      return stored.success ? stored.data : 0;
    },
    async set(until, from) {
      // A 429 answered to the old settings' client after the reset is not the new settings' quiet.
      if (generation !== quietGeneration) return;
      await browser.storage.session.set({ [key]: from === undefined ? until : { until, from } });
    },
  };
}

/** Bumped by clearQuiet: stores made before it write nothing (as storageIndexPersistence). */
let quietGeneration = 0;

export async function clearQuiet(): Promise<void> {
  quietGeneration++;
  const keys = Object.keys(await browser.storage.session.get(null)).filter((key) => key.startsWith(QUIET_PREFIX));
  if (keys.length > 0) await browser.storage.session.remove(keys);
}
