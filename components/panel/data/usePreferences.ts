/**
 * The user's preferences where Primer works (lib/storage/preferences.ts), kept current: the panel
 * leaves out of a meeting the people the pages leave out (the user, excluded domains) when only its
 * own lookup tells who someone shown by name is.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_PREFERENCES, readPreferences, watchPreferences, type Preferences } from '@/lib/storage/preferences';

/** The preferences as last read (primePreferences), for a first render that knows them. */
let lastRead: Preferences | null = null;

/**
 * Reads the preferences before React renders (the panel's start waits for this as for the
 * target): rendered with the defaults, someone the user left out was drawn, briefing and all, until
 * the read came back a moment later.
 */
export function primePreferences(): Promise<void> {
  return readPreferences().then(
    (read) => void (lastRead = read),
    () => undefined,
  );
}

export function usePreferences(): Preferences {
  const [preferences, setPreferences] = useState(() => lastRead ?? DEFAULT_PREFERENCES);
  useEffect(() => {
    let live = true;
    const stop = watchPreferences((next) => setPreferences(next));
    readPreferences()
      .then((read) => live && setPreferences(read))
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return preferences;
}
