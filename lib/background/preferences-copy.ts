/**
 * The worker's copy of the preferences, for the lookups of every page's batch: read from storage
 * once, then kept current by one watcher. A page's scan runs on every focus and mutation, in every
 * tab, and reading storage.sync for each batch (and watching it each time) cost one storage read
 * per batch on the hot path of a page's marks.
 */
import { readPreferences, watchPreferences, type Preferences } from '../storage/preferences';

export interface PreferencesCopy {
  /** The preferences in effect: read on first use, current since. */
  current(): Promise<Preferences>;
  /** Calls `onChange` with each new value (in the change's own turn, before any lookup ends on it); returns how to stop. */
  watch(onChange: (preferences: Preferences) => void): () => void;
}

export function preferencesCopy(): PreferencesCopy {
  let known: Preferences | null = null;
  let reading: Promise<Preferences> | null = null;
  const watchers = new Set<(preferences: Preferences) => void>();
  let following = false;
  const follow = () => {
    if (following) return;
    following = true;
    watchPreferences((next) => {
      known = next;
      for (const watcher of watchers) watcher(next);
    });
  };
  return {
    current() {
      // Watched before the read: a change landing while it is read is not lost behind it.
      follow();
      if (known !== null) return Promise.resolve(known);
      reading ??= readPreferences().then(
        (read) => (known ??= read),
        (error: unknown) => {
          reading = null;
          throw error;
        },
      );
      return reading;
    },
    watch(onChange) {
      follow();
      watchers.add(onChange);
      return () => void watchers.delete(onChange);
    },
  };
}
