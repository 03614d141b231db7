/**
 * Hourly upkeep: the local contact index kept fresh (for servers served from it), and the cache
 * kept within its age and its share of the browser's storage (which the settings and uploads use
 * too: a full one refuses their writes as well).
 *
 * The alarm is created only when it is missing. Created again on every start of the worker, which
 * starts many times an hour, it would put off its first firing each time and never fire.
 */
import { browser } from '#imports';
import { STORED_ANSWER_MAX_AGE_MS } from '../storage/answer-age';
import type { ServiceContext } from './service-context';

/** The name the contact index's refresh had: an alarm kept from an earlier version goes on. */
export const UPKEEP_ALARM = 'contact-index-refresh';
/** The cache's share of storage.local (10 MB in all without unlimitedStorage). */
export const CACHE_MAX_BYTES = 4 * 1024 * 1024;

export async function scheduleUpkeep(): Promise<void> {
  if (!(await browser.alarms.get(UPKEEP_ALARM))) await browser.alarms.create(UPKEEP_ALARM, { periodInMinutes: 60 });
}

export async function upkeep(context: ServiceContext): Promise<void> {
  await Promise.allSettled([context.refreshContactIndexIfUsed(), context.cache.prune(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES)]);
}
