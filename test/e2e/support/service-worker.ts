/**
 * Stopping Primer's background as Chrome does once it has been idle (about 30 s), from
 * chrome://serviceworker-internals: DevTools' ServiceWorker.stopAllWorkers stops it too, but
 * leaves Playwright's connection to a persistent context hanging.
 */
import type { BrowserContext } from 'playwright/test';

/** Stops the extension's service worker (the profile's only one) and says whether Chrome says it stopped. */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<boolean> {
  const internals = await context.newPage();
  try {
    await internals.goto('chrome://serviceworker-internals/');
    const text = () => internals.locator('body').innerText();
    if (!(await text()).includes(`chrome-extension://${extensionId}/`)) return false;
    await internals.getByRole('button', { name: 'Stop', exact: true }).first().click();
    // The page shows the new state a moment later.
    return await internals
      .waitForFunction(() => /Running Status: STOPPED/.test(document.body.innerText), undefined, { timeout: 3_000 })
      .then(() => true, () => false);
  } finally {
    await internals.close();
  }
}
