import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelHandlers, forgetFocusOnNavigation, setPanelFocus } from '@/lib/background/handlers/panel';
import type { PanelFocus } from '@/lib/panel/context';
import { clearPanelFocus, getPanelTarget, watchPanelTarget } from '@/lib/panel/target';

const focus: PanelFocus = { kind: 'person', match: { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' } };
const page = { site: 'gmail', recognised: true, surfaces: [{ kind: 'thread', title: 'Hi', when: null, people: [{ email: 'maya@example.com', name: 'Maya', roles: ['to'], match: focus.match }] }] };

describe('panel target', () => {
  let tabId: number;

  beforeEach(() => {
    tabId = 3;
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: tabId }] as never);
  });

  it('combines the active tab’s focus, page context and status', async () => {
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(page as never);
    await setPanelFocus(tabId, focus);
    await fakeBrowser.storage.session.set({ [`pageStatus:${tabId}`]: { recognised: true, site: 'gmail' } });
    expect(await getPanelTarget()).toEqual({ tabId, focus, page, status: { recognised: true } });
    await clearPanelFocus(tabId);
    expect((await getPanelTarget()).focus).toBeNull();
  });

  it('treats a page without Primer, or an unreadable answer, as no page', async () => {
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockRejectedValueOnce(new Error('Could not establish connection')).mockResolvedValueOnce({ nonsense: true } as never);
    expect((await getPanelTarget()).page).toBeNull();
    expect((await getPanelTarget()).page).toBeNull();
  });

  it('calls back when the focus or the page status changes, until unsubscribed', async () => {
    const onChange = vi.fn();
    const stop = watchPanelTarget(onChange);
    await setPanelFocus(tabId, focus);
    await fakeBrowser.storage.session.set({ [`pageStatus:${tabId}`]: { recognised: false } });
    await fakeBrowser.storage.session.set({ unrelated: 1 });
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
    await setPanelFocus(tabId, focus);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('panel.focus', () => {
  it('remembers the focus for the sender’s tab and opens the panel', async () => {
    const open = vi.fn(() => Promise.resolve());
    (fakeBrowser as unknown as { sidePanel: { open: typeof open } }).sidePanel.open = open;
    const reply = await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 5 });
    expect(reply).toEqual({ opened: true });
    expect(open).toHaveBeenCalledWith({ tabId: 5 });
    expect((await fakeBrowser.storage.session.get('panelFocus:5'))['panelFocus:5']).toEqual(focus);
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: null })).toEqual({ opened: false });
  });

  it('keeps the focus when the panel cannot open, and forgets it when the tab navigates', async () => {
    (fakeBrowser as unknown as { sidePanel: { open: () => Promise<void> } }).sidePanel.open = () => Promise.reject(new Error('user gesture'));
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: false });
    forgetFocusOnNavigation();
    await fakeBrowser.tabs.onUpdated.trigger(6, { url: 'https://mail.google.com/other' }, {} as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await fakeBrowser.storage.session.get('panelFocus:6'))['panelFocus:6']).toBeUndefined();
  });
});
