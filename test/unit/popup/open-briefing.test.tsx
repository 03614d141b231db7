/** The popup's "Open briefing" when clicked before the popup knows its window, and when it cannot open. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('PopupApp: Open briefing', () => {
  it('still opens the panel when clicked before the window is known', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView() });
    // Chrome refuses to open a side panel without a window or tab.
    const open = vi.fn((options: { windowId?: number; tabId?: number }) =>
      options.windowId === undefined && options.tabId === undefined ? Promise.reject(new Error('No active side panel for windowId')) : Promise.resolve(),
    );
    (fakeBrowser as unknown as { sidePanel: { open: typeof open } }).sidePanel = { open };
    let answer!: (window: { id: number }) => void;
    const pending = new Promise<{ id: number }>((resolve) => (answer = resolve));
    // The first ask (on render) has not answered yet when the user clicks; the click asks again.
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockReturnValueOnce(pending as never).mockResolvedValue({ id: 9 } as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await user.click(screen.getByRole('button', { name: 'Open briefing' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith({ windowId: 9 });
    answer({ id: 9 });
  });

  it.each([
    ['the keys the user set', [{ name: 'open-briefing', shortcut: 'Ctrl+Shift+Y' }], 'The briefing panel could not be opened from here. Press Ctrl+Shift+Y on the page instead.'],
    [
      'where to set keys when none are',
      [{ name: 'open-briefing', shortcut: '' }],
      'The briefing panel could not be opened from here. Give Primer’s “Open the Primer briefing for this page” a key in the browser’s extension shortcuts, or open it from a person’s card on the page.',
    ],
  ])('says what to do when the panel cannot be opened: %s', async (_case, commands, text) => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView() });
    (fakeBrowser as unknown as { sidePanel: { open: () => Promise<void> } }).sidePanel = { open: () => Promise.reject(new Error('user gesture')) };
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 9 } as never);
    vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue(commands as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await user.click(screen.getByRole('button', { name: 'Open briefing' }));
    expect(await screen.findByText(text)).toHaveAttribute('role', 'alert');
    expect(close).not.toHaveBeenCalled();
  });

  it('opens Firefox’s sidebar in the click’s own task, before anything is awaited, and leaves the upload tab open', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView() });
    const api = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction?: unknown };
    const saved = api.sidePanel;
    delete api.sidePanel;
    let inClick = false;
    const opened: boolean[] = [];
    api.sidebarAction = { open: () => (opened.push(inClick), Promise.resolve()) };
    // The window is not known yet: Firefox needs none, and no wait comes before the open.
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockReturnValue(new Promise(() => undefined) as never);
    // The form is in a tab (Firefox chooses files there; its address names the page): it stays open.
    window.history.replaceState(null, '', '/popup.html?tab=4');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const after = () => (inClick = false);
    try {
      render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
      const button = screen.getByRole('button', { name: 'Open briefing' });
      // The click's task: from its first listener to its last (React's own runs on the root, between).
      button.addEventListener('click', () => (inClick = true), { capture: true });
      window.addEventListener('click', after);
      await user.click(button);
      expect(opened).toEqual([true]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(close).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('click', after);
      window.history.replaceState(null, '', '/');
      api.sidePanel = saved;
      delete api.sidebarAction;
    }
  });
});
