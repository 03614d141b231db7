/**
 * The background's response cache: fresh entries are served as they are, stale ones are served at
 * once while a refresh runs (stale-while-revalidate), concurrent requests for the same key share
 * one call, and entries are written to `storage.local` so an ended service worker (MV3 stops idle
 * workers) or a browser restart loses nothing. When the service cannot be reached, the last known
 * value is served whatever its age, marked with when it was stored.
 *
 * Replies come from memory: a fetched value is answered at once and written to the store behind
 * it, in one `set` once no other call is on its way (a 20-person meeting is one write, not one per
 * answer: each write is sent to every extension page and content script listening for changes,
 * which competed with the meeting's own calls), or after HOLD_WRITES_MS at most.
 */
import { z } from 'zod/mini';
import { ApiError, type ApiErrorInfo } from '../api/errors';
import { STORED_ANSWER_MAX_AGE_MS } from '../storage/answer-age';
import { aheadOfClock } from '../clock';

export interface CacheStore {
  get(key: string): Promise<unknown>;
  /** Several entries in one operation (absent ones left out). Optional: `get` is used without it. */
  getMany?(keys: string[]): Promise<Record<string, unknown>>;
  /** Writes several entries in one operation. */
  setMany(entries: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
  /**
   * Calls back with entries changed in the store, by anyone (this cache, another context, the
   * browser's "clear data", a test): each key with its new `storedAt`, null when removed.
   * Returns how to stop. Optional: a store only this cache writes needs none.
   */
  watchChanges?(onChanged: (changes: { key: string; storedAt: number | null }[]) => void): () => void;
  /**
   * The bytes the cache wrote since its last prune, kept beyond the worker's life: a new worker
   * goes on counting, rather than read the whole store to prune at its first write. Optional:
   * without it (null: nothing kept), a new cache prunes at its first write.
   */
  writtenSincePrune?: { get(): Promise<number | null>; set(bytes: number): Promise<void> };
  /** Bytes the store adds to each entry it writes (a signature: browser-stores.ts), counted with it. */
  readonly entryOverheadBytes?: number;
}

const EntrySchema = z.object({ value: z.unknown(), storedAt: z.number() });

interface Entry {
  value: unknown;
  storedAt: number;
}

/** A call on its way, and whether it has the panel's fail-fast policy (api/http.ts). */
interface Flight {
  pending: Promise<Entry>;
  interactive: boolean;
  /** dropWhere's tests made while it was on its way: an answer one of them matches is not kept. */
  drops: ((value: unknown, key: string) => boolean)[];
}

/**
 * `interactive`: someone waits on screen for this answer, and the fetcher fails fast. Callers of
 * the two kinds share one call, each on its own terms (#refresh).
 */
export interface AskOptions {
  interactive?: boolean;
  /** Told when the refresh behind a stale answer fails (its error is otherwise nobody's: a contact gone stayed served). */
  refreshFailed?: (error: unknown) => void;
}

/** For the service client and the cache alike: the answer is for someone looking at the panel or a card. */
export const ON_SCREEN = { interactive: true } as const;

/**
 * How long someone on screen waits on a page's call for the same thing before sending their own:
 * the page's may be queued behind its whole batch (a 300-person meeting) for one of the slots.
 */
export const JOIN_GRACE_MS = 1_000;

export interface Cached<T> {
  value: T;
  storedAt: number;
  /** True when served past its freshness (revalidating, or the service is unreachable). */
  stale: boolean;
  /**
   * Why a stale copy stands in for the service's word: the call for it failed, or the browser is
   * offline (its refresh fails too). Absent while a refresh merely runs behind it.
   */
  problem?: ApiErrorInfo;
}

export interface Revalidated<T> extends Omit<Cached<T>, 'problem'> {
  /** Why the value could not be refreshed; null when it is fresh from the service. */
  problem: ApiErrorInfo | null;
}

export interface CachePolicy<T> {
  schema: z.ZodMiniType<T>;
  freshMs: number;
  /** Past this age a value is not served while online; the caller waits for the service. */
  maxStaleMs: number;
  /**
   * Values fresh only `brieflyMs` (BRIEFLY_MS): an answer that may be early rather than final (an
   * empty transcript of a recording just finished, "not a contact" for someone about to be added).
   * Past that they are served stale while refreshed, as any value (a page's marks do not wait for
   * the service to say again that someone is nobody), so the next ask has the service's word.
   */
  briefly?: (value: T) => boolean;
  brieflyMs?: number;
  /**
   * Values never served past their freshness, neither while refreshed nor when the service cannot
   * be reached: the caller waits for the service's word. A match by name is one: it is the only
   * contact with that name in the list as read, and a namesake added since makes it no one's.
   */
  onlyFresh?: (value: T) => boolean;
}

/** How long a value the policy keeps `briefly` is fresh, unless it says otherwise. */
export const BRIEFLY_MS = 60_000;

/** `briefly` is honoured by `get` only: nothing revalidated (lists, a recording's status) is kept briefly. */
export interface RevalidatePolicy<T> extends Omit<CachePolicy<T>, 'briefly' | 'brieflyMs' | 'onlyFresh'> {
  /**
   * A copy younger than this answers a revalidation at once (refreshed behind it): asking the
   * service again so soon would return the same thing one round trip later.
   */
  recentMs?: number;
}

const OFFLINE_KINDS = new Set(['network', 'timeout', 'server', 'rate_limited']);
/** A copy this young is not even refreshed behind a revalidation: it was just fetched. */
const JUST_FETCHED_MS = 10_000;

/** The largest answer written to the store (as UTF-8 JSON); larger ones are kept in memory only. */
export const MAX_STORED_ENTRY_BYTES = 1024 * 1024;
/** Answered values wait at most this long for the calls still on their way before being written. */
export const HOLD_WRITES_MS = 1_000;
/** The cache's share of storage.local (10 MB in all without unlimitedStorage; the contact index has INDEX_MAX_BYTES). */
export const CACHE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Written since the last prune, past this the cache prunes itself to its share before writing
 * more: pruned only hourly (upkeep.ts), a busy hour of briefings took the room left to the uploads
 * and settings, and their writes were refused.
 */
export const PRUNE_AFTER_WRITTEN_BYTES = 1024 * 1024;

export class SwrCache {
  readonly #store: CacheStore;
  readonly #now: () => number;
  readonly #memory = new Map<string, Entry>();
  readonly #inflight = new Map<string, Flight>();
  /** Stored entries read ahead by `preload` (undefined: not stored), each taken by the next read. */
  readonly #preloaded = new Map<string, unknown>();
  /** Entries answered but not yet written; written together by `flush`. */
  readonly #unwritten = new Map<string, Entry>();
  /** Answers too large to store, by key (their storedAt): removing an older stored copy does not drop them from memory. */
  readonly #memoryOnly = new Map<string, { storedAt: number; bytes: number }>();
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the pending write waits for calls on their way (HOLD_WRITES_MS) or is due on the next task. */
  #flushHeld = false;
  #writing: Promise<void> = Promise.resolve();
  /**
   * Bytes written to the store since the last prune (PRUNE_AFTER_WRITTEN_BYTES); null until read
   * from the store's count (CacheStore.writtenSincePrune). Not kept, it is unknown (the last worker
   * may have written as much since the hourly prune): the first write prunes.
   */
  #writtenSincePrune: number | null = null;
  readonly #online: () => boolean;

  constructor(store: CacheStore, now: () => number = () => Date.now(), online: () => boolean = () => globalThis.navigator?.onLine !== false) {
    this.#store = store;
    this.#now = now;
    this.#online = online;
    // Memory follows the store when someone else changed it: the next read takes the stored entry.
    store.watchChanges?.((changes) => {
      for (const { key, storedAt } of changes) {
        this.#preloaded.delete(key);
        const inMemory = this.#memory.get(key)?.storedAt;
        if (this.#unwritten.has(key) || inMemory === storedAt || (storedAt === null && inMemory === this.#memoryOnly.get(key)?.storedAt)) continue;
        this.#memory.delete(key);
      }
    });
  }

  async get<T>(key: string, fetcher: () => Promise<T>, policy: CachePolicy<T>, ask: AskOptions = {}): Promise<Cached<T>> {
    const entry = await this.#read(key, policy.schema);
    const age = entry ? this.#ageOf(entry.storedAt) : Infinity;
    const brief = entry !== null && policy.briefly?.(entry.value) === true;
    if (entry && age <= (brief ? Math.min(policy.brieflyMs ?? BRIEFLY_MS, policy.freshMs) : policy.freshMs)) return { ...entry, stale: false };
    const servable = entry !== null && policy.onlyFresh?.(entry.value) !== true;
    if (entry && servable && age <= policy.maxStaleMs) {
      this.#refresh(key, fetcher, ask, true).catch((error: unknown) => ask.refreshFailed?.(error));
      return this.#online() ? { ...entry, stale: true } : { ...entry, stale: true, problem: offline().toInfo() };
    }
    try {
      const fresh = await this.#refresh(key, fetcher, ask);
      return { value: fresh.value as T, storedAt: fresh.storedAt, stale: false };
    } catch (error) {
      if (entry && servable && unreachable(error)) return { ...entry, stale: true, problem: error.toInfo() };
      throw error;
    }
  }

  /**
   * For a view the user just opened (the side panel shows its own copy meanwhile): a recent copy
   * (`recentMs`) at once, refreshed behind; otherwise network first, and when the service cannot
   * answer (offline, busy, failing), the last known value whatever its age, with the problem that
   * kept it from being refreshed.
   */
  async revalidate<T>(key: string, fetcher: () => Promise<T>, policy: RevalidatePolicy<T>, ask: AskOptions = {}): Promise<Revalidated<T>> {
    // While the browser says it is offline, the copy is answered with that said (the call fails at once).
    // Nothing in memory while a call of the same kind is on its way: the read before it found no
    // copy (one found stays in memory), so the call is joined without asking storage again (a
    // meeting's pending contacts, each asked for again alone).
    const joining = this.#inflight.get(key)?.interactive === (ask.interactive ?? false) && !this.#memory.has(key);
    if (policy.recentMs && this.#online() && !joining) {
      const entry = await this.#read(key, policy.schema);
      const age = entry ? this.#ageOf(entry.storedAt) : Infinity;
      if (entry && age <= policy.recentMs) {
        if (age > JUST_FETCHED_MS) this.#refresh(key, fetcher, ask, true).catch(() => undefined);
        return { ...entry, stale: false, problem: null };
      }
    }
    try {
      const fresh = await this.#refresh(key, fetcher, ask);
      return { value: fresh.value as T, storedAt: fresh.storedAt, stale: false, problem: null };
    } catch (error) {
      const entry = unreachable(error) ? await this.#read(key, policy.schema) : null;
      if (!entry || !(error instanceof ApiError)) throw error;
      return { ...entry, stale: true, problem: error.toInfo() };
    }
  }

  /**
   * Reads the stored entries of `keys` not in memory in one store operation, for the reads about to
   * follow (a 20-person meeting: one read before its 20 calls start, not one read each in turn).
   */
  async preload(keys: readonly string[]): Promise<void> {
    const missing = keys.filter((key) => !this.#memory.has(key) && !this.#preloaded.has(key));
    if (!this.#store.getMany || missing.length < 2) return;
    const stored = await this.#store.getMany(missing);
    for (const key of missing) if (!this.#memory.has(key)) this.#preloaded.set(key, stored[key]);
  }

  /**
   * Drops entries whose key starts with `prefix` (all of them without one). A request already on
   * its way for such a key may answer with what the service had before the change, so its answer
   * is not kept, and the next caller asks again rather than joining it.
   */
  async invalidate(prefix = ''): Promise<void> {
    for (const key of [...this.#inflight.keys()]) if (key.startsWith(prefix)) this.#inflight.delete(key);
    for (const key of [...this.#memory.keys()]) if (key.startsWith(prefix)) this.#memory.delete(key);
    for (const key of [...this.#preloaded.keys()]) if (key.startsWith(prefix)) this.#preloaded.delete(key);
    for (const key of [...this.#unwritten.keys()]) if (key.startsWith(prefix)) this.#unwritten.delete(key);
    // A batch already being written lands first, then is removed with the rest.
    await this.#writing;
    const stored = (await this.#store.keys()).filter((key) => key.startsWith(prefix));
    if (stored.length > 0) await this.#store.remove(stored);
  }

  /**
   * Drops the entries under `prefix` whose value (or key: what was asked) `matches`, in memory and
   * stored: answers that turned out wrong, e.g. lookups naming a contact the service no longer has.
   */
  async dropWhere(prefix: string, matches: (value: unknown, key: string) => boolean): Promise<void> {
    // A call on its way may answer with what the service had before: such an answer is not kept.
    for (const [key, flight] of this.#inflight) if (key.startsWith(prefix)) flight.drops.push(matches);
    const keys = new Set<string>();
    for (const [key, entry] of this.#memory) if (key.startsWith(prefix) && matches(entry.value, key)) keys.add(key);
    const stored = (await this.#store.keys()).filter((key) => key.startsWith(prefix) && !keys.has(key));
    const values: Record<string, unknown> = this.#store.getMany
      ? await this.#store.getMany(stored)
      : Object.fromEntries(await Promise.all(stored.map(async (key): Promise<[string, unknown]> => [key, await this.#store.get(key)])));
    for (const key of stored) {
      const entry = EntrySchema.safeParse(values[key]);
      if (entry.success && matches(entry.data.value, key)) keys.add(key);
    }
    for (const key of keys) {
      this.#memory.delete(key);
      this.#preloaded.delete(key);
      this.#unwritten.delete(key);
    }
    await this.#writing;
    if (keys.size > 0) await this.#store.remove([...keys]);
  }

  #countWritten(bytes: number): void {
    this.#writtenSincePrune = bytes;
    this.#store.writtenSincePrune?.set(bytes).catch(() => undefined);
  }

  /**
   * Removes persisted entries older than `maxAgeMs`, then the oldest others until the rest take at
   * most `maxBytes` (as UTF-8 JSON, as the browser counts its quota): the browser's storage is
   * shared with the settings and uploads, and a full one refuses their writes too (transcripts are
   * large, and kept a week). Run hourly (upkeep.ts), and by `flush` once it wrote
   * PRUNE_AFTER_WRITTEN_BYTES since.
   */
  async prune(maxAgeMs: number, maxBytes = Infinity): Promise<number> {
    this.#countWritten(0);
    const keys = await this.#store.keys();
    const stored: Record<string, unknown> = this.#store.getMany
      ? await this.#store.getMany(keys)
      : Object.fromEntries(await Promise.all(keys.map(async (key): Promise<[string, unknown]> => [key, await this.#store.get(key)])));
    const now = this.#now();
    const gone: string[] = [];
    const kept: { key: string; storedAt: number; bytes: number }[] = [];
    for (const key of keys) {
      const parsed = EntrySchema.safeParse(stored[key]);
      if (!parsed.success || this.#ageOf(parsed.data.storedAt, now) > maxAgeMs) gone.push(key);
      else kept.push({ key, storedAt: parsed.data.storedAt, bytes: maxBytes === Infinity ? 0 : bytesOf(key) + bytesOf(JSON.stringify(stored[key]) ?? '') });
    }
    let total = kept.reduce((sum, entry) => sum + entry.bytes, 0);
    if (total > maxBytes) {
      kept.sort((a, b) => a.storedAt - b.storedAt);
      for (const entry of kept) {
        if (total <= maxBytes) break;
        gone.push(entry.key);
        total -= entry.bytes;
      }
    }
    if (gone.length > 0) await this.#store.remove(gone);
    this.#pruneMemoryOnly(maxAgeMs, maxBytes);
    return gone.length;
  }

  /**
   * Answers kept in memory only (too large to store) go by the same age and size: Firefox's
   * background page lives as long as the browser, and every long transcript opened was held to the end.
   */
  #pruneMemoryOnly(maxAgeMs: number, maxBytes: number): void {
    const now = this.#now();
    const forget = (key: string) => {
      this.#memory.delete(key);
      this.#memoryOnly.delete(key);
    };
    const held: [string, { storedAt: number; bytes: number }][] = [];
    for (const [key, entry] of this.#memoryOnly) {
      if (this.#ageOf(entry.storedAt, now) > maxAgeMs) forget(key);
      else held.push([key, entry]);
    }
    let total = held.reduce((sum, [, { bytes }]) => sum + bytes, 0);
    for (const [key, { bytes }] of held.sort(([, a], [, b]) => a.storedAt - b.storedAt)) {
      if (total <= maxBytes) break;
      forget(key);
      total -= bytes;
    }
  }

  /**
   * Writes what was answered but not stored yet, in one store operation; resolves when it (and
   * any write before it) is done. Runs by itself on the next task once no call is on its way.
   */
  flush(): Promise<void> {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    if (this.#unwritten.size === 0) return this.#writing;
    // An answer larger than MAX_STORED_ENTRY_BYTES (a three-hour transcript) is answered from memory
    // only: one 2 MB transcript was 2.65 MB written at once, past what the cache may write between
    // its prunes (PRUNE_AFTER_WRITTEN_BYTES). A copy stored before it is dropped, not left behind it.
    const overhead = this.#store.entryOverheadBytes ?? 0;
    const entries = [...this.#unwritten].map(([key, entry]) => ({ key, entry, bytes: bytesOf(key) + bytesOf(JSON.stringify(entry)) + overhead }));
    const tooLarge = entries.filter(({ bytes }) => bytes > MAX_STORED_ENTRY_BYTES).map(({ key }) => key);
    const batch = Object.fromEntries(entries.filter(({ key }) => !tooLarge.includes(key)).map(({ key, entry }) => [key, entry]));
    const bytes = entries.reduce((sum, entry) => sum + (tooLarge.includes(entry.key) ? 0 : entry.bytes), 0);
    for (const { key, entry, bytes: size } of entries) {
      if (tooLarge.includes(key)) this.#memoryOnly.set(key, { storedAt: entry.storedAt, bytes: size });
      else this.#memoryOnly.delete(key);
    }
    this.#unwritten.clear();
    // One write at a time, in order: a later value never lands under an earlier one.
    this.#writing = this.#writing
      .then(async () => {
        // Pruned to its share first (as upkeep does) once this write takes it PRUNE_AFTER_WRITTEN_BYTES
        // past the last prune: it never grows much more than that past its share.
        const written = this.#writtenSincePrune ?? (await this.#store.writtenSincePrune?.get().catch(() => null)) ?? PRUNE_AFTER_WRITTEN_BYTES;
        if (written + bytes > PRUNE_AFTER_WRITTEN_BYTES) await this.prune(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES).catch(() => undefined);
        else this.#writtenSincePrune = written;
        this.#countWritten((this.#writtenSincePrune ?? 0) + bytes);
        if (Object.keys(batch).length > 0) await this.#store.setMany(batch);
        if (tooLarge.length > 0) await this.#store.remove(tooLarge);
      })
      .catch(() => undefined);
    return this.#writing;
  }

  /**
   * How old an entry stored at `storedAt` is. One stored more than a minute "ahead" was written
   * while the clock was wrong (set back since, as at a boot before the time was synced): its age
   * is unknown, and it counts as too old rather than fresh for hours.
   */
  #ageOf(storedAt: number, now = this.#now()): number {
    const age = now - storedAt;
    return aheadOfClock(storedAt, now) ? Infinity : Math.max(0, age);
  }

  async #read<T>(key: string, schema: z.ZodMiniType<T>): Promise<{ value: T; storedAt: number } | null> {
    const preloaded = this.#preloaded.has(key);
    const ahead = this.#preloaded.get(key);
    this.#preloaded.delete(key);
    const stored = preloaded ? ahead : this.#memory.has(key) ? undefined : await this.#store.get(key);
    // Memory again after the store's answer: a value fetched meanwhile (another tab's lookup of the
    // same address) is newer than what the store had, and asking again would repeat its call.
    const raw = this.#memory.get(key) ?? stored;
    const entry = EntrySchema.safeParse(raw);
    if (!entry.success) return null;
    const value = schema.safeParse(entry.data.value);
    if (!value.success) return null;
    this.#memory.set(key, { value: value.data, storedAt: entry.data.storedAt });
    return { value: value.data, storedAt: entry.data.storedAt };
  }

  /** The next write: on the next task when no call is on its way, else when the last one ends. */
  #scheduleFlush(): void {
    if (this.#unwritten.size === 0) return;
    const hold = this.#inflight.size > 0;
    if (this.#flushTimer !== null) {
      if (hold || !this.#flushHeld) return;
      clearTimeout(this.#flushTimer);
    }
    this.#flushHeld = hold;
    this.#flushTimer = setTimeout(() => void this.flush(), hold ? HOLD_WRITES_MS : 0);
  }

  /**
   * One call per key, whoever asks. A caller joining a call of the other kind keeps its own terms:
   * someone waiting on screen does not sit through a page's patient retries (a failing service,
   * seconds of backoff), and a page's lookup does not end on the panel's quick failure.
   */
  #refresh<T>(key: string, fetcher: () => Promise<T>, { interactive = false }: AskOptions, behind = false): Promise<Entry> {
    const joined = this.#inflight.get(key);
    // `behind` a copy already answered, no one waits on screen: the call on its way will do.
    if (joined && (joined.interactive === interactive || (behind && interactive))) return joined.pending;
    if (joined && !interactive) {
      return joined.pending.catch((error: unknown) => {
        if (unreachable(error)) return this.#refresh(key, fetcher, { interactive });
        throw error;
      });
    }
    if (joined) return this.#joinOnScreen(key, joined, fetcher);
    const pending = this.#answer(key, () => flight, fetcher).finally(() => {
      if (this.#inflight.get(key) === flight) this.#inflight.delete(key);
      this.#scheduleFlush();
    });
    const flight: Flight = { pending, interactive, drops: [] };
    this.#inflight.set(key, flight);
    return pending;
  }

  /**
   * Someone on screen joining a page's patient call. It is waited for a moment (a healthy service
   * answers in less: one request, not two), but it may be queued behind the page's whole batch for
   * one of the limiter's slots, where a call of the panel's own goes first: after JOIN_GRACE_MS the
   * panel's own call goes too, on its own terms, and the first answer is taken. Its failure is the
   * panel's answer (the page's call goes on for the page).
   */
  #joinOnScreen<T>(key: string, joined: Flight, fetcher: () => Promise<T>): Promise<Entry> {
    if (!this.#online()) return Promise.reject(offline());
    return new Promise<Entry>((resolve, reject) => {
      let asked = false;
      const timer = setTimeout(() => {
        asked = true;
        this.#answer(key, () => joined, fetcher)
          .finally(() => this.#scheduleFlush())
          .then(resolve, reject);
      }, JOIN_GRACE_MS);
      joined.pending.then(
        (entry) => {
          clearTimeout(timer);
          resolve(entry);
        },
        (error: unknown) => {
          if (asked) return;
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /**
   * The service's answer for `key`, asked on behalf of `flight` (the page's call, for the panel's
   * own beside it): kept unless the key was invalidated, or its answer dropped, while it was asked.
   * The caller gets it either way.
   */
  async #answer<T>(key: string, flight: () => Flight, fetcher: () => Promise<T>): Promise<Entry> {
    const value = await fetcher();
    const entry = { value, storedAt: this.#now() };
    const asked = flight();
    if (this.#inflight.get(key) === asked && !asked.drops.some((drop) => drop(value, key))) {
      this.#memory.set(key, entry);
      this.#unwritten.set(key, entry);
    }
    return entry;
  }
}

/**
 * The service could not answer (offline, slow, failing, busy): the last copy may stand in, and a
 * page's lookup that joined the panel's call, which gives up on these sooner, asks again.
 */
function unreachable(error: unknown): error is ApiError {
  return error instanceof ApiError && OFFLINE_KINDS.has(error.kind);
}

function offline(): ApiError {
  return new ApiError('network', 'The browser is offline.');
}

const utf8 = new TextEncoder();
/** A string's size as the browser's storage counts it (a CJK transcript takes 3 bytes a character). */
function bytesOf(text: string): number {
  return utf8.encode(text).length;
}
