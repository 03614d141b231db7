/**
 * Chrome runs manifest content scripts only in pages loaded after Primer was installed or
 * updated: a Gmail, Calendar or Outlook tab open before then showed no one until reloaded (and an
 * update cuts off the scripts already there, which take their markers down). On install and on
 * update, Primer's scripts are run in those tabs, as the manifest lists them; a script from before
 * an update stops when the new one starts (WXT's "content script started" event). Firefox runs
 * content scripts in open tabs itself.
 */
import { browser } from '#imports';

type Api = Pick<typeof browser, 'runtime' | 'tabs' | 'scripting'>;
/** The manifest's paths, as the scripting API types its own (the same strings). */
type Paths = NonNullable<Parameters<Api['scripting']['executeScript']>[0]['files']>;

/** Runs Primer's content scripts in every open tab of a supported site; resolves with the tabs reached. */
export async function runInOpenTabs(api: Api = browser): Promise<number> {
  let reached = 0;
  for (const script of api.runtime.getManifest().content_scripts ?? []) {
    const files = (script.js ?? []) as Paths;
    if (!script.matches?.length || files.length === 0) continue;
    // Only tabs of the sites Primer may read: the user may have taken access to one away.
    const onSites = await api.tabs.query({ url: script.matches }).catch(() => []);
    const tabs = script.match_about_blank ? [...onSites, ...(await openedBy(api, onSites))] : onSites;
    for (const tab of tabs) {
      // A discarded tab loads its page again when shown, and the manifest's scripts with it.
      if (tab.id === undefined || tab.discarded) continue;
      const target = { tabId: tab.id };
      try {
        if (script.css?.length) await api.scripting.insertCSS({ target, files: script.css });
        await api.scripting.executeScript({ target, files });
        reached++;
      } catch {
        // A tab closed, navigating, or showing an error page meanwhile: its next page gets the scripts.
      }
    }
  }
  return reached;
}

/**
 * The windows those tabs opened and draw into themselves (Outlook's pop-out: about:blank), where
 * the manifest runs the script too: their address is not shown (no site's), and running the
 * script succeeds only where its site's page made them.
 */
async function openedBy(api: Api, tabs: readonly { id?: number }[]) {
  const openers = new Set(tabs.map((tab) => tab.id));
  if (openers.size === 0) return [];
  const all = await api.tabs.query({}).catch(() => []);
  return all.filter((tab) => tab.url === undefined && tab.openerTabId !== undefined && openers.has(tab.openerTabId));
}

/** Registered when the worker starts: the install or update event comes once, on its first start. */
export function runInOpenTabsOnInstall(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install' || reason === 'update') runInOpenTabs().catch(() => undefined);
  });
}
