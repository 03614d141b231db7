/**
 * Accessibility checks shared by the end-to-end tests: axe-core (WCAG 2 A/AA) on an extension page
 * or on Primer's hover card alone, and reflow (WCAG 1.4.10: nothing needs scrolling sideways).
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { CDPSession, Page } from 'playwright/test';
import { hoverCards } from '../../support/hover-card.ts';
import { expect } from './browser';

export interface AxeViolation {
  id: string;
  nodes: number;
  help: string;
  /** Where (axe's selectors of the first few nodes), so a failure says which element. */
  targets: string[];
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Accessibility violations (axe-core, WCAG 2 A/AA) of the page as it is now, or of the part `include` selects. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  return violationsOf(await runAxe(page, include));
}

async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  return builder.analyze();
}

/**
 * axe-core finds nothing on the page in the light and the dark theme; a whole-page screenshot of
 * each is kept in `artifacts` (`<name>-light.png`, `<name>-dark.png`).
 */
export async function expectAccessible(page: Page, artifacts: string, name: string): Promise<void> {
  fs.mkdirSync(artifacts, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page), `${name}, ${scheme} theme`).toEqual([]);
    await screenshotWhole(page, path.join(artifacts, `${name}-${scheme}.png`));
  }
  await page.emulateMedia({ colorScheme: null });
}

function violationsOf(result: AxeResults): AxeViolation[] {
  return result.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.length,
    help: violation.help,
    targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
  }));
}

/**
 * The same check of Primer's hover card only (its host and closed shadow root), not of the page
 * around it, which imitates a third-party site. The root is shown to axe for the check alone.
 */
export async function cardAxeViolations(page: Page): Promise<AxeViolation[]> {
  const result = await hoverCards(page).withRootExposed(() => runAxe(page, 'primer-hover-card'));
  // Checked inside the root, not just its host: axe names a node in a shadow tree by a list of
  // selectors (the host's, then the node's in its root) instead of one selector.
  const inside = [...result.passes, ...result.violations].some((rule) => rule.nodes.some((node) => node.target.some((part) => Array.isArray(part))));
  if (!inside) throw new Error('axe-core checked nothing inside the hover card’s shadow root');
  return violationsOf(result);
}

/**
 * What breaks reflow on the page as it is now: the page scrolling sideways, and visible elements
 * reaching past the viewport's left or right edge (clipped, or making it scroll), unless inside a
 * box that scrolls sideways itself (a code sample may). Empty when it reflows.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${width} px`);
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      // Visually hidden text (1 px) and what is not shown are not read by the eye.
      if (rect.width <= 1 || rect.height <= 1 || !element.checkVisibility({ visibilityProperty: true })) continue;
      if (rect.left >= -0.5 && rect.right <= width + 0.5) continue;
      if (scrollsSideways(element)) continue;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      problems.push(`${element.localName}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''} "${text}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
    }
    return problems;
  });
}

/**
 * Words of the page's text split across two lines (a line ending inside "consolidation"): what
 * `overflow-wrap: anywhere` does to a word with no room on a line of its own. Only plain words are
 * read (letters and apostrophes, with trailing punctuation): an address or a dotted name has no
 * other place to break and may. Each as `"word" in "its element's text"`.
 */
export async function wordsBrokenInside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element?.checkVisibility({ visibilityProperty: true })) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const word = /^[\p{L}’']{2,}/u.exec(match[0]);
        if (!word || !/^[\p{L}’']+[.,:;!?…)]*$/u.test(match[0])) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(`"${word[0]}" in "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)}"`);
      }
    }
    return broken;
  });
}

/**
 * The browser's font size setting (Chrome's Settings › Appearance › Font size), as `standard` px:
 * 32 is text at 200 % of the default 16 px, what a user who needs large text sets. Text sized in
 * rem or em follows it; text sized in px does not.
 */
export async function setBrowserFontSize(page: Page, standard: number): Promise<void> {
  // One session per page, kept: the setting lasts only while the session that made it is attached.
  let session = fontSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page).then(async (cdp) => {
      await cdp.send('Page.enable');
      return cdp;
    });
    fontSessions.set(page, session);
  }
  const cdp = await session;
  await cdp.send('Page.setFontSizes', { fontSizes: { standard, fixed: Math.round((standard * 13) / 16) } });
  // Laid out again with the new size before anything is measured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const fontSessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * A screenshot of the whole page at its current width: the viewport is made as tall as the page
 * for it (Playwright's `fullPage` would drop the font size set by `setBrowserFontSize`).
 */
export async function screenshotWhole(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('The page has no fixed viewport');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

/** The font size (px) of each visible element that shows text of its own or is a form field, in document order. */
export async function textSizes(page: Page): Promise<{ what: string; size: number }[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        return (ownText || element.matches('input, select, textarea')) && element.checkVisibility();
      })
      .map((element) => ({
        what: `${element.localName} "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`,
        size: parseFloat(getComputedStyle(element).fontSize),
      })),
  );
}

/**
 * Text that did not grow with the browser's font size: elements of `before` (at 16 px) whose size
 * at `after` (at 32 px) is less than 1.9 times as large. Both readings must be of the same page.
 */
export function textNotScaled(before: { what: string; size: number }[], after: { what: string; size: number }[]): string[] {
  if (before.length !== after.length) throw new Error(`The page changed between the readings: ${before.length} elements, then ${after.length}`);
  return before.flatMap((element, index) => {
    const later = after[index]!;
    return later.size / element.size < 1.9 ? [`${element.what}: ${element.size} px, then ${later.size} px`] : [];
  });
}
