/**
 * Granting host access in headless Chromium.
 *
 * `permissions.request` opens a native prompt; in `--headless=new` it is shown but nothing can
 * click it, so the call never settles (checked with Chromium 156). Calling it from the service
 * worker fails with "This function must be called during a user gesture". What works is what a
 * user can do by hand: allow the site for the extension on chrome://extensions ("Site access").
 * That page's `chrome.developerPrivate.addHostPermission` records the host as user-granted;
 * the extension does not hold it yet (`permissions.contains` stays false), but its next
 * `permissions.request` for that host resolves `true` at once, without a prompt. So the tests
 * still drive the real Save button and its real `permissions.request` call.
 */
import type { BrowserContext } from 'playwright';
import type { ChromeLike } from './chrome-like';

export async function allowSiteForExtension(context: BrowserContext, extensionId: string, pattern: string) {
  const page = await context.newPage();
  try {
    await page.goto(`chrome://extensions/?id=${extensionId}`);
    await page.evaluate(
      async ([id, host]) => {
        const api = (globalThis as unknown as { chrome?: ChromeLike }).chrome;
        if (!api?.developerPrivate) throw new Error('chrome.developerPrivate is not available on this page');
        await api.developerPrivate.addHostPermission(id, host);
      },
      [extensionId, pattern] as const,
    );
  } finally {
    await page.close();
  }
}

/**
 * Developer mode on, as a developer does on chrome://extensions: Chrome keeps running an unpacked
 * extension that reloads itself (as on an update) only then.
 */
export async function turnOnDeveloperMode(context: BrowserContext) {
  const page = await context.newPage();
  try {
    await page.goto('chrome://extensions/');
    await page.evaluate(async () => {
      const api = (globalThis as unknown as { chrome?: ChromeLike }).chrome;
      if (!api?.developerPrivate) throw new Error('chrome.developerPrivate is not available on this page');
      await api.developerPrivate.updateProfileConfiguration({ inDeveloperMode: true });
    });
  } finally {
    await page.close();
  }
}
