/**
 * The toolbar button: `action` in Manifest V3 (Chrome), `browserAction` in Firefox's MV2 build.
 * Three things write on it: a tab's failing lookups ("off") and its page self-check ("!"), one tab
 * at a time (which comes first: tab-alert.ts), and uploads ("↑2" everywhere). A tab's own badge is
 * cleared, not set to "", when its page is fine, so the uploads' global badge shows through on that
 * tab as well.
 */
import { browser } from '#imports';

type Action = typeof browser.action;

export function toolbarButton(): Action | null {
  const api = browser as unknown as { action?: Action; browserAction?: Action };
  return api.action ?? api.browserAction ?? null;
}

function defaultTitle(): string {
  const manifest = browser.runtime.getManifest() as { action?: { default_title?: string }; browser_action?: { default_title?: string } };
  return manifest.action?.default_title ?? manifest.browser_action?.default_title ?? 'Primer';
}

export async function setTabAlert(tabId: number, alert: { text: string; title: string; colour: string } | null): Promise<void> {
  const button = toolbarButton();
  if (!button) return;
  if (alert) {
    uncoloured.delete(tabId);
    await button.setBadgeText({ tabId, text: alert.text });
    await button.setBadgeBackgroundColor({ tabId, color: alert.colour });
    await button.setTitle({ tabId, title: alert.title });
    return;
  }
  // Null clears the tab's own text, so the global badge shows again; a title cannot be cleared
  // that way in Chrome, so the manifest's own title is put back; nor a colour, so the global one is
  // (the uploads' "↑2" showed on that tab in the alert's red).
  await button.setBadgeText({ tabId, text: null as unknown as string });
  if (globalColour !== null) await button.setBadgeBackgroundColor({ tabId, color: globalColour });
  else uncoloured.add(tabId);
  await button.setTitle({ tabId, title: defaultTitle() });
}

/** The global badge's colour, once set: what a tab's cleared alert goes back to. */
let globalColour: string | null = null;
/**
 * Tabs whose alert was cleared before any global colour was set: they keep the alert's colour
 * until one is, and then take it (else a later "↑1" showed on that tab alone in the alert's red).
 */
const uncoloured = new Set<number>();

export async function setGlobalBadge(text: string, colour: string): Promise<void> {
  const button = toolbarButton();
  if (!button) return;
  globalColour = colour;
  await button.setBadgeBackgroundColor({ color: colour });
  for (const tabId of uncoloured) await button.setBadgeBackgroundColor({ tabId, color: colour }).catch(() => undefined);
  uncoloured.clear();
  await button.setBadgeText({ text });
}
