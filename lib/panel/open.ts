/**
 * Opens Primer's briefing panel in whichever form this browser has: Chrome's side panel (for a tab
 * or a window), Firefox's sidebar. Both need a user action, so call it straight from a click (or a
 * command) with nothing awaited before. Firefox does not count a message from a content script as
 * one: there, "Open briefing" on a hover card cannot open the sidebar (see panelShowing and the
 * card's hint).
 */
import { browser } from '#imports';

interface SidePanelApi {
  open(options: { tabId?: number; windowId?: number }): Promise<void>;
}
interface SidebarActionApi {
  open(): Promise<void>;
  isOpen?(details: { windowId?: number }): Promise<boolean>;
}
interface RuntimeContextsApi {
  getContexts?(filter: { contextTypes: string[] }): Promise<unknown[]>;
}

export const OPEN_BRIEFING_COMMAND = 'open-briefing';

function apis() {
  return browser as unknown as { sidePanel?: SidePanelApi; sidebarAction?: SidebarActionApi; runtime: RuntimeContextsApi };
}

export async function openPanel(target: { tabId?: number; windowId?: number }): Promise<boolean> {
  const api = apis();
  // Chrome needs to know where; asking it to open "somewhere" only throws.
  if (api.sidePanel && target.tabId === undefined && target.windowId === undefined) return false;
  try {
    if (api.sidePanel) await api.sidePanel.open(target);
    else if (api.sidebarAction) await api.sidebarAction.open();
    else return false;
    return true;
  } catch {
    // No user gesture in reach (or the panel is disabled).
    return false;
  }
}

/**
 * Whether the panel opens without being told where (Firefox's sidebar): then it is opened in the
 * click's own task, before anything is awaited, or Firefox no longer counts the click.
 */
export function opensAnywhere(): boolean {
  const api = apis();
  return !api.sidePanel && api.sidebarAction !== undefined;
}

/** Whether Primer's panel is already showing in this tab's window (so it will show a new focus). */
export async function panelShowing(tabId: number): Promise<boolean> {
  const api = apis();
  try {
    const { windowId } = await browser.tabs.get(tabId);
    if (api.sidebarAction?.isOpen) return await api.sidebarAction.isOpen({ windowId });
    if (api.runtime.getContexts) {
      const panels = (await api.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })) as { windowId?: number }[];
      if (panels.some((panel) => panel.windowId === windowId)) return true;
      // Chrome reports a side panel's window as -1 (not known): such a panel is this window's only
      // when this is the one window that can hold a side panel (else it may be any other's).
      if (!panels.some((panel) => panel.windowId === undefined || panel.windowId < 0)) return false;
      const normal = (await browser.windows.getAll({ windowTypes: ['normal'] })).filter((window) => (window.type ?? 'normal') === 'normal');
      return normal.length === 1 && normal[0]?.id === windowId;
    }
  } catch {
    // The tab is gone, or the browser cannot say.
  }
  return false;
}

/**
 * Whether the tab's window can show the panel: a pop-out window (Outlook's popped-out message, a
 * window of type popup) has neither a side panel nor the toolbar button. Chrome's sidePanel.open
 * resolves for such a tab all the same, and shows nothing. A window it cannot read counts as one.
 */
export async function windowHoldsPanel(tabId: number): Promise<boolean> {
  try {
    const { windowId } = await browser.tabs.get(tabId);
    const { type } = await browser.windows.get(windowId);
    return (type ?? 'normal') === 'normal';
  } catch {
    return true;
  }
}

/** The keys that open the briefing, as the user has them set (they can change them), or null. */
export async function openBriefingShortcut(): Promise<string | null> {
  try {
    const command = (await browser.commands.getAll()).find((candidate) => candidate.name === OPEN_BRIEFING_COMMAND);
    return command?.shortcut ? command.shortcut : null;
  } catch {
    return null;
  }
}
