/**
 * Marks the moment a briefing was painted, for the time-to-briefing measurement: a
 * `primer:briefing-painted` performance mark (ms since the panel started opening; detail: kind and
 * subject key) and `data-briefing` on the root element, set after the frame that shows it. Each
 * new subject is marked once, so a switch to another person or meeting while the panel is open
 * can be timed too.
 */
import { useEffect } from 'react';

export const PAINT_MARK = 'primer:briefing-painted';

let lastKey: string | null = null;

export function usePaintedMark(ready: boolean, kind: 'person' | 'meeting', key: string): void {
  useEffect(() => {
    if (!ready || lastKey === key) return;
    lastKey = key;
    // rAF runs before the frame is painted; the task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(PAINT_MARK, { detail: { kind, key } });
        document.documentElement.dataset.briefing = kind;
      }, 0),
    );
  }, [ready, kind, key]);
}
