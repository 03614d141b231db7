/**
 * The hover card's topics are chips drawn with a background alone (no border). Windows high
 * contrast (forced colours) drops backgrounds: "Q3 pricing", "Hiring plan" and "Budget" become
 * one run of words "Q3 pricing Hiring plan Budget", 4 px apart, with no way to see where one topic
 * ends. The side panel's chips keep a border (panel.css), the card's forced-colours block does not
 * give them one.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const css = readFileSync('components/card/card.css', 'utf8');

it('keeps each topic chip apart when forced colours drop its background', () => {
  // The chips are drawn with a background only, outside forced colours.
  expect(css).toMatch(/\.chips li \{[^}]*background: var\(--chip\)/);
  const forced = css.slice(css.indexOf('@media (forced-colors: active)'));
  const forcedBlock = forced.slice(0, forced.indexOf('\n}') + 2);
  expect(forcedBlock, 'the card’s forced-colours block').toMatch(/\.chips li \{[^}]*(border|outline): 1px solid/);
});
