/**
 * The popup, the options page and the side panel load the shared theme and controls (theme.css,
 * ui.css) and a stylesheet of their own, which changes some shared rules (the panel's 15 px text,
 * its small way back). The order the build links them in is not the order they are imported in:
 * the side panel's own stylesheet came first and every shared rule of the same weight won (Vite
 * appends the CSS of a chunk holding only CSS after the importer's own, vitejs/vite#6375). The
 * shared rules sit in a cascade layer, so a page's own (unlayered) rules win whatever the order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SHARED = ['components/ui/theme.css', 'components/ui/ui.css'];
const PAGES = ['components/panel/panel.css', 'components/popup/popup.css', 'components/options/options.css'];

/** The preludes of the top-level statements of `file` ("@layer shared", ":root", "@media …"). */
function topLevelPreludes(file: string): string[] {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const preludes: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '{' && depth++ === 0) preludes.push(css.slice(start, at).trim());
    if (char === '}' && --depth === 0) start = at + 1;
    if (char === ';' && depth === 0) {
      preludes.push(css.slice(start, at).trim());
      start = at + 1;
    }
  }
  expect(depth, `${file}: braces balance`).toBe(0);
  return preludes;
}

describe('shared styles and a page’s own', () => {
  it.each(SHARED)('%s is all in the "shared" cascade layer', (file) => {
    expect(topLevelPreludes(file)).toEqual(['@layer shared']);
  });

  it.each(PAGES)('%s is in no layer, so it wins over the shared rules wherever it is linked', (file) => {
    const preludes = topLevelPreludes(file);
    expect(preludes.length).toBeGreaterThan(0);
    expect(preludes.filter((prelude) => prelude.startsWith('@layer'))).toEqual([]);
  });
});
