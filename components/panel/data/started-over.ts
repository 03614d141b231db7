/**
 * The background's word that it started over from other settings (lib/background/service-context.ts
 * #reset stores when, under SETTINGS_SAVED_KEY). Every answer the panel received by then is the old
 * settings', even when no settings key changed in the panel's sight: settings changed while the
 * browser was closed are noticed by the worker's first client(), often woken by the panel itself
 * after it restored its saved cache. An answer received since is the new settings' (the worker
 * answers nothing while it starts over), so a save the panel saw (watchSettings) and forgot for
 * already leaves nothing more to forget when it is announced.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { browser } from '#imports';
import { PAGE_AREA, watchPageItem } from '@/lib/storage/page-area';
import { SETTINGS_SAVED_KEY } from '@/lib/storage/settings-change';
import { aheadOfClock } from '@/lib/clock';

const StartedOverSchema = z.number();

/**
 * The service's answers `client` holds that it received by `at` (queries without an answer are not
 * counted). Not the settings' own view (SetupNotice): read from storage, it is the new settings' at
 * once, and is read again on a settings change while the background still starts over.
 */
export function answersBefore(client: QueryClient, at: number): Query[] {
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.queryKey[0] !== 'settings' && query.state.data !== undefined && query.state.dataUpdatedAt <= at });
}

/** Calls `onStartedOver` with when the background started over, each time it says so; returns how to stop. */
export function watchStartedOver(onStartedOver: (at: number) => void): () => void {
  return watchPageItem(SETTINGS_SAVED_KEY, (value) => {
    const at = StartedOverSchema.safeParse(value);
    // Said just now: a time ahead of this clock (another browser's, synced) means now.
    if (at.success) onStartedOver(Math.min(at.data, Date.now()));
  });
}

/**
 * When the background last started over, as stored; null when never, or when ahead of the clock
 * (set back since): which answers came before it cannot be told.
 */
export async function lastStartedOver(): Promise<number | null> {
  const at = StartedOverSchema.safeParse((await browser.storage[PAGE_AREA].get(SETTINGS_SAVED_KEY))[SETTINGS_SAVED_KEY]);
  return at.success && !aheadOfClock(at.data, Date.now()) ? at.data : null;
}
