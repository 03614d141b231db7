/**
 * The floor for the side panel's time to briefing: an extension page that paints one line and
 * marks it the way the panel marks its briefing (components/panel/paint-mark.ts). Opened the same
 * way as the panel, it measures what any extension page costs here (process, navigation, the
 * first frame), so the panel's own time is what is left over. Added only to a copy of the build
 * used by the timing test (LaunchOptions.testPages); it is never part of the product.
 */
export const FLOOR_PAGE = 'timing-floor.html';

export const FLOOR_PAGES: Record<string, string> = {
  [FLOOR_PAGE]:
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Floor</title></head>' +
    '<body><p id="line"></p><script type="module" src="./timing-floor.js"></script></body></html>',
  'timing-floor.js': `document.getElementById('line').textContent = 'An extension page that paints one line.';
requestAnimationFrame(() => setTimeout(() => {
  performance.mark('primer:briefing-painted', { detail: { kind: 'floor', key: 'floor' } });
  document.documentElement.dataset.briefing = 'floor';
}, 0));
`,
};
