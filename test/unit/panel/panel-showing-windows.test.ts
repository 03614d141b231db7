import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelHandlers } from '@/lib/background/handlers/panel';
import { noteShown } from '@/lib/background/shown-contacts';
import type { PanelFocus } from '@/lib/panel/context';

const focus: PanelFocus = { kind: 'person', match: { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' } };

describe('panel.focus with Primer’s side panel open in another window (Chrome reports its window as -1)', () => {
  beforeEach(() => {
    vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue([{ name: 'open-briefing', shortcut: 'Alt+Shift+P' }] as never);
    // The card's tab is in window 2 (a Gmail pop-out or app window, where the side panel cannot open).
    (fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open: () => Promise.reject(new Error('No active side panel for this window')) };
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: 6, windowId: 2 } as never);
    vi.spyOn(fakeBrowser.windows, 'getAll').mockResolvedValue([
      { id: 1, type: 'normal' },
      { id: 2, type: 'popup' },
    ] as never);
    // The one Primer panel open is window 1's; Chrome gives SIDE_PANEL contexts windowId -1.
    const runtime = fakeBrowser.runtime as unknown as { getContexts: (filter: object) => Promise<unknown[]> };
    vi.spyOn(runtime, 'getContexts').mockResolvedValue([{ contextType: 'SIDE_PANEL', windowId: -1, tabId: -1 }]);
  });

  it('does not tell the card the panel opened: it says how to open it', async () => {
    // Maya was given to the card's page by its lookups.
    await noteShown(6, ['m']);
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: false, shortcut: 'Alt+Shift+P' });
  });
});
