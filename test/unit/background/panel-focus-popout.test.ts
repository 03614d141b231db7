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
import { focusKey } from '@/lib/storage/session-keys';

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

it('stores no choice for a pop-out’s tab, nor starts the briefing’s calls: no panel there will ever read them', async () => {
  const headStart = { focus: vi.fn(), tab: vi.fn() };
  await panelHandlers(headStart)['panel.focus']({ focus }, { sender: 'content', tabId: 7 });
  expect(await fakeBrowser.storage.session.get(focusKey(7))).toEqual({});
  expect(headStart.focus).not.toHaveBeenCalled();
  // A person the pop-out never showed is still refused there.
  await expect(panelHandlers(headStart)['panel.focus']({ focus: { ...focus, match: { ...focus.match, contact: { ...focus.match.contact, id: 'x' } } } }, { sender: 'content', tabId: 7 })).rejects.toMatchObject({ kind: 'forbidden' });
});

it('stores the choice for a tab of a normal window, and starts its calls', async () => {
  const headStart = { focus: vi.fn(), tab: vi.fn() };
  await panelHandlers(headStart)['panel.focus']({ focus }, { sender: 'content', tabId: 6 });
  expect(await fakeBrowser.storage.session.get(focusKey(6))).toEqual({ [focusKey(6)]: expect.objectContaining({ kind: 'person' }) });
  expect(headStart.focus).toHaveBeenCalledOnce();
});
