/** The side panel in end-to-end tests: opening it (test/support/side-panel.ts) and checking it. */
import type { CDPSession, Page } from 'playwright/test';
import { contrast } from '../../support/contrast';

export { openExtensionPage, openPanel, paintTimes, recordClicks, screenshotPanel, SidePanels, tabIdOf, timeToBriefing, timeToSwitch } from '../../support/side-panel.ts';

export { axeViolations } from './axe.ts';

/** The names of the panel's visible sections (regions named by their heading), top to bottom. */
export async function visibleSections(panel: Page): Promise<string[]> {
  return panel.locator('section[aria-labelledby]:visible').evaluateAll((sections) =>
    sections.map((section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''),
  );
}

/**
 * Presses Tab from the top of the panel (its first control) until focus leaves it, and returns
 * the sections focus reached (the section itself or a control in it), in the order reached.
 */
export async function sectionsReachedByTab(panel: Page, maxStops = 120): Promise<string[]> {
  // Start at the top: focus the panel's first control (Tab would otherwise go on from wherever focus was last).
  await panel.evaluate(() => {
    document.querySelector<HTMLElement>('input, button, a[href], [tabindex="0"]')?.focus();
  });
  const reached: string[] = [];
  let wasInside = false;
  for (let stop = 0; stop < maxStops; stop++) {
    await panel.keyboard.press('Tab');
    const where = await panel.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return { inside: false, section: null };
      const section = focused.closest('section[aria-labelledby]');
      const name = section ? (document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '') : null;
      return { inside: true, section: name };
    });
    if (!where.inside && wasInside) break;
    wasInside = where.inside;
    if (where.section !== null && !reached.includes(where.section)) reached.push(where.section);
  }
  return reached;
}

const axSessions = new WeakMap<Page, CDPSession>();

/**
 * What has keyboard focus, as assistive technology is told it (Chromium's accessibility tree):
 * "button: Find", "region: Topics", "heading: Maya Chen"; "document" when focus fell to the page.
 */
export async function focused(panel: Page): Promise<string> {
  let session = axSessions.get(panel);
  if (!session) axSessions.set(panel, (session = await panel.context().newCDPSession(panel)));
  const { result } = await session.send('Runtime.evaluate', { expression: 'document.activeElement === document.body ? null : document.activeElement' });
  if (!result.objectId) return 'document';
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
  await session.send('Runtime.releaseObject', { objectId: result.objectId });
  const node = nodes[0];
  return `${String(node?.role?.value ?? '?')}: ${String(node?.name?.value ?? '')}`;
}

/**
 * The focus ring of what has focus: its width in CSS px (0 when none is drawn), its contrast
 * against the background it is drawn on (WCAG 2.4.13 asks 3:1), and where it sits: `y` in the
 * page, null for the sticky bar at the top.
 */
export async function focusRing(panel: Page): Promise<{ width: number; contrast: number; y: number | null }> {
  const ring = await panel.evaluate(() => {
    const hex = (colour: string) => {
      const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
    };
    const opaque = (colour: string) => colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour);
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // The ring is drawn outside the element: on the first background behind it.
    let behind = element.parentElement;
    while (behind && !opaque(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    const rect = element.getBoundingClientRect();
    return {
      width: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
      colour: hex(style.outlineColor),
      background: hex(behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)'),
      y: element.closest('.panel-bar') ? null : rect.top + scrollY,
    };
  });
  return { width: ring.width, contrast: contrast(ring.colour, ring.background), y: ring.y };
}

/** Presses `key` until `name` (as `focused` says it) has focus; fails after `max` presses. */
export async function pressUntilFocused(panel: Page, name: string | RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 40): Promise<void> {
  const matches = (now: string) => (typeof name === 'string' ? now === name : name.test(now));
  const seen: string[] = [];
  for (let press = 0; press < max; press++) {
    await panel.keyboard.press(key);
    const now = await focused(panel);
    if (matches(now)) return;
    seen.push(now);
  }
  throw new Error(`${String(name)} not reached with ${key}; focus went to: ${seen.join(' | ')}`);
}

/**
 * Presses Tab from what has focus until focus leaves the panel: what each press reached (as
 * `focused` says it) and its focus ring.
 */
export async function tabStops(panel: Page, maxStops = 80): Promise<{ name: string; ring: Awaited<ReturnType<typeof focusRing>> }[]> {
  const stops: { name: string; ring: Awaited<ReturnType<typeof focusRing>> }[] = [];
  for (let stop = 0; stop < maxStops; stop++) {
    await panel.keyboard.press('Tab');
    const name = await focused(panel);
    if (name === 'document') return stops;
    stops.push({ name, ring: await focusRing(panel) });
  }
  throw new Error(`Focus did not leave the panel after ${maxStops} presses of Tab (a keyboard trap?)`);
}
