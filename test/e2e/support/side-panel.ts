/** The side panel in end-to-end tests: opening it (test/support/side-panel.ts) and checking it. */
import type { Page } from 'playwright/test';
import AxeBuilder from '@axe-core/playwright';

export { openExtensionPage, openPanel, screenshotPanel, tabIdOf, timeToBriefing, timeToSwitch } from '../../support/side-panel.ts';

/** Accessibility violations (axe-core, WCAG 2 A/AA) of the panel as it is now. */
export async function axeViolations(panel: Page): Promise<{ id: string; nodes: number; help: string }[]> {
  const result = await new AxeBuilder({ page: panel }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.length, help: violation.help }));
}
