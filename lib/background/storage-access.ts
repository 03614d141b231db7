/**
 * Closes `storage.local` to content scripts (Chrome 140+: `setAccessLevel` on every area). Chrome
 * runs content scripts in the web page's process; a page that took that process over could read
 * whatever they can. Content scripts read only `storage.sync` (lib/storage/page-area.ts). Firefox
 * has no such switch yet (Mozilla bug 1724754): there the area stays readable, as it always was.
 *
 * Preferences kept in `storage.local` by earlier versions move to `storage.sync` once.
 */
import { browser } from '#imports';
import {
  PREFERENCES_BEFORE_SYNC_KEY,
  PREFERENCES_KEY,
  PreferencesSchema,
  preferencesAsRead,
  preferencesFit,
  type Preferences,
} from '../storage/preferences';

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


/**
 * Moves preferences an earlier version kept in `storage.local` to where pages read them. Where
 * another of the user's browsers synced its own already, its switches stay and the lists join:
 * a domain this browser never looked up is not looked up again after the move (nor one of the
 * user's addresses taken for someone else's). What a later version synced besides stays as it is
 * (its fields, a new site's switch, list entries this version cannot read), as when saving
 * (preferencesItem). Lists past what storage.sync keeps of one item lose their last entries (the
 * options page shows what is in effect); the whole of this browser's preferences then stays in
 * storage.local, under PREFERENCES_BEFORE_SYNC_KEY, as does a value that cannot be read (it is not
 * spread to the user's other browsers).
 */
export async function movePreferencesToSync(): Promise<void> {
  const old = (await browser.storage.local.get(PREFERENCES_KEY))[PREFERENCES_KEY];
  if (old === undefined) return;
  const mine = PreferencesSchema.safeParse(old);
  if (!mine.success) {
    await browser.storage.local.set({ [PREFERENCES_BEFORE_SYNC_KEY]: old });
  } else {
    const synced: unknown = (await browser.storage.sync.get(PREFERENCES_KEY))[PREFERENCES_KEY];
    const joined = joinedWith(synced, mine.data);
    if (!preferencesFit(joined)) {
      // Synced first: pages read storage.sync only, and the note below grows storage.local, often
      // full after an earlier version (it bounded nothing it kept): refused, it kept every list unapplied.
      await browser.storage.sync.set({ [PREFERENCES_KEY]: fitted(joined) });
      // The joined lists, not this browser's alone: what is cut may be another browser's entries.
      // As this version reads them, for the options page to name what was left out. Refused, the
      // old copy makes room for it (about its size): kept, a later start joined it with what is
      // synced again, and brought back what the user had removed since.
      await browser.storage.local.set({ [PREFERENCES_BEFORE_SYNC_KEY]: preferencesAsRead(joined) }).catch(async () => {
        await browser.storage.local.remove(PREFERENCES_KEY);
        await browser.storage.local
          .set({ [PREFERENCES_BEFORE_SYNC_KEY]: preferencesAsRead(joined) })
          // Larger than the old copy by another browser's entries: this browser's own lists, the
          // ones cut (joined last) among them, in the room the old copy left.
          .catch(() => browser.storage.local.set({ [PREFERENCES_BEFORE_SYNC_KEY]: preferencesAsRead(mine.data) }))
          // No room even so: the old copy goes back, for a later start, rather than nothing at all.
          .catch(async () => {
            await browser.storage.local.set({ [PREFERENCES_KEY]: old });
            throw new Error('The preferences kept before sync could not be noted: storage.local is full.');
          });
      });
    } else if (JSON.stringify(joined) !== JSON.stringify(synced)) {
      await browser.storage.sync.set({ [PREFERENCES_KEY]: joined });
    }
  }
  await browser.storage.local.remove(PREFERENCES_KEY);
}

/** Preferences as stored: what this version reads, and whatever a later version keeps besides. */
interface Stored {
  [field: string]: unknown;
  sites: Record<string, unknown>;
  excludedDomains: unknown[];
  ownAddresses: unknown[];
}

/**
 * The synced value, as stored, with this browser's preferences joined in: its lists gain this
 * browser's entries they lack; this browser's switches only fill in the sites it does not name.
 */
function joinedWith(synced: unknown, mine: Preferences): Stored {
  const kept = record(synced) ?? {};
  const list = (entries: unknown, more: string[]): unknown[] => {
    const stored: unknown[] = Array.isArray(entries) ? entries : [];
    return [...new Set([...stored, ...more])];
  };
  return {
    ...kept,
    sites: { ...mine.sites, ...record(kept.sites) },
    excludedDomains: list(kept.excludedDomains, mine.excludedDomains),
    ownAddresses: list(kept.ownAddresses, mine.ownAddresses),
  };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The preferences with their larger list (in bytes) cut from the end, one entry at a time, until they fit. */
function fitted(preferences: Stored): Stored {
  const next = { ...preferences, excludedDomains: [...preferences.excludedDomains], ownAddresses: [...preferences.ownAddresses] };
  // In bytes, as storage.sync counts them: a list of accented or non-Latin domains is longer than its characters.
  const size = (list: unknown[]) => new TextEncoder().encode(JSON.stringify(list)).length;
  // Until the lists are empty: what a later version keeps besides them is not this version's to cut.
  while (!preferencesFit(next) && next.excludedDomains.length + next.ownAddresses.length > 0) {
    const larger = size(next.excludedDomains) >= size(next.ownAddresses) ? next.excludedDomains : next.ownAddresses;
    larger.pop();
  }
  return next;
}
