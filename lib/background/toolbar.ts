/**
 * The toolbar button: `action` in Manifest V3 (Chrome), `browserAction` in Firefox's MV2 build.
 * Four things write on it: a tab's failing lookups ("off") and its page self-check ("!"), one tab
 * at a time (which comes first: tab-alert.ts), and, on every tab, Primer not being set up
 * (setup-reminder.ts) or else uploads ("↑2"). A tab's own badge is cleared, not set to "", when its
 * page is fine, so the global badge and title show through on that tab as well.
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

/**
 * The global title: the setup reminder's while Primer is not set up, else the manifest's. Until this
 * worker has read the settings (it just started), the one the browser shows, which a stopped worker
 * left there: the browser keeps it, and a tab cleared meanwhile must not go back to the bare "Primer".
 */
async function globalTitle(button: Action): Promise<string> {
  if (setupTitle !== undefined) return setupTitle ?? defaultTitle();
  try {
    // Chrome answers the manifest's title when none was set; an empty one is no title either.
    return (await button.getTitle({})) || defaultTitle();
  } catch {
    return defaultTitle();
  }
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
  // that way in Chrome, so the global one is copied (refreshed when it changes: setup-reminder.ts);
  // nor a colour, so the global one is (the uploads' "↑2" showed on that tab in the alert's red).
  await button.setBadgeText({ tabId, text: null as unknown as string });
  if (globalColour !== null) await button.setBadgeBackgroundColor({ tabId, color: globalColour });
  else uncoloured.add(tabId);
  await button.setTitle({ tabId, title: await globalTitle(button) });
}

/** The global badge's colour, once set: what a tab's cleared alert goes back to. */
let globalColour: string | null = null;
/**
 * Tabs whose alert was cleared before any global colour was set: they keep the alert's colour
 * until one is, and then take it (else a later "↑1" showed on that tab alone in the alert's red).
 */
const uncoloured = new Set<number>();

/** Grey, quieter than the tabs' amber "off" and red "!": a reminder, not a failure (white on it: 6.1:1). */
export const SETUP_BADGE = { text: 'set', colour: '#5f6368' };

/** The uploads' badge, once they have said it. */
let uploadsBadge: { text: string; colour: string } | null = null;
/** The setup reminder's title while Primer is not set up, null once it is; undefined until known. */
let setupTitle: string | null | undefined;
let globalWrites: Promise<unknown> = Promise.resolve();

/** The uploads' badge ("↑2", or "" for none): shown on every tab unless Primer must be set up first. */
export function setGlobalBadge(text: string, colour: string): Promise<void> {
  uploadsBadge = { text, colour };
  return showGlobal();
}

/**
 * Says on every tab that Primer must be set up (`title`, with SETUP_BADGE), or that it is (null).
 * It comes before the uploads' "↑N", which cannot finish without the setup anyway. Resolves to
 * whether the global title changed from the one the button showed (a stopped worker's included):
 * the tabs holding a copy of it (a cleared alert's) must then be shown again.
 */
export async function setSetupReminder(title: string | null): Promise<boolean> {
  const button = toolbarButton();
  if (!button) return false;
  const before = await globalTitle(button);
  setupTitle = title;
  await showGlobal();
  return before !== (title ?? defaultTitle());
}

/** What the global badge says now; null when the browser cannot tell. */
async function globalBadgeText(button: Action): Promise<string | null> {
  try {
    return await button.getBadgeText({});
  } catch {
    return null;
  }
}

/** Writes the global badge and title from what is known, one write after another (no mix of two). */
function showGlobal(): Promise<void> {
  const run = globalWrites.then(async () => {
    const button = toolbarButton();
    if (!button) return;
    const badge = setupTitle ? SETUP_BADGE : uploadsBadge;
    if (badge) {
      globalColour = badge.colour;
      await button.setBadgeBackgroundColor({ color: badge.colour });
      for (const tabId of uncoloured) await button.setBadgeBackgroundColor({ tabId, color: badge.colour }).catch(() => undefined);
      uncoloured.clear();
      await button.setBadgeText({ text: badge.text });
    }
    // Set up before this worker's uploads said anything: the reminder's "set" goes, an earlier
    // worker's "↑2" stays (the uploads say theirs once they have read their records).
    else if (setupTitle === null && (await globalBadgeText(button)) === SETUP_BADGE.text) await button.setBadgeText({ text: '' });
    if (setupTitle !== undefined) await button.setTitle({ title: setupTitle ?? defaultTitle() });
  });
  globalWrites = run.catch(() => undefined);
  return run;
}
