/**
 * Marks the moment the first briefing of this panel load was painted, for the time-to-briefing
 * measurement: a `primer:briefing-painted` performance mark (ms since the panel started opening)
 * and `data-briefing` on the root element, set after the frame that shows it.
 */
import { useEffect } from 'react';

let marked = false;

export function usePaintedMark(ready: boolean, kind: 'person' | 'meeting'): void {
  useEffect(() => {
    if (!ready || marked) return;
    marked = true;
    // rAF runs before the frame is painted; the task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('primer:briefing-painted', { detail: kind });
        document.documentElement.dataset.briefing = kind;
      }, 0),
    );
  }, [ready, kind]);
}
