/**
 * Windows high contrast (forced colours) throws away the page's colours: the greying that
 * ui.css gives `.ui-button[aria-disabled='true']` (--surface, --muted) is replaced by ButtonFace /
 * ButtonText, the colours of a working button. Browsers grey only real `disabled` buttons
 * (GrayText) in that mode; Primer's held-back buttons are `aria-disabled` on purpose (Button.tsx:
 * `disabled` drops the focus). So in high contrast the popup's Upload held back by a refused key,
 * "Saving…", "Creating…", "Testing…", "More recordings" while loading and a Try again that must
 * wait all look exactly like buttons that work. A forced-colours rule must grey them as the
 * browser greys disabled ones.
 */
import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { fakeBackground } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

/** The bodies of the rules inside `@media (forced-colors: active)` blocks of `css`, by selector. */
function forcedRules(css: string): Array<{ selector: string; body: string }> {
  const rules: Array<{ selector: string; body: string }> = [];
  let from = 0;
  for (;;) {
    const start = css.indexOf('@media (forced-colors: active)', from);
    if (start < 0) return rules;
    let depth = 0;
    let end = css.indexOf('{', start);
    for (let at = end; at < css.length; at++) {
      if (css[at] === '{') depth++;
      if (css[at] === '}' && --depth === 0) {
        end = at;
        break;
      }
    }
    const inner = css.slice(css.indexOf('{', start) + 1, end);
    for (const [, selector, body] of inner.matchAll(/([^{}]+)\{([^{}]*)\}/g)) rules.push({ selector: selector!.trim(), body: body! });
    from = end;
  }
}

describe('buttons said unavailable in forced colours', () => {
  it('the popup’s Upload, held back by a refused key, is aria-disabled, not disabled (the browser does not grey it)', () => {
    fakeBackground({ 'upload.prepare': { ready: true } });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} blocked="The service refused Primer’s API key." />);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toHaveAttribute('aria-disabled', 'true');
    expect(upload).not.toBeDisabled();
  });

  it('are greyed (GrayText) by a forced-colours rule, as disabled buttons are', () => {
    const css = ['components/ui/theme.css', 'components/ui/ui.css'].map((file) => readFileSync(file, 'utf8')).join('\n');
    const greying = forcedRules(css).filter(({ selector, body }) => /aria-disabled=['"]?true/.test(selector) && /\bGrayText\b/.test(body));
    expect(greying, 'a rule in @media (forced-colors: active) for [aria-disabled=true] buttons with GrayText').not.toEqual([]);
  });
});
