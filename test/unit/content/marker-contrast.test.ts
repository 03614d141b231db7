/**
 * The marker must stand out at 3:1 or more (WCAG 1.4.11) on a light page and on a dark one, whatever
 * the OS colour scheme: a site's theme is its own (a dark OS over Gmail's default light theme, a
 * light OS over a dark site theme). Read from marker.css itself, under each OS scheme.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../support/contrast';

const css = readFileSync('lib/content/marker.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const DARK_OS = '@media (prefers-color-scheme: dark)';
/** White, and the near-black of dark site themes. */
const PAGES = ['#ffffff', '#1f1f1f'];

const BASE = 'primer-mark[data-primer-marker]';
const NAME = "primer-mark[data-primer-marker='name']";
const FOCUS = 'primer-mark[data-primer-marker]:focus-visible';

type Declarations = Record<string, string>;

/** The declarations of each selector in `text`, later rules overriding earlier ones. */
function rules(text: string, into: Record<string, Declarations> = {}): Record<string, Declarations> {
  for (const [, selector, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = (into[selector!.trim()] ??= {});
    for (const [, property, value] of body!.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)) declarations[property!] = value!.replace(/!important/, '').trim();
  }
  return into;
}

/** The rules that apply under each OS scheme. */
function scheme(dark: boolean): Record<string, Declarations> {
  const media = css.indexOf(DARK_OS);
  const base = rules(media < 0 ? css : css.slice(0, media));
  return dark && media >= 0 ? rules(css.slice(media + DARK_OS.length), structuredClone(base)) : base;
}

/** The last #rgb/#rrggbb colour in a value, as #rrggbb; null for none (transparent: the page shows). */
function colour(value: string | undefined): string | null {
  const found = value?.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi)?.at(-1);
  if (!found) return null;
  return found.length === 4 ? `#${[...found.slice(1)].map((c) => c + c).join('')}` : found;
}



/** The shadows of a box-shadow value, inset (drawn inside the border box) or outside it. */
function shadows(value: string | undefined): { inset: boolean; text: string }[] {
  return (value ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => ({ inset: /\binset\b/.test(text), text }));
}

/** The outside shadow (a halo, a field around the focus ring); undefined for none. */
const outside = (value: string | undefined) => shadows(value).findLast((shadow) => !shadow.inset)?.text;

/**
 * A marker's tones from the outside in: halo (an outside box-shadow), ring (a border, or an inset
 * box-shadow drawn as one), centre (background).
 */
function tones(declarations: Declarations) {
  return {
    halo: colour(outside(declarations['box-shadow'])),
    ring: colour(declarations['border-color'] ?? declarations.border) ?? colour(shadows(declarations['box-shadow']).find((shadow) => shadow.inset)?.text),
    centre: colour(declarations.background),
  };
}

/** The `index`th length of a value ("0 0 0 5px #fff": the spread is the fourth). */
const length = (value: string | undefined, index: number) => Number.parseFloat((value ?? '').split(/\s+/).filter((token) => /^[\d.]+(px)?$/.test(token))[index] ?? 'NaN');

describe('marker contrast', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#a8c7fa', '#ffffff')).toBeCloseTo(1.72, 2);
  });

  for (const darkOs of [false, true]) {
    const sheet = scheme(darkOs);
    const address = tones(sheet[BASE]!);
    const name = tones({ ...sheet[BASE], ...sheet[NAME] });
    const focus = { ...sheet[BASE], ...sheet[FOCUS] };

    for (const page of PAGES) {
      const where = `${darkOs ? 'dark' : 'light'} OS, page ${page}`;

      it(`stands out at 3:1, matched by address and by name (${where})`, () => {
        for (const [variant, { halo, ring, centre }] of [['address', address], ['name', name]] as const) {
          expect(ring, variant).not.toBeNull();
          // One of the outer tones against the page, and the two against each other: whichever
          // matches the page, the other draws the mark's edge.
          const outer = [halo, ring].filter((tone) => tone !== null).map((tone) => contrast(tone, page));
          expect(Math.max(...outer), `${variant}: edge against the page`).toBeGreaterThanOrEqual(3);
          if (halo !== null) expect(contrast(halo, ring!), `${variant}: halo against ring`).toBeGreaterThanOrEqual(3);
          // The hollow centre reads as hollow, and the two kinds apart, on any page.
          if (variant === 'name') {
            expect(contrast(centre ?? page, ring!), 'name: centre against ring').toBeGreaterThanOrEqual(3);
            expect(contrast(centre ?? page, address.centre ?? page), 'name against address centre').toBeGreaterThanOrEqual(3);
          }
        }
      });

      it(`keeps the focus ring visible (${where})`, () => {
        const ring = colour(focus['outline-color'] ?? focus.outline);
        expect(ring).not.toBeNull();
        if (contrast(ring!, page) >= 3) return;
        // Else a light field around the outline, reaching past it, sets it off.
        const field = colour(outside(focus['box-shadow']));
        expect(field, 'a field around the outline').not.toBeNull();
        expect(contrast(ring!, field!)).toBeGreaterThanOrEqual(3);
        expect(length(outside(focus['box-shadow']), 3)).toBeGreaterThan(length(focus['outline-offset'], 0) + length(focus.outline, 0));
      });
    }
  }

  it('keeps its own colours in Windows high contrast, where the dot (a background and a shadow) would vanish', () => {
    expect(scheme(false)[BASE]?.['forced-color-adjust']).toBe('none');
  });
});
