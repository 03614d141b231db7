/**
 * The background's response cache: fresh entries are served as they are, stale ones are served at
 * once while a refresh runs (stale-while-revalidate), concurrent requests for the same key share
 * one call, and entries are written to `storage.local` so an ended service worker (MV3 stops idle
 * workers) or a browser restart loses nothing. When the service cannot be reached, the last known
 * value is served whatever its age, marked with when it was stored.
 */
import { z } from 'zod/mini';
import { ApiError, type ApiErrorInfo } from '../api/errors';

export interface CacheStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
}

const EntrySchema = z.object({ value: z.unknown(), storedAt: z.number() });

export interface Cached<T> {
  value: T;
  storedAt: number;
  /** True when served past its freshness (revalidating, or the service is unreachable). */
  stale: boolean;
}

export interface Revalidated<T> extends Cached<T> {
  /** Why the value could not be refreshed; null when it is fresh from the service. */
  problem: ApiErrorInfo | null;
}

export interface CachePolicy<T> {
  schema: z.ZodMiniType<T>;
  freshMs: number;
  /** Past this age a value is not served while online; the caller waits for the service. */
  maxStaleMs: number;
}

const OFFLINE_KINDS = new Set(['network', 'timeout', 'server', 'rate_limited']);

export class SwrCache {
  readonly #store: CacheStore;
  readonly #now: () => number;
  readonly #memory = new Map<string, { value: unknown; storedAt: number }>();
  readonly #inflight = new Map<string, Promise<{ value: unknown; storedAt: number }>>();

  constructor(store: CacheStore, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  async get<T>(key: string, fetcher: () => Promise<T>, policy: CachePolicy<T>): Promise<Cached<T>> {
    const entry = await this.#read(key, policy.schema);
    const age = entry ? this.#now() - entry.storedAt : Infinity;
    if (entry && age <= policy.freshMs) return { ...entry, stale: false };
    if (entry && age <= policy.maxStaleMs) {
      this.#refresh(key, fetcher).catch(() => undefined);
      return { ...entry, stale: true };
    }
    try {
      const fresh = await this.#refresh(key, fetcher);
      return { value: fresh.value as T, storedAt: fresh.storedAt, stale: false };
    } catch (error) {
      if (entry && error instanceof ApiError && OFFLINE_KINDS.has(error.kind)) return { ...entry, stale: true };
      throw error;
    }
  }

  /**
   * Network first, for a view the user just opened (the side panel shows its own copy meanwhile):
   * a fresh value when the service answers; when it cannot (offline, busy, failing), the last known
   * value whatever its age, with the problem that kept it from being refreshed.
   */
  async revalidate<T>(key: string, fetcher: () => Promise<T>, policy: CachePolicy<T>): Promise<Revalidated<T>> {
    try {
      const fresh = await this.#refresh(key, fetcher);
      return { value: fresh.value as T, storedAt: fresh.storedAt, stale: false, problem: null };
    } catch (error) {
      const entry = error instanceof ApiError && OFFLINE_KINDS.has(error.kind) ? await this.#read(key, policy.schema) : null;
      if (!entry || !(error instanceof ApiError)) throw error;
      return { ...entry, stale: true, problem: error.toInfo() };
    }
  }

  /**
   * Drops entries whose key starts with `prefix` (all of them without one). A request already on
   * its way for such a key may answer with what the service had before the change, so its answer
   * is not kept, and the next caller asks again rather than joining it.
   */
  async invalidate(prefix = ''): Promise<void> {
    for (const key of [...this.#inflight.keys()]) if (key.startsWith(prefix)) this.#inflight.delete(key);
    for (const key of [...this.#memory.keys()]) if (key.startsWith(prefix)) this.#memory.delete(key);
    const stored = (await this.#store.keys()).filter((key) => key.startsWith(prefix));
    if (stored.length > 0) await this.#store.remove(stored);
  }

  /** Removes persisted entries older than `maxAgeMs` (run at start-up). */
  async prune(maxAgeMs: number): Promise<number> {
    const old: string[] = [];
    for (const key of await this.#store.keys()) {
      const parsed = EntrySchema.safeParse(await this.#store.get(key));
      if (!parsed.success || this.#now() - parsed.data.storedAt > maxAgeMs) old.push(key);
    }
    if (old.length > 0) await this.#store.remove(old);
    return old.length;
  }

  async #read<T>(key: string, schema: z.ZodMiniType<T>): Promise<{ value: T; storedAt: number } | null> {
    const raw = this.#memory.get(key) ?? (await this.#store.get(key));
    const entry = EntrySchema.safeParse(raw);
    if (!entry.success) return null;
    const value = schema.safeParse(entry.data.value);
    if (!value.success) return null;
    this.#memory.set(key, { value: value.data, storedAt: entry.data.storedAt });
    return { value: value.data, storedAt: entry.data.storedAt };
  }

  #refresh<T>(key: string, fetcher: () => Promise<T>): Promise<{ value: unknown; storedAt: number }> {
    const joined = this.#inflight.get(key);
    if (joined) return joined;
    const request: { pending?: Promise<{ value: unknown; storedAt: number }> } = {};
    const current = () => request.pending !== undefined && this.#inflight.get(key) === request.pending;
    request.pending = (async () => {
      const value = await fetcher();
      const entry = { value, storedAt: this.#now() };
      // Invalidated while the service answered: this caller gets the answer, the cache does not.
      if (current()) {
        this.#memory.set(key, entry);
        await this.#store.set(key, entry);
      }
      return entry;
    })().finally(() => {
      if (current()) this.#inflight.delete(key);
    });
    this.#inflight.set(key, request.pending);
    return request.pending;
  }
}
