/**
 * Before Primer is set up its toolbar button says so on any tab (not only the three sites, whose
 * lookups fail), as the button's global title and badge; saving the address and key takes it away.
 */
import type { Worker } from 'playwright/test';
import { expect, test } from './support/browser';
import { configure } from './support/setup';

interface Button {
  text: string;
  title: string;
}

/** What the toolbar button shows on `tabId` (its own values, else the global ones). */
function buttonOn(serviceWorker: Worker, tabId: number | null): Promise<Button> {
  return serviceWorker.evaluate(async (id) => {
    const action = (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string>; getTitle(d: object): Promise<string> } } }).chrome.action;
    const details = id === null ? {} : { tabId: id };
    return { text: await action.getBadgeText(details), title: await action.getTitle(details) };
  }, tabId);
}

test('the toolbar button says Primer is not set up on any page until the address and key are saved', async ({ context, extensionId, serviceWorker, standIn }) => {
  const page = await context.newPage();
  await page.goto(`${standIn.baseUrl}/`).catch(() => undefined);
  const tabId = await serviceWorker.evaluate(async () => {
    const tabs = await (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }).chrome.tabs.query({});
    return tabs.at(-1)?.id ?? null;
  });
  const reminder = { text: 'set', title: 'Primer: not set up yet — open Primer’s options to add the service address and API key' };
  await expect.poll(() => buttonOn(serviceWorker, null), { timeout: 10_000 }).toEqual(reminder);
  expect(await buttonOn(serviceWorker, tabId)).toEqual(reminder);

  await configure(context, extensionId, standIn);
  const title = await serviceWorker.evaluate(
    () => (globalThis as unknown as { chrome: { runtime: { getManifest(): { action?: { default_title?: string } } } } }).chrome.runtime.getManifest().action?.default_title,
  );
  await expect.poll(() => buttonOn(serviceWorker, null), { timeout: 10_000 }).toEqual({ text: '', title });
  expect(await buttonOn(serviceWorker, tabId)).toEqual({ text: '', title });
});
