import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { readLookupProblem, type LookupProblem } from '@/lib/storage/lookup-problem';
import { lookupProblemKey } from '@/lib/storage/session-keys';

/**
 * Why the active tab's lookups fail, as the background records it (lib/background/lookup-health.ts),
 * kept current while the popup is open: the note above the form and the form itself read it.
 */
export function useActiveTabProblem(): LookupProblem | null {
  const [problem, setProblem] = useState<LookupProblem | null>(null);
  useEffect(() => {
    let live = true;
    let tabId: number | null = null;
    const read = (id: number) => void readLookupProblem(id).then((value) => live && setProblem(value)).catch(() => undefined);
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'session' && tabId !== null && lookupProblemKey(tabId) in changes) read(tabId);
    };
    browser.storage.onChanged.addListener(listener);
    void browser.tabs
      .query({ active: true, currentWindow: true })
      .then(([tab]) => {
        if (!live || tab?.id === undefined) return;
        tabId = tab.id;
        read(tab.id);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, []);
  return problem;
}
