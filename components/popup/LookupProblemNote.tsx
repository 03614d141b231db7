/**
 * Why no markers appear on the page this popup was opened over, and the fix, as the toolbar
 * badge's title says it (lib/background/lookup-health.ts): the popup is where a click on the
 * "off" badge leads. Primer not being set up at all is said by the upload section already.
 */
import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { describeLookupProblem, readLookupProblem, type LookupProblem } from '@/lib/storage/lookup-problem';
import { lookupProblemKey } from '@/lib/storage/session-keys';

/** The problem recorded for the active tab, kept current while the popup is open. */
function useActiveTabProblem(): LookupProblem | null {
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

export function LookupProblemNote() {
  const problem = useActiveTabProblem();
  if (!problem || problem.problem === 'not_configured') return null;
  const { cause, fix } = describeLookupProblem(problem);
  return (
    <div className="popup__section popup__note">
      <div className="ui-message ui-message--error">
        <p>
          Markers are off on this page: {cause}. {fix}
        </p>
        <OpenOptionsButton />
      </div>
    </div>
  );
}
