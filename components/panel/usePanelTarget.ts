import { useEffect, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import { getPanelTarget, watchPanelTarget, type PanelTarget } from '@/lib/panel/target';

const NO_TARGET: PanelTarget = { tabId: null, focus: null, page: null, status: null };

/**
 * Tabs activated within this of each other are passed through (Ctrl+Tab held, a quick run of
 * clicks): the tab is read once switching pauses. A switch after a pause is read at once.
 */
export const TAB_SETTLE_MS = 100;

/**
 * The active tab's target, read again whenever it may have changed; null until first read. The
 * first read may have been started before React (`first`), to overlap with loading the page, and
 * may even be done (`known`), so the first render already has it.
 */
export function usePanelTarget(first?: Promise<PanelTarget>, known?: PanelTarget): PanelTarget | null {
  const [target, setTarget] = useState<PanelTarget | null>(known ?? null);
  useEffect(() => {
    let live = true;
    let latest = 0;
    let shown = -1;
    const show = (ticket: number, next: PanelTarget) => {
      if (!live || ticket <= shown) return;
      shown = ticket;
      // The same target read again keeps the object on screen: no re-render, nothing fetched again.
      setTarget((current) => (current === null ? next : replaceEqualDeep(current, next)));
    };
    const read = () => {
      const ticket = ++latest;
      // Only the latest read's answer is shown.
      getPanelTarget({ skipPageWhenFocused: true })
        .then((next) => ticket === latest && show(ticket, next))
        .catch(() => ticket === latest && show(ticket, NO_TARGET));
    };
    // The read started before React: shown as soon as it is in, unless a newer answer is shown.
    if (!known && first) first.then((next) => show(0, next)).catch(() => show(0, NO_TARGET));
    // A tab passed through on the way to another is not briefed (each briefing's calls run to their
    // end, ahead of the one the user stops on): answers still on their way are dropped too.
    let settle: ReturnType<typeof setTimeout> | undefined;
    let lastSwitch = -Infinity;
    const onTab = () => {
      const now = performance.now();
      const passing = now - lastSwitch < TAB_SETTLE_MS;
      lastSwitch = now;
      clearTimeout(settle);
      if (!passing) return read();
      latest++;
      settle = setTimeout(read, TAB_SETTLE_MS);
    };
    const stop = watchPanelTarget((cause) => (cause === 'tab' ? onTab() : read()));
    // That first read was taken before these listeners were attached (the panel's code loading,
    // the first render's wait): a tab switch, navigation or new focus meanwhile fired nothing.
    read();
    return () => {
      live = false;
      clearTimeout(settle);
      stop();
    };
  }, [first, known]);
  return target;
}
