/**
 * Windows high contrast (forced colours) replaces backgrounds with the page's colour: whatever is
 * drawn only with a background (a progress bar's fill, a loading line) must say itself another way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function forcedBlock(file: string): string {
  const css = readFileSync(file, 'utf8');
  const start = css.indexOf('@media (forced-colors: active)');
  expect(start, `${file} has a forced-colors block`).toBeGreaterThanOrEqual(0);
  return css.slice(start);
}

describe('forced colours', () => {
  it('draws the upload progress bar in the highlight colour', () => {
    expect(forcedBlock('components/popup/popup.css')).toMatch(/\.progress__bar \{[^}]*forced-color-adjust: none;[^}]*background: Highlight;/);
  });

  it('gives the panel’s loading lines an edge', () => {
    expect(forcedBlock('components/panel/panel.css')).toMatch(/\.skeleton-line \{[^}]*border: 1px solid CanvasText;/);
  });
});
