/** The side panel in end-to-end tests: opening it (test/support/side-panel.ts) and checking it. */
import type { Page } from 'playwright/test';
import AxeBuilder from '@axe-core/playwright';

export { openExtensionPage, openPanel, paintTimes, recordClicks, screenshotPanel, SidePanels, tabIdOf, timeToBriefing, timeToSwitch } from '../../support/side-panel.ts';

/** Accessibility violations (axe-core, WCAG 2 A/AA) of the panel as it is now. */
export async function axeViolations(panel: Page): Promise<{ id: string; nodes: number; help: string }[]> {
  const result = await new AxeBuilder({ page: panel }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.length, help: violation.help }));
}

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
