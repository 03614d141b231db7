/**
 * A new install opens Primer's options: nothing else says what to do first (the toolbar button is
 * not pinned by default, and on the sites Primer marks no one until it has an address and a key).
 * Not on updates, nor when Primer is set up already (an administrator's policy).
 */
import { browser } from '#imports';
import { settingsView } from './settings';

export async function openOptionsIfNew({ reason }: { reason: string }): Promise<void> {
  if (reason !== 'install') return;
  const view = await settingsView();
  if (view.serviceUrl && view.hasApiKey) return;
  await browser.runtime.openOptionsPage();
}

/** Registered when the worker starts: the install event comes once, on its first start. */
export function openOptionsOnInstall(): void {
  browser.runtime.onInstalled.addListener((details) => {
    openOptionsIfNew(details).catch(() => undefined);
  });
}
