/**
 * The keyboard command (`Alt+Shift+P` unless the user changed it): opens the briefing panel for
 * the current tab. The browser counts a command as a user action, so the panel may open here, in
 * Chrome and in Firefox alike; nothing is awaited before opening, or that would be lost.
 */
import { browser } from '#imports';
import { OPEN_BRIEFING_COMMAND, openPanel } from '../panel/open';

/** `headStart`: told which tab the panel opens for, to start asking for its briefing at once. */
export function handleCommand(command: string, tab?: { id?: number; windowId?: number }, headStart: (tabId: number) => void = () => undefined): Promise<boolean> {
  if (command !== OPEN_BRIEFING_COMMAND) return Promise.resolve(false);
  if (tab?.id !== undefined) {
    const opening = openPanel({ tabId: tab.id });
    headStart(tab.id);
    return opening;
  }
  // No tab (a window without one in focus): the window's panel; Firefox's sidebar needs neither.
  return openPanel(tab?.windowId !== undefined ? { windowId: tab.windowId } : {});
}

export function listenForCommands(headStart?: (tabId: number) => void): void {
  browser.commands.onCommand.addListener((command, tab) => {
    void handleCommand(command, tab, headStart);
  });
}
