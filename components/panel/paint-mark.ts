/**
 * Marks the moment a briefing was painted, for the time-to-briefing measurement: a
 * `primer:briefing-painted` performance mark (ms since the panel started opening; detail: kind and
 * subject key) and `data-briefing` on the root element, set after the frame that shows it. Each
 * new subject is marked once, so a switch to another person or meeting while the panel is open
 * can be timed too.
 */
import { useEffect } from 'react';
import { markWhenPainted, type PaintDetail } from '@/lib/panel/paint-mark';

let lastKey: string | null = null;
/** Work that should not compete with the first briefing waits for it, or for this at most. */
const FIRST_PAINT_WAIT_MS = 500;
let firstPainted: () => void = () => undefined;
const firstPaint = new Promise<void>((resolve) => (firstPainted = resolve));

/**
 * Runs `task` once the first briefing of this panel load is on screen (or after a short wait, for
 * loads that show no briefing): for what the first paint does not need.
 */
export function afterFirstBriefing(task: () => void): () => void {
  let live = true;
  const timer = setTimeout(() => firstPainted(), FIRST_PAINT_WAIT_MS);
  void firstPaint.then(() => {
    clearTimeout(timer);
    if (live) task();
  });
  return () => {
    live = false;
    clearTimeout(timer);
  };
}

/**
 * `onPainted`: called once this briefing is on screen (also when it was marked before: a subject
 * shown again is not marked twice, but its view is still told).
 */
export function usePaintedMark(ready: boolean, kind: 'person' | 'meeting', key: string, onPainted?: (detail: PaintDetail) => void): void {
  useEffect(() => {
    if (!ready) return;
    const detail = { kind, key };
    if (lastKey === key) {
      onPainted?.(detail);
      return;
    }
    lastKey = key;
    markWhenPainted(detail, () => {
      document.documentElement.dataset.briefing = kind;
      firstPainted();
      onPainted?.(detail);
    });
  }, [ready, kind, key, onPainted]);
}
