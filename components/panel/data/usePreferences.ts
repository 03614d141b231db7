/**
 * The user's preferences where Primer works (lib/storage/preferences.ts), kept current: the panel
 * leaves out of a meeting the people the pages leave out (the user, excluded domains) when only its
 * own lookup tells who someone shown by name is.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_PREFERENCES, readPreferences, watchPreferences, type Preferences } from '@/lib/storage/preferences';

export function usePreferences(): Preferences {
  const [preferences, setPreferences] = useState(DEFAULT_PREFERENCES);
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
