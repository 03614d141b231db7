/**
 * The `primer:briefing-painted` performance mark: when a briefing reached the screen, for the
 * time-to-briefing measurement. Set by the live panel (components/panel/paint-mark.ts) and by the
 * start-up script when it paints a saved copy (`saved: true`). No dependencies.
 */
export const PAINT_MARK = 'primer:briefing-painted';

export interface PaintDetail {
  kind: string;
  key: string;
  /** A saved copy painted by the start-up script (lib/panel/saved-briefing.ts), not the live panel. */
  saved?: true;
}

/** Marks `detail` once the frame showing what was just drawn is painted; then calls `after`. */
export function markWhenPainted(detail: PaintDetail, after: () => void): void {
  // rAF runs before the frame is painted; the task queued from it runs after.
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark(PAINT_MARK, { detail });
      after();
    }, 0),
  );
}
