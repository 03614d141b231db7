import { useEffect, useState } from 'react';
import { getPanelTarget, watchPanelTarget, type PanelTarget } from '@/lib/panel/target';

/**
 * The active tab's target, read again whenever it may have changed; null until first read. The
 * first read may have been started before React (`first`), to overlap with loading the page, and
 * may even be done (`known`), so the first render already has it.
 */
export function usePanelTarget(first?: Promise<PanelTarget>, known?: PanelTarget): PanelTarget | null {
  const [target, setTarget] = useState<PanelTarget | null>(known ?? null);
  useEffect(() => {
    let latest = 0;
    // Already read (`known`): no need to read it again until something changes.
    let initial = known ? undefined : first;
    const read = () => {
      const ticket = ++latest;
      const pending = initial ?? getPanelTarget({ skipPageWhenFocused: true });
      initial = undefined;
      pending
        .then((next) => ticket === latest && setTarget(next))
        .catch(() => ticket === latest && setTarget({ tabId: null, focus: null, page: null, status: null }));
    };
    if (!known) read();
    return watchPanelTarget(read);
  }, [first, known]);
  return target;
}
