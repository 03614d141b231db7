/**
 * A new install opens Primer's options: nothing else says what to do first (the toolbar button is
 * not pinned by default, and on the sites Primer marks no one until it has an address and a key).
 * Not on updates, nor when Primer is set up already (an administrator's policy) and allowed to
 * contact the service: access to its host is given only in a click, on the options page.
 */
import { browser } from '#imports';
import { settingsView } from './settings';
import { hasHostAccess, servicePattern } from './service-access';

export async function openOptionsIfNew({ reason }: { reason: string }): Promise<void> {
  if (reason !== 'install') return;
  const view = await settingsView();
  const pattern = view.hasApiKey ? servicePattern(view.serviceUrl) : null;
  if (pattern !== null && (await hasHostAccess(pattern))) return;
  await browser.runtime.openOptionsPage();
}

/** Registered when the worker starts: the install event comes once, on its first start. */
export function openOptionsOnInstall(): void {
  browser.runtime.onInstalled.addListener((details) => {
    openOptionsIfNew(details).catch(() => undefined);
  });
}
