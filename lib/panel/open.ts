/**
 * Opens Primer's briefing panel in whichever form this browser has: Chrome's side panel (for a tab
 * or a window), Firefox's sidebar. Both need a user action, so call it straight from a click (or a
 * command) with nothing awaited before.
 */
import { browser } from '#imports';

interface SidePanelApi {
  open(options: { tabId?: number; windowId?: number }): Promise<void>;
}
interface SidebarActionApi {
  open(): Promise<void>;
}

export async function openPanel(target: { tabId?: number; windowId?: number }): Promise<boolean> {
  const api = browser as unknown as { sidePanel?: SidePanelApi; sidebarAction?: SidebarActionApi };
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
