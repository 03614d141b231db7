/**
 * Dragging a recording over the popup's drop zone says "drop it here" only by the colour of the
 * zone's dashed edge (--control-border to --accent, popup.css). Windows high contrast (forced
 * colours) draws every border in the one system colour: the zone looks the same whether the file
 * is over it or not, and the edge's change is a change of colour alone in any mode (WCAG 1.4.1).
 * Another mark is wanted: a solid or thicker edge, an outline, or a system colour in forced colours.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const css = readFileSync('components/popup/popup.css', 'utf8');
const rules = (selector: string, text = css) =>
  [...text.matchAll(new RegExp(`(?:^|\\n|,\\s*)\\s*${selector.replace(/[.[\]()-]/g, '\\$&')}\\s*(?:,[^{]*)?\\{([^}]*)\\}`, 'g'))].map((match) => match[1]!);

it('marks the drop zone under a dragged file by more than the colour of its edge', () => {
  const over = rules('.drop-zone--over').join(';');
  expect(over, 'the drag-over rule exists').toMatch(/border-color/);
  const forcedStart = css.indexOf('@media (forced-colors: active)');
  const forced = forcedStart === -1 ? '' : css.slice(forcedStart);
  const changesMoreThanColour = /border-style|border-width|border:\s*\S+\s+(solid|double)|outline|box-shadow|background/.test(over);
  const forcedMark = rules('.drop-zone--over', forced).some((rule) => /(Highlight|LinkText|border-style|outline|border-width)/.test(rule));
  expect(changesMoreThanColour || forcedMark, `.drop-zone--over { ${over.trim()} }`).toBe(true);
});
