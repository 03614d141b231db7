/**
 * The keyboard command (`Alt+Shift+P` unless the user changed it): opens the briefing panel for
 * the current tab. The browser counts a command as a user action, so the panel may open here, in
 * Chrome and in Firefox alike; nothing is awaited before opening, or that would be lost.
 */
import { browser } from '#imports';
import { OPEN_BRIEFING_COMMAND, openPanel } from '../panel/open';

export function handleCommand(command: string, tab?: { id?: number; windowId?: number }): Promise<boolean> {
  if (command !== OPEN_BRIEFING_COMMAND) return Promise.resolve(false);
  if (tab?.id !== undefined) return openPanel({ tabId: tab.id });
  // No tab (a window without one in focus): the window's panel; Firefox's sidebar needs neither.
  return openPanel(tab?.windowId !== undefined ? { windowId: tab.windowId } : {});
}

export function listenForCommands(): void {
  browser.commands.onCommand.addListener((command, tab) => {
    void handleCommand(command, tab);
  });
}
