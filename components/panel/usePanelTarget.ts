import { useEffect, useState } from 'react';
import { getPanelTarget, watchPanelTarget, type PanelTarget } from '@/lib/panel/target';

/** The active tab's target, read again whenever it may have changed; null until first read. */
export function usePanelTarget(): PanelTarget | null {
  const [target, setTarget] = useState<PanelTarget | null>(null);
  useEffect(() => {
    let latest = 0;
    const read = () => {
      const ticket = ++latest;
      getPanelTarget()
        .then((next) => ticket === latest && setTarget(next))
        .catch(() => ticket === latest && setTarget({ tabId: null, focus: null, page: null, status: null }));
    };
    read();
    return watchPanelTarget(read);
  }, []);
  return target;
}
