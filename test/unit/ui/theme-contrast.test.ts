/**
 * What marks out a control (a field's edge, a clickable row's) must reach 3:1 against what is
 * around it, in both themes (WCAG 1.4.11). Read from the stylesheets themselves, so a later change
 * of colour, or a control drawn with the fainter --border again, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../support/contrast';

const theme = readFileSync('components/ui/theme.css', 'utf8');

/** The custom properties declared directly in `block` (a rule's body). */
function properties(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
}

/** The body of the first rule after `from` whose selector is `selector`. */
function ruleBody(css: string, selector: string, from = 0): string {
  const start = css.indexOf(`${selector} {`, from);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const open = css.indexOf('{', start);
  return css.slice(open + 1, css.indexOf('}', open));
}

const light = properties(ruleBody(theme, ':root'));
// The dark set overrides the light one; what it does not name stays as in light.
const dark = { ...light, ...properties(ruleBody(theme, ':root', theme.indexOf('@media (prefers-color-scheme: dark)'))) };



describe('theme contrast', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#b9c0cc', '#ffffff')).toBeCloseTo(1.83, 2);
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('marks out controls at 3:1 or more against the page and surfaces (%s)', (_theme, tokens) => {
    const edge = tokens['--control-border'];
    expect(edge).toBeDefined();
    for (const background of ['--bg', '--surface']) {
      expect(contrast(edge!, tokens[background]!), `--control-border on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('keeps muted text (placeholders, busy buttons) at 4.5:1 or more on the page and surfaces (%s)', (_theme, tokens) => {
    for (const background of ['--bg', '--surface']) {
      expect(contrast(tokens['--muted']!, tokens[background]!), `--muted on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('greys busy buttons with colours, not opacity, and colours placeholders as muted text', () => {
    const ui = readFileSync('components/ui/ui.css', 'utf8');
    const busy = ruleBody(ui, ".ui-button:disabled,\n.ui-button[aria-disabled='true']");
    expect(busy).not.toMatch(/opacity/);
    expect(busy).toMatch(/color:\s*var\(--muted\)/);
    expect(busy).toMatch(/background:\s*var\(--surface\)/);
    const placeholder = ruleBody(ui, '::placeholder');
    expect(placeholder).toMatch(/color:\s*var\(--muted\)/);
    expect(placeholder).toMatch(/opacity:\s*1/);
  });

  it.each([
    ['components/panel/panel.css', '.search-row input'],
    ['components/panel/panel.css', '.recording-row'],
    ['components/ui/ui.css', '.ui-input'],
    ['components/popup/popup.css', '.drop-zone'],
    // An upload's bar: where its track ends is what shows how much is left (the fainter edge was 1.8:1 on the popup, 2.5:1 dark).
    ['components/popup/popup.css', '.progress'],
  ])('draws the edge of %s %s with --control-border', (file, selector) => {
    const body = ruleBody(readFileSync(file, 'utf8'), selector);
    expect(body).toMatch(/\bborder:[^;]*var\(--control-border\)/);
  });
});
