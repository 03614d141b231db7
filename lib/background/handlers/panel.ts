/**
 * panel.focus: "Open briefing" on a hover card. The person (or meeting) is remembered for the
 * sender's tab in session storage, where the side panel reads it, and the panel is opened: Chrome's
 * sidePanel (the click that sent this message is the user gesture it requires), Firefox's sidebar.
 * A tab's focus is forgotten when the tab navigates elsewhere.
 */
import { browser } from '#imports';
import type { PanelFocus } from '../../panel/context';
import { openPanel } from '../../panel/open';

export { openPanel };
import type { Handlers } from '../broker';

export const focusKey = (tabId: number) => `panelFocus:${tabId}`;

export async function setPanelFocus(tabId: number, focus: PanelFocus): Promise<void> {
  await browser.storage.session.set({ [focusKey(tabId)]: focus });
}

export function panelHandlers(): Pick<Handlers, 'panel.focus'> {
  return {
    'panel.focus': async ({ focus }, { tabId }) => {
      if (tabId === null) return { opened: false };
      // Open first: the user gesture does not survive much waiting.
      const opened = openPanel({ tabId });
      await setPanelFocus(tabId, focus);
      return { opened: await opened };
    },
  };
}

/** Forget what was chosen on a page once the tab leaves it. */
export function forgetFocusOnNavigation(): void {
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url) void browser.storage.session.remove(focusKey(tabId));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void browser.storage.session.remove([focusKey(tabId), `pageStatus:${tabId}`]);
  });
}
