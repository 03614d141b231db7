import { useEffect, useState } from 'react';
import { getPanelTarget, watchPanelTarget, type PanelTarget } from '@/lib/panel/target';

/**
 * The active tab's target, read again whenever it may have changed; null until first read. The
 * first read may have been started before React (`first`), to overlap with loading the page.
 */
export function usePanelTarget(first?: Promise<PanelTarget>): PanelTarget | null {
  const [target, setTarget] = useState<PanelTarget | null>(null);
  useEffect(() => {
    let latest = 0;
    let initial = first;
    const read = () => {
      const ticket = ++latest;
      const pending = initial ?? getPanelTarget({ skipPageWhenFocused: true });
      initial = undefined;
      pending
        .then((next) => ticket === latest && setTarget(next))
        .catch(() => ticket === latest && setTarget({ tabId: null, focus: null, page: null, status: null }));
    };
    read();
    return watchPanelTarget(read);
  }, [first]);
  return target;
}
