/**
 * Keeps the side panel's query cache in `storage.local`, so a briefing opened before paints at once
 * and is there offline. What is read back is validated like any stored data: an entry that no
 * longer fits its schema (an older version of Primer wrote it) is dropped, not rendered.
 */
import { browser } from '#imports';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/query-persist-client-core';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { sendRequest } from '@/lib/messaging/send';
import { verifiedPanelCache } from '@/lib/storage/panel-cache-signature';
import { prepareStoredSigner } from '@/lib/storage/stored-signature';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { readPreferences, watchPreferences, type Preferences } from '@/lib/storage/preferences';
import { afterFirstBriefing } from '../paint-mark';
import { PERSISTED } from './keys';
import { aboutLeftOut } from './left-out-queries';
import { answersBefore, lastStartedOver, watchStartedOver } from './started-over';

/**
 * How old the whole saved cache may be (its last save). As long as an answer may be (below): a
 * week without opening the panel used to drop every briefing kept for offline use.
 */
export const PANEL_CACHE_MAX_AGE_MS = STORED_ANSWER_MAX_AGE_MS;
/** Bumped when the shape of persisted data changes. */
export const PANEL_CACHE_BUSTER = 'v1';
/**
 * What one save keeps. `maxAge` above only dates the whole saved cache, and every save renews it,
 * so without these every answer ever seen stays; storage.local is shared with the background's
 * cache, with no unlimitedStorage, and a save that no longer fits fails silently. So an answer is
 * kept as long as the background keeps its own copy, and only the most recent ones.
 */
export const PANEL_QUERY_MAX_AGE_MS = STORED_ANSWER_MAX_AGE_MS;
export const PANEL_CACHE_MAX_QUERIES = 200;
/**
 * What one save may write, at most (as JSON text): 200 briefings of a busy contact (hundreds of
 * pending items, a long summary) came to 23 MB, past the whole 10 MB quota, and the write was
 * refused. The newest answers that fit are kept.
 */
export const PANEL_CACHE_MAX_BYTES = 2 * 1024 * 1024;

const PersistedQuerySchema = z.object({
  queryKey: z.array(z.unknown()),
  queryHash: z.string(),
  state: z.object({ data: z.unknown(), dataUpdatedAt: z.number(), status: z.literal('success') }),
});
const PersistedClientSchema = z.object({
  timestamp: z.number(),
  buster: z.string(),
  clientState: z.object({ mutations: z.array(z.unknown()), queries: z.array(z.unknown()) }),
});

export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [kind] = query.queryKey;
  return query.state.status === 'success' && typeof kind === 'string' && kind in PERSISTED;
}

/**
 * The queries worth keeping, in their order: none older than PANEL_QUERY_MAX_AGE_MS, and of the
 * rest the PANEL_CACHE_MAX_QUERIES most recently updated.
 */
export function keepRecent<T extends { state: { dataUpdatedAt: number } }>(queries: readonly T[], now = Date.now()): T[] {
  const young = queries.filter((query) => now - query.state.dataUpdatedAt <= PANEL_QUERY_MAX_AGE_MS);
  if (young.length <= PANEL_CACHE_MAX_QUERIES) return young;
  const newest = new Set([...young].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, PANEL_CACHE_MAX_QUERIES));
  return young.filter((query) => newest.has(query));
}

/**
 * Of `queries`, the newest that fit in `maxBytes` together, in their order. Counted as storage
 * charges them: the save is one JSON text, stored as a JSON string (every `"` and `\` twice).
 */
export function withinBytes<T extends { state: { dataUpdatedAt: number } }>(queries: readonly T[], maxBytes = PANEL_CACHE_MAX_BYTES): T[] {
  const sizes = new Map(queries.map((query) => [query, new TextEncoder().encode(JSON.stringify(JSON.stringify(query))).length]));
  let used = 0;
  const kept = new Set<T>();
  for (const query of [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)) {
    const size = sizes.get(query) ?? 0;
    if (used + size > maxBytes) continue;
    used += size;
    kept.add(query);
  }
  return queries.filter((query) => kept.has(query));
}

export function readPersisted(text: string): PersistedClient {
  const empty = { timestamp: 0, buster: PANEL_CACHE_BUSTER, clientState: { mutations: [], queries: [] } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return empty;
  }
  const client = PersistedClientSchema.safeParse(raw);
  if (!client.success) return empty;
  const queries = client.data.clientState.queries.filter((query): query is PersistedClient['clientState']['queries'][number] => {
    const parsed = PersistedQuerySchema.safeParse(query);
    if (!parsed.success) return false;
    const [kind] = parsed.data.queryKey;
    const schema = typeof kind === 'string' ? PERSISTED[kind] : undefined;
    return schema !== undefined && schema.safeParse(parsed.data.state.data).success;
  });
  // A cache saved before saves were trimmed may hold too many, or too old, answers.
  return { ...client.data, clientState: { mutations: [], queries: keepRecent(queries).map(withoutOldProblem) } };
}

/**
 * A saved answer without why it was a last copy then ("Offline", "Rate limited"): that was true
 * when it was saved, not now. Read back, it is shown as an answer being refreshed (as of when the
 * service gave it) until the background says how things stand.
 */
function withoutOldProblem<T extends { queryKey: readonly unknown[]; state: { data?: unknown; dataUpdatedAt: number } }>(query: T): T {
  const [kind] = query.queryKey;
  const data = query.state.data as Record<string, unknown> | null;
  if (kind === 'insights' && data?.problem) return { ...query, state: { ...query.state, data: { ...data, problem: null } } };
  if (kind === 'recordings' && Array.isArray(data?.pages)) {
    const all = data.pages as Record<string, unknown>[];
    // Dated as of the oldest copy among them: that is how old what is shown is (a failed refresh says it).
    const asOf = Math.min(query.state.dataUpdatedAt, ...all.map((page) => (page.copy as { asOf?: number } | undefined)?.asOf ?? Infinity));
    const pages = all.map(({ copy: _copy, ...page }) => page);
    return { ...query, state: { ...query.state, dataUpdatedAt: asOf, data: { ...data, pages } } };
  }
  return query;
}

/**
 * Saves land in the order their snapshots were taken: the throttled saver takes its snapshot,
 * then writes a moment later; a save on closing (below) may come in between, and must not be
 * overwritten by the older snapshot.
 */
let snapshots = 0;
let newestWritten = 0;
const snapshotOf = new Map<string, number>();
/**
 * The options as last read by this panel: a save leaves out whom they leave out, so an answer
 * about someone excluded while the panel is open (asked again by a view still on them) is not
 * written back after the background dropped the saved cache.
 */
let preferencesNow: Preferences | null = null;

function snapshot(client: PersistedClient): string {
  // Every save (throttled or on closing) passes here: what it keeps is trimmed here.
  const all = client.clientState.queries;
  const leftOut = preferencesNow ? aboutLeftOut(all, preferencesNow) : new Set();
  const queries = withinBytes(keepRecent(all.filter((query) => !leftOut.has(query))));
  const text = JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
  snapshotOf.set(text, ++snapshots);
  return text;
}

/** This panel page, to the background writing its saves (Firefox): its snapshots are numbered here. */
const THIS_PANEL = crypto.randomUUID();

/**
 * Hands a snapshot to storage unless a newer one was already handed over. Chrome writes it here.
 * Firefox stores it signed (lib/storage/panel-cache-signature.ts), and a closing panel cannot wait
 * for a signature: the background signs and writes it, in the order the snapshots are sent. The
 * message is sent before this returns, so a save from `pagehide` is not lost.
 */
async function writeIfNewest(text: string): Promise<void> {
  const taken = snapshotOf.get(text) ?? ++snapshots;
  snapshotOf.delete(text);
  if (taken < newestWritten) return;
  newestWritten = taken;
  if (!import.meta.env.FIREFOX) return browser.storage.local.set({ [PANEL_CACHE_KEY]: text });
  await sendRequest('panel.cache.save', { text, panel: THIS_PANEL, snapshot: taken });
}

/** `firstRead`: the saved cache as already read (the start-up script), used for the first read. */
export function createPanelPersister(firstRead?: Promise<unknown>) {
  let early = firstRead;
  // Read while the saved cache is: its signature is checked as soon as it is there.
  if (import.meta.env.FIREFOX) prepareStoredSigner();
  return createAsyncStoragePersister({
    key: PANEL_CACHE_KEY,
    // Short, so a briefing seen a moment ago is already saved if the panel closes.
    throttleTime: 250,
    serialize: snapshot,
    deserialize: readPersisted,
    storage: {
      getItem: async (key) => {
        const read = early ?? browser.storage.local.get(key).then((stored) => stored[key]);
        early = undefined;
        const value = await read;
        if (typeof value !== 'string') return null;
        return import.meta.env.FIREFOX ? verifiedPanelCache(value) : value;
      },
      setItem: (_key, value) => writeIfNewest(value),
      removeItem: (key) => browser.storage.local.remove(key),
    },
  });
}

/** Writes the cache now, past the throttle (what a closing panel has seen must not be lost). */
export async function savePanelCache(client: QueryClient): Promise<void> {
  const saved: PersistedClient = {
    buster: PANEL_CACHE_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersist }),
  };
  await writeIfNewest(snapshot(saved));
}

/**
 * Saves at once when the panel is hidden or closed: the throttled save may still be waiting, and
 * a page being closed does not run its timers. Returns how to stop.
 */
export function saveWhenHidden(client: QueryClient): () => void {
  const save = () => void savePanelCache(client).catch(() => undefined);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  globalThis.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    globalThis.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Forgets (resets) the answers `client` received by `at` that `which` picks; those on screen are asked again. */
function forgetAnswersBefore(client: QueryClient, at: number, which: (query: Query) => boolean): void {
  const old = new Set(answersBefore(client, at).filter(which));
  if (old.size > 0) void client.resetQueries({ predicate: (query) => old.has(query) }).catch(() => undefined);
}

/** Runs a task later and returns how to cancel it (by default: once the first briefing is painted). */
export type Deferral = (task: () => void) => () => void;

/**
 * Restores the saved cache into `client` and keeps saving it from then on. Started before React
 * renders, so reading storage overlaps with loading the page (`savedCache`: already being read by
 * the start-up script); resolves when the restore is done (a cache that cannot be read is
 * dropped, never fatal).
 *
 * Saving starts after the first briefing is painted (`savesAfter`): a save serialises the whole
 * cache and hands it to storage, and the refresh a warm open starts at once would otherwise make
 * one before the first frame. Changes made meanwhile are saved then, in one write; closing the
 * panel saves at once whatever the wait.
 */
export async function startPanelCache(client: QueryClient, savedCache?: Promise<unknown>, savesAfter: Deferral = afterFirstBriefing): Promise<void> {
  const options = {
    queryClient: client,
    persister: createPanelPersister(savedCache),
    maxAge: PANEL_CACHE_MAX_AGE_MS,
    buster: PANEL_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
  // The background may start over from other settings before, while or after this restores (the
  // panel's first message often wakes it): answers from before then are forgotten, not shown or
  // saved back. Heard from before the restore, so one said while it runs is not missed.
  let heard: number | null = null;
  let restoring = true;
  watchStartedOver((at) => {
    heard = Math.max(heard ?? at, at);
    // Those a view shows are forgotten with the views (PanelApp): only the others here.
    if (!restoring) forgetAnswersBefore(client, at, (query) => query.getObserversCount() === 0);
  });
  // Someone the options leave out from now on is forgotten from memory too, and never saved. A
  // view still on them keeps its answers (removed, they would be asked for again at once) until
  // it says "Left out" and lets go of them.
  let optionsChanged = false;
  const judge = (preferences: Preferences) => {
    optionsChanged = true;
    preferencesNow = preferences;
    const leftOut = aboutLeftOut(client.getQueryCache().getAll(), preferences);
    if (leftOut.size > 0) client.removeQueries({ predicate: (query) => leftOut.has(query) && query.getObserversCount() === 0 });
  };
  watchPreferences(judge);
  // Not awaited: saves start after the first briefing is painted, long after this read.
  void readPreferences().then((preferences) => void (optionsChanged || (preferencesNow = preferences)), () => undefined);
  const stored = lastStartedOver().catch(() => null);
  await persistQueryClientRestore(options).catch(() => options.persister.removeClient());
  const last = Math.max((await stored) ?? -Infinity, heard ?? -Infinity);
  // Shown too: nothing opened yet names them, and the views may have drawn before the restore ended.
  if (last !== -Infinity) forgetAnswersBefore(client, last, () => true);
  restoring = false;
  // Only once restored: saving earlier would replace the saved briefings with a half-empty cache.
  saveWhenHidden(client);
  let answered = false;
  const stopNoting = client.getQueryCache().subscribe(() => (answered = true));
  savesAfter(() => {
    stopNoting();
    persistQueryClientSubscribe(options);
    if (answered) void persistQueryClientSave(options).catch(() => undefined);
  });
}
