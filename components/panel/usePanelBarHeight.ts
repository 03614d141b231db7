/**
 * Keeps `--panel-bar-height` on the page's root at the sticky bar's height. panel.css pads the
 * page's scrolling by it (scroll-padding-top), so what takes keyboard focus is scrolled into view
 * below the bar, not under it. Measured, not fixed: the bar grows when the search shows an error
 * or wraps in a narrow panel.
 */
import { useLayoutEffect, type RefObject } from 'react';

export const PANEL_BAR_HEIGHT = '--panel-bar-height';

export function usePanelBarHeight(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(PANEL_BAR_HEIGHT, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(PANEL_BAR_HEIGHT);
    };
  }, [bar]);
}
