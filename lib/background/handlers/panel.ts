/**
 * panel.focus: "Open briefing" on a hover card. The person (or meeting) is remembered for the
 * sender's tab in session storage, where the side panel reads it, and the panel is opened: Chrome's
 * sidePanel (the click that sent this message is the user gesture it requires). Firefox's sidebar
 * cannot be opened from here (a message is not a user action to Firefox): the reply says so, with
 * the shortcut, and the card tells the user how to open it; the focus is kept, so the panel shows
 * this person when they do. A tab's focus is forgotten when the tab navigates elsewhere.
 * panel.warm: the toolbar's "Open briefing" opened the panel itself; the background gives it the
 * same head start.
 */
import { browser } from '#imports';
import { ApiError } from '../../api/errors';
import { focusWithinLimits, type PanelFocus } from '../../panel/context';
import { focusWithShownMatches } from '../../panel/shown-matches';
import { openBriefingShortcut, openPanel, panelShowing, windowHoldsPanel } from '../../panel/open';
import { onSupportedSite } from '../../sites/matches';
import { focusKey, shownKey, statusKey } from '../../storage/session-keys';
import type { Handlers } from '../broker';
import type { PanelHeadStart } from '../panel-head-start';
import { inTabTurn, tabClosed } from '../tab-turns';
import { shownContacts } from '../shown-contacts';

export { openPanel };

export async function setPanelFocus(tabId: number, focus: PanelFocus): Promise<void> {
  await inTabTurn(() => browser.storage.session.set({ [focusKey(tabId)]: focus }));
}

const NO_HEAD_START: PanelHeadStart = { focus: () => undefined, tab: () => undefined };

/** `headStart`: starts fetching what the panel will show while its page loads (panel-head-start.ts). */
export function panelHandlers(headStart: PanelHeadStart = NO_HEAD_START): Pick<Handlers, 'panel.focus' | 'panel.warm'> {
  return {
    'panel.focus': async ({ focus: chosen }, { sender, tabId }) => {
      // Kept to what a page shows before it is stored for the panel, and its calls started.
      const limited = focusWithinLimits(chosen);
      if (tabId === null) return { opened: false, shortcut: await openBriefingShortcut() };
      // Open first: the user gesture does not survive much waiting.
      const opening = openPanel({ tabId });
      // A pop-out window shows no panel, opened or not, and no keys or toolbar button open one
      // there: nothing is kept for its tab, nor are the briefing's calls started.
      const popout = !(await windowHoldsPanel(tabId));
      // A page's choice names only the contacts it was given: checked and stored in one turn of the
      // tabs' records, so a settings reset (panel-reset.ts) comes before both or forgets the choice.
      const focus = await inTabTurn(async () => {
        const allowed = sender === 'content' ? focusWithShownMatches(limited, await shownContacts(tabId)) : limited;
        if (allowed === null || popout) return allowed;
        headStart.focus(allowed);
        await browser.storage.session.set({ [focusKey(tabId)]: { ...allowed, chosenAt: Date.now() } });
        return allowed;
      });
      if (focus === null) {
        await opening;
        throw new ApiError('forbidden', 'Primer briefs from a page only the people it shows.');
      }
      if (popout) {
        await opening;
        return { opened: false, shortcut: null, popout: true as const };
      }
      // Already open (it will show the new focus) counts as opened.
      const opened = (await opening) || (await panelShowing(tabId));
      return { opened, shortcut: opened ? null : await openBriefingShortcut() };
    },
    'panel.warm': async ({ windowId }) => {
      const [tab] = await browser.tabs.query({ active: true, windowId });
      if (tab?.id !== undefined) headStart.tab(tab.id);
      return {};
    },
  };
}

/**
 * Forget what was chosen on a page, and what the page said of itself, once the tab leaves the
 * supported sites (the page's own page.left is lost when the worker was asleep as it unloaded). A move within one (Gmail
 * opening Compose adds `?compose=new` to its address) is left to the page's own report of its
 * views (page-status.ts): Firefox tells every such change, and the choice went with each.
 */
export function forgetFocusOnNavigation(): void {
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // The address is shown only on the sites (host permissions): one not shown is not one of them.
    const url = change.url ?? tab.url;
    const onSite = url !== undefined && onSupportedSite(url);
    if ((change.url || change.status) && !onSite) void inTabTurn(() => browser.storage.session.remove([focusKey(tabId), statusKey(tabId)]));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    tabClosed(tabId);
    void inTabTurn(() => browser.storage.session.remove([focusKey(tabId), statusKey(tabId), shownKey(tabId)]));
  });
}
