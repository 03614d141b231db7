/**
 * The side panel in end-to-end tests. Playwright cannot drive Chrome's side panel container, so
 * the panel's own page is opened in a tab and told which tab to brief (`sidepanel.html?tab=<id>`):
 * the same code, the same target resolution as in the panel.
 */
import type { BrowserContext, Page, Worker } from 'playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { ChromeLike } from '../../support/chrome-like';

/**
 * The tab id of `page`. Primer has no "tabs" permission, so tabs show no address to it: the page is
 * brought to the front and the active tab asked for.
 */
export async function tabIdOf(serviceWorker: Worker, page: Page): Promise<number> {
  await page.bringToFront();
  const id = await serviceWorker.evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: ChromeLike }).chrome;
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id ?? null;
  });
  if (id === null) throw new Error(`No active tab for ${page.url()}`);
  return id;
}

export async function openPanel(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tab=${tabId}`);
  return page;
}

/** Milliseconds from the panel page starting to load to its first briefing painted. */
export async function timeToBriefing(panel: Page): Promise<number> {
  await panel.waitForFunction(() => document.documentElement.dataset.briefing !== undefined, undefined, { timeout: 20_000 });
  return panel.evaluate(() => performance.getEntriesByName('primer:briefing-painted')[0]?.startTime ?? Number.NaN);
}

/** Accessibility violations (axe-core, WCAG 2 A/AA) of the panel as it is now. */
export async function axeViolations(panel: Page): Promise<{ id: string; nodes: number; help: string }[]> {
  const result = await new AxeBuilder({ page: panel }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.length, help: violation.help }));
}
