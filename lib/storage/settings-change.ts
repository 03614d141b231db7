/**
 * The service address or API key in effect may have changed: what the user saved or an
 * administrator's policy (which wins over it). Told once per storage change however many of them
 * it touched: a save writes the address and the key in one change (lib/background/settings.ts),
 * and is then started over from once, not once per value.
 */
import { browser } from '#imports';
import { PAGE_AREA, watchPageItem } from './page-area';

/** Said in the pages' area (page-area.ts) once the background has started over from new settings. */
export const SETTINGS_SAVED_KEY = 'settingsSavedAt';

/**
 * Their storage keys by area: the saved ones are lib/storage/items.ts's (named here, not imported,
 * so content scripts do not load the items' schemas), the policy's public/managed_schema.json's.
 * For the extension's own pages and the background; content scripts use watchSettingsSaved.
 */
export const SETTINGS_KEYS: Partial<Record<string, readonly string[]>> = {
  local: ['serviceUrl', 'serviceUrlSigned', 'apiKeySealed'],
  managed: ['serviceUrl', 'apiKey'],
};

/** Tells pages the settings in effect changed (after the background forgot what the old ones fetched). */
export function announceSettingsSaved(): Promise<void> {
  return browser.storage[PAGE_AREA].set({ [SETTINGS_SAVED_KEY]: Date.now() });
}

/**
 * For content scripts, which cannot read `storage.local` in Chrome (lib/background/storage-access.ts):
 * calls `onChange` when the background says it has started over from new settings, whatever
 * changed them (a save, another tab, a policy): once per change, in every browser. Returns the
 * unsubscribe.
 */
export function watchSettingsSaved(onChange: () => void): () => void {
  return watchPageItem(SETTINGS_SAVED_KEY, () => onChange());
}

/** Whether a storage change's value differs: Firefox lists every key a `set()` was given, changed or not (Mozilla bug 1833153). */
function changed(change: { oldValue?: unknown; newValue?: unknown } | undefined): boolean {
  return change !== undefined && JSON.stringify(change.oldValue) !== JSON.stringify(change.newValue);
}

/**
 * Calls `onChange` once per storage change that alters the settings; returns the unsubscribe. A
 * Save that writes what was saved already (the same address, the key left empty) is no change:
 * else Firefox's pages dropped their answers and the upload form its chosen contact.
 */
export function watchSettings(onChange: () => void): () => void {
  const listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
    if (SETTINGS_KEYS[area]?.some((key) => changed(changes[key]))) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
