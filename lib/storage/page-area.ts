/**
 * The one storage area content scripts read: `storage.sync`. Everything else Primer keeps is in
 * `storage.local`, which the background closes to them (lib/background/storage-access.ts): cached
 * briefings, transcripts, the contact index, upload addresses. Only what pages need goes here,
 * nothing a page could misuse: the user's preferences and two signals, "access granted" and
 * "settings saved". Sync also carries the preferences to the user's other browsers.
 */
import { browser } from '#imports';

export const PAGE_AREA = 'sync';

/**
 * Calls `onChange` with the new value whenever `key` changes in the pages' area; returns the
 * unsubscribe. The one way content scripts hear the background and the options page.
 */
export function watchPageItem(key: string, onChange: (value: unknown) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === PAGE_AREA && key in changes) onChange(changes[key]?.newValue);
  };
  browser.storage.onChanged.addListener(listener);
  // `?.`: a script left running by an update of Primer has no storage API when it stands down.
  return () => browser.storage?.onChanged.removeListener(listener);
}
