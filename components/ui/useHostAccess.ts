/** Whether Primer may contact a host, kept current as access is given or taken away (chrome://extensions). */
import { useEffect, useState } from 'react';
import { browser } from '#imports';

async function hasAccess(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    // The browser cannot say: nothing is claimed missing.
    return true;
  }
}

/** Whether Primer may contact `pattern`'s host (null while unknown), and a way to check again. */
export function useHostAccess(pattern: string | null): [granted: boolean | null, check: () => void] {
  const [granted, setGranted] = useState<{ pattern: string; granted: boolean } | null>(null);
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (pattern === null) return;
    let live = true;
    const check = () => void hasAccess(pattern).then((value) => live && setGranted({ pattern, granted: value }));
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      live = false;
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, [pattern, checks]);
  return [pattern !== null && granted?.pattern === pattern ? granted.granted : null, () => setChecks((count) => count + 1)];
}
