/**
 * The card's own stylesheet: in a dark OS scheme its edge marks it out on the sites' dark themes
 * (a black shadow does not show there), and Windows high contrast keeps what only a background said.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../support/contrast';

const css = readFileSync('components/card/card.css', 'utf8');
const dark = css.slice(css.indexOf(":host([data-primer-theme='dark']) .card {"));
const variable = (text: string, name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(text)?.[1];

describe('hover card stylesheet', () => {
  it('draws its edge with --edge, at 3:1 or more on dark site themes and on the card itself in a dark OS scheme', () => {
    expect(css).toMatch(/\.card \{[^}]*border: 1px solid var\(--edge\)/);
    const edge = variable(dark, '--edge');
    const card = variable(dark, '--bg');
    expect(edge).toBeDefined();
    for (const page of ['#1f1f1f', '#202124', '#292929', card!]) expect(contrast(edge!, page), `--edge on ${page}`).toBeGreaterThanOrEqual(3);
  });

  it('gives the skeleton an edge and the held button system colours in forced colours', () => {
    const forced = css.slice(css.indexOf('@media (forced-colors: active)'));
    expect(forced).toMatch(/\.skeleton \{[^}]*border: 1px solid CanvasText/);
    expect(forced).toMatch(/\.action\[aria-disabled='true'\] \{[^}]*color: GrayText/);
  });

  it('lays the English card out left to right on a right-to-left site, and keeps the service’s prose and topics to a few lines', () => {
    expect(css).toMatch(/:host \{[^}]*direction: ltr/);
    expect(css).toMatch(/\.row\.prose dd \{[^}]*-webkit-line-clamp: 3/);
    expect(css).toMatch(/\.chips li \{[^}]*-webkit-line-clamp: 2/);
  });

  it('keeps the loading body about as tall as a loaded one, so the card is placed once for both', () => {
    expect(css).toMatch(/\.body\[role='status'\] \{[^}]*min-block-size: 140px/);
  });
});
