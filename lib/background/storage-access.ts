/**
 * Closes `storage.local` to content scripts (Chrome 140+: `setAccessLevel` on every area). Chrome
 * runs content scripts in the web page's process; a page that took that process over could read
 * whatever they can. Content scripts read only `storage.sync` (lib/storage/page-area.ts). Firefox
 * has no such switch yet (Mozilla bug 1724754): there the area stays readable, as it always was.
 *
 * Preferences kept in `storage.local` by earlier versions move to `storage.sync` once.
 */
import { browser } from '#imports';
import { PREFERENCES_KEY, PreferencesSchema, preferencesFit, type Preferences } from '../storage/preferences';

interface AccessLevelArea {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/** Whether the browser closed the area; false where it cannot (Firefox, Chrome before 140). */
export async function closeLocalStorageToPages(): Promise<boolean> {
  const local = browser.storage.local as unknown as AccessLevelArea;
  if (typeof local.setAccessLevel !== 'function') return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    // "Only the session area supports this" (Chrome before 140).
    return false;
  }
}

/** The copy kept of lists too long to move whole (earlier versions set no limit). */
export const PREFERENCES_BEFORE_SYNC_KEY = 'preferencesBeforeSync';

/**
 * Moves preferences an earlier version kept in `storage.local` to where pages read them. Lists
 * past what storage.sync keeps of one item lose their last entries (the options page shows what
 * is in effect); the whole of them stays in storage.local, under PREFERENCES_BEFORE_SYNC_KEY.
 */
export async function movePreferencesToSync(): Promise<void> {
  const old = (await browser.storage.local.get(PREFERENCES_KEY))[PREFERENCES_KEY];
  if (old === undefined) return;
  const now = (await browser.storage.sync.get(PREFERENCES_KEY))[PREFERENCES_KEY];
  // Another of the user's browsers may have synced newer ones already: those win.
  if (now === undefined) {
    const parsed = PreferencesSchema.safeParse(old);
    if (parsed.success && !preferencesFit(parsed.data)) {
      await browser.storage.local.set({ [PREFERENCES_BEFORE_SYNC_KEY]: old });
      await browser.storage.sync.set({ [PREFERENCES_KEY]: fitted(parsed.data) });
    } else {
      await browser.storage.sync.set({ [PREFERENCES_KEY]: old });
    }
  }
  await browser.storage.local.remove(PREFERENCES_KEY);
}

/** The preferences with their larger list (in bytes) cut from the end, one entry at a time, until they fit. */
function fitted(preferences: Preferences): Preferences {
  const next = { ...preferences, excludedDomains: [...preferences.excludedDomains], ownAddresses: [...preferences.ownAddresses] };
  const size = (list: string[]) => JSON.stringify(list).length;
  while (!preferencesFit(next)) {
    const larger = size(next.excludedDomains) >= size(next.ownAddresses) ? next.excludedDomains : next.ownAddresses;
    larger.pop();
  }
  return next;
}
