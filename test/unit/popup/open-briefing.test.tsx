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

  it('says what to do when the panel cannot be opened', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView() });
    (fakeBrowser as unknown as { sidePanel: { open: () => Promise<void> } }).sidePanel = { open: () => Promise.reject(new Error('user gesture')) };
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 9 } as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await user.click(screen.getByRole('button', { name: 'Open briefing' }));
    expect(await screen.findByText('The briefing panel could not be opened from here. Press Alt+Shift+P on the page instead.')).toHaveAttribute('role', 'alert');
    expect(close).not.toHaveBeenCalled();
  });
});
