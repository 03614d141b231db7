/**
 * "Open briefing" on a card in a pop-out window (Outlook's popped-out message: a window of type
 * popup). Chrome's sidePanel.open resolves for such a tab and shows no panel (Chromium 156), and
 * the window has no toolbar button, nor does the shortcut open a panel there: the card must not
 * close as if it opened, nor point to either.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelHandlers } from '@/lib/background/handlers/panel';
import { noteShown } from '@/lib/background/shown-contacts';
import type { PanelFocus } from '@/lib/panel/context';

const focus: PanelFocus = { kind: 'person', match: { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' } };

beforeEach(async () => {
  vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue([{ name: 'open-briefing', shortcut: 'Alt+Shift+P' }] as never);
  (fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open: () => Promise.resolve() };
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((tabId: number) => Promise.resolve({ id: tabId, windowId: tabId === 7 ? 2 : 1 }) as never);
  vi.spyOn(fakeBrowser.windows, 'get').mockImplementation((windowId: number) => Promise.resolve({ id: windowId, type: windowId === 2 ? 'popup' : 'normal' }) as never);
  for (const tab of [6, 7]) await noteShown(tab, ['m']);
});

it('says the panel cannot open in a pop-out window, though Chrome’s open resolved there', async () => {
  expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 7 })).toEqual({ opened: false, shortcut: null, popout: true });
});

it('still opens it for a tab of a normal window', async () => {
  expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: true, shortcut: null });
});
