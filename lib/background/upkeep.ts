/**
 * Hourly upkeep: the local contact index kept fresh (for servers served from it), the cache
 * kept within its age and its share of the browser's storage (which the settings and uploads use
 * too: a full one refuses their writes as well), and finished uploads forgotten at the same age.
 *
 * The alarm is created only when it is missing. Created again on every start of the worker, which
 * starts many times an hour, it would put off its first firing each time and never fire.
 */
import { browser } from '#imports';
import { STORED_ANSWER_MAX_AGE_MS } from '../storage/answer-age';
import { PANEL_CACHE_KEY } from '../storage/panel-cache-key';
import { INDEX_KEY } from './browser-stores';
import { CACHE_MAX_BYTES } from './cache';
import type { ServiceContext } from './service-context';

/** The name the contact index's refresh had: an alarm kept from an earlier version goes on. */
export const UPKEEP_ALARM = 'contact-index-refresh';
/** The cache's share, kept by the cache itself between upkeeps too (cache.ts). */
export { CACHE_MAX_BYTES };

export async function scheduleUpkeep(): Promise<void> {
  if (!(await browser.alarms.get(UPKEEP_ALARM))) await browser.alarms.create(UPKEEP_ALARM, { periodInMinutes: 60 });
}

/** The uploads' part: finished ones are listed with their titles and contacts for no longer than answers are kept. */
export interface UploadHistory {
  forgetFinishedBefore(cutoff: number): Promise<void>;
}

export async function upkeep(context: ServiceContext, uploads: UploadHistory | null = null): Promise<void> {
  await Promise.allSettled([
    context.refreshContactIndexIfUsed(),
    context.cache.prune(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES),
    uploads?.forgetFinishedBefore(Date.now() - STORED_ANSWER_MAX_AGE_MS),
  ]);
  // After the index's refresh: one refreshed now is young.
  await dropOldCopies().catch(() => undefined);
}

/**
 * What else keeps people's data at rest goes at the cache answers' age too: the side panel's saved
 * briefings (trimmed by the panel only when it saves or opens: a panel never opened again kept them
 * for good) and the contact index (every contact's names and addresses, kept once built for pages
 * showing names only, even where the service's own lookups are used since).
 */
export async function dropOldCopies(maxAgeMs = STORED_ANSWER_MAX_AGE_MS, now = Date.now()): Promise<void> {
  const stored = await browser.storage.local.get([PANEL_CACHE_KEY, INDEX_KEY]);
  const tooOld = (at: unknown) => typeof at !== 'number' || !(now - at <= maxAgeMs);
  const old: string[] = [];
  // The panel's save time: every answer in it is at least as old (each save drops the older ones).
  if (stored[PANEL_CACHE_KEY] !== undefined && tooOld(savedAt(stored[PANEL_CACHE_KEY]))) old.push(PANEL_CACHE_KEY);
  const index: unknown = stored[INDEX_KEY];
  if (index !== undefined && tooOld(typeof index === 'object' && index !== null ? (index as { builtAt?: unknown }).builtAt : undefined)) old.push(INDEX_KEY);
  if (old.length > 0) await browser.storage.local.remove(old);
}

/** When the panel last saved its cache (its persister's `timestamp`), read loosely. */
function savedAt(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { timestamp?: unknown }).timestamp : undefined;
  } catch {
    return undefined;
  }
}
