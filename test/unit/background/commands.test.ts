import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleCommand, listenForCommands } from '@/lib/background/commands';

type Open = (options: { tabId?: number; windowId?: number }) => Promise<void>;
const sidePanel = () => (fakeBrowser as unknown as { sidePanel: { open: Open } }).sidePanel;

describe('keyboard command', () => {
  it('opens the briefing panel for the tab the command was given in, and starts on that tab’s briefing', async () => {
    const open = vi.fn<Open>(() => Promise.resolve());
    sidePanel().open = open;
    const headStart = vi.fn<(tabId: number) => void>();
    expect(await handleCommand('open-briefing', { id: 12, windowId: 3 }, headStart)).toBe(true);
    expect(open).toHaveBeenCalledWith({ tabId: 12 });
    expect(headStart).toHaveBeenCalledWith(12);
    // The panel is opened first: the command's user gesture must not wait for anything.
    expect(open.mock.invocationCallOrder[0]).toBeLessThan(headStart.mock.invocationCallOrder[0]!);
  });

  it('opens the window’s panel when there is no tab, and ignores other commands', async () => {
    const open = vi.fn<Open>(() => Promise.resolve());
    sidePanel().open = open;
    expect(await handleCommand('open-briefing', { windowId: 3 })).toBe(true);
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    // Chrome cannot open a panel "somewhere": nothing is tried.
    expect(await handleCommand('open-briefing')).toBe(false);
    expect(await handleCommand('something-else', { id: 12 })).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('is wired to the browser’s commands, and Alt+Shift+P is its default key', async () => {
    const open = vi.fn<Open>(() => Promise.resolve());
    sidePanel().open = open;
    let listener: ((command: string, tab?: { id?: number; windowId?: number }) => void) | undefined;
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation((callback) => {
      listener = callback as typeof listener;
    });
    const headStart = vi.fn<(tabId: number) => void>();
    listenForCommands(headStart);
    listener?.('open-briefing', { id: 4, windowId: 1 });
    expect(open).toHaveBeenCalledWith({ tabId: 4 });
    expect(headStart).toHaveBeenCalledWith(4);
    const { default: config } = await import('../../../wxt.config');
    const manifest = await (typeof config.manifest === 'function' ? config.manifest({ browser: 'chrome', manifestVersion: 3, mode: 'production', command: 'build' } as never) : config.manifest);
    expect(manifest?.commands?.['open-briefing']?.suggested_key).toEqual({ default: 'Alt+Shift+P' });
  });

  it('opens Firefox’s sidebar, which needs no tab', async () => {
    const api = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction?: { open: () => Promise<void> } };
    const saved = api.sidePanel;
    delete api.sidePanel;
    const open = vi.fn(() => Promise.resolve());
    api.sidebarAction = { open };
    try {
      expect(await handleCommand('open-briefing')).toBe(true);
      expect(open).toHaveBeenCalled();
    } finally {
      api.sidePanel = saved;
      delete api.sidebarAction;
    }
  });
});
