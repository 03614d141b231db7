/**
 * Host access to the service was granted while pages had people they could not look up for want
 * of it (lib/background/lookup-health.ts): the background says so in the pages' storage area
 * (page-area.ts), which content scripts can watch (they have no permissions API), as a save of the
 * settings is heard there too; each page then asks again about those people at once rather than a
 * minute later.
 */
import { browser } from '#imports';
import { PAGE_AREA, watchPageItem } from './page-area';

/** When access was last granted: a new value each time, so that every grant is a change. */
export const SERVICE_ACCESS_KEY = 'serviceAccessGrantedAt';

export function announceServiceAccess(): Promise<void> {
  return browser.storage[PAGE_AREA].set({ [SERVICE_ACCESS_KEY]: Date.now() });
}

/** Calls `onGranted` whenever the background announces access; returns the unsubscribe. */
export function watchServiceAccess(onGranted: () => void): () => void {
  return watchPageItem(SERVICE_ACCESS_KEY, () => onGranted());
}
