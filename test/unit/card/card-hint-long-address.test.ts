/**
 * When the browser will not open the panel from the card (Firefox: only from the toolbar or a
 * shortcut), the card says how, naming whom the panel will show: the contact's name, else their
 * address ("…the panel will show christopher.vanderberg@northwindtraders.onmicrosoft.com."). The card is
 * 300 px wide (about 40 characters at its 12 px hint size) and its host hides what overflows
 * sideways (overflow-x: hidden, mount.tsx). The card's name, address, role and values wrap
 * anywhere (card.css); the hint does not: a long address is one unbreakable word, which pushes the
 * hint (a flex item, min-width auto) past the card's edge, where it is cut off mid-address.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { openPanelHint } from '@/components/card/mount';

const css = readFileSync('components/card/card.css', 'utf8');
const rule = (selector: string) => new RegExp(`(^|\\n)${selector.replace(/[.[\]()]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)?.[2] ?? '';

it('wraps a long address in the “how to open the panel” hint, as the card’s other text wraps', () => {
  const address = 'christopher.vanderberg@northwindtraders.onmicrosoft.com';
  const hint = openPanelHint('Ctrl+Shift+Y', { kind: 'person', match: { contact: { id: 'p', name: null, email: address, company: null, title: null }, matchedBy: 'email' } });
  expect(hint).toContain(address);
  // The card's other text from outside wraps anywhere (as a reference).
  expect(rule('.email, .role')).toMatch(/overflow-wrap: anywhere/);
  // The hint, the actions row holding it, or the card as a whole.
  const wraps = ['.hint', '.actions', '.card'].some((selector) => /overflow-wrap: (anywhere|break-word)/.test(rule(selector)));
  expect(wraps, '.hint (or .actions, or .card) has overflow-wrap').toBe(true);
});
