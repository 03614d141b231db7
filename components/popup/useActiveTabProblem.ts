import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { readLookupProblem, type LookupProblem } from '@/lib/storage/lookup-problem';
import { lookupProblemKey } from '@/lib/storage/session-keys';

/**
 * The tab the form is about: the one named in its address (`?tab=`, the form opened in a tab of its
 * own: file-in-tab.ts), else the active one.
 */
async function formTab(): Promise<number | undefined> {
  const named = tabParameter();
  if (named !== null && /^\d+$/.test(named)) return Number(named);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** The form's `?tab=`: set (perhaps empty) only when it is open in a tab of its own. */
const tabParameter = () => new URLSearchParams(location.search).get('tab');

/** Whether the form is open in a tab of its own rather than the toolbar popup (its address says so: `?tab=`). */
export function formInTab(): boolean {
  return tabParameter() !== null;
}

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
    void formTab()
      .then((id) => {
        if (!live || id === undefined) return;
        tabId = id;
        read(id);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, []);
  return problem;
}
