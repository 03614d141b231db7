import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelHandlers, forgetFocusOnNavigation, setPanelFocus } from '@/lib/background/handlers/panel';
import type { PanelFocus } from '@/lib/panel/context';
import { noteShown } from '@/lib/background/shown-contacts';
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
    // Maya was named to the page by its lookups.
    await noteShown(tabId, ['m']);
    await setPanelFocus(tabId, focus);
    await fakeBrowser.storage.session.set({ [`pageStatus:${tabId}`]: { recognised: true, site: 'gmail' } });
    // With the key its briefing's saved copy is kept under (saved-briefing.test.ts).
    expect(await getPanelTarget()).toEqual({ tabId, focus, page, status: { recognised: true }, savedKey: expect.stringMatching(/^[0-9a-z]+$/) });
    await clearPanelFocus(tabId);
    expect((await getPanelTarget()).focus).toBeNull();
  });

  it('takes from a page only the contacts its lookups were given: anyone else it names is looked up by address', async () => {
    // A page that took over its renderer names a contact id it was never given, to have the panel brief it.
    const forged = { ...page.surfaces[0]!.people[0]!, email: 'grace@example.com', match: { contact: { id: 'g', name: 'Grace', email: 'grace@example.com', company: null, title: null }, matchedBy: 'email' } };
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ ...page, surfaces: [{ ...page.surfaces[0]!, people: [...page.surfaces[0]!.people, forged] }] } as never);
    await noteShown(tabId, ['m']);
    const people = (await getPanelTarget()).page?.surfaces[0]?.people;
    expect(people?.map((person) => [person.email, person.match?.contact.id ?? null])).toEqual([
      ['maya@example.com', 'm'],
      ['grace@example.com', null],
    ]);
  });

  it('treats a page without Primer, or an unreadable answer, as no page', async () => {
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockRejectedValueOnce(new Error('Could not establish connection')).mockResolvedValueOnce({ nonsense: true } as never);
    expect((await getPanelTarget()).page).toBeNull();
    expect((await getPanelTarget()).page).toBeNull();
  });

  it('forgets what a page chose and reported once the tab shows no page with Primer in it (its leaving was not heard)', async () => {
    const stored = async () => Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => key.endsWith(`:${tabId}`));
    await setPanelFocus(tabId, focus);
    await fakeBrowser.storage.session.set({ [`pageStatus:${tabId}`]: { recognised: true, site: 'gmail' } });
    // The page is there: nothing is forgotten, also when its answer cannot be read.
    const sendMessage = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValueOnce(page as never).mockResolvedValueOnce({ nonsense: true } as never);
    await getPanelTarget({ skipPageWhenFocused: true });
    await getPanelTarget();
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(2));
    expect(await stored()).toHaveLength(2);
    // The tab went to a site Primer does not run on; while it loads, or unloaded by the browser
    // to save memory, it answers nothing either, and nothing is forgotten.
    const onChange = vi.fn();
    const stop = watchPanelTarget(onChange);
    sendMessage.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    const get = vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValueOnce({ id: tabId, status: 'loading' } as never).mockResolvedValueOnce({ id: tabId, status: 'complete', discarded: true } as never);
    await getPanelTarget();
    await getPanelTarget();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await stored()).toHaveLength(2);
    get.mockResolvedValue({ id: tabId, status: 'complete', discarded: false } as never);
    // The chosen person is still answered at once (the page is not waited for)…
    expect((await getPanelTarget({ skipPageWhenFocused: true })).focus).toEqual(focus);
    // …then forgotten, with the page's report, and the panel told to read again.
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(onChange).toHaveBeenCalled();
    stop();
    expect(await getPanelTarget()).toMatchObject({ focus: null, page: null, status: null });
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
  const sidePanel = () => (fakeBrowser as unknown as { sidePanel: { open: (o: object) => Promise<void> } }).sidePanel;
  beforeEach(async () => {
    vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue([{ name: 'open-briefing', shortcut: 'Alt+Shift+P' }] as never);
    // The pages these tests choose on were given Maya by their lookups.
    for (const tab of [5, 6, 8]) await noteShown(tab, ['m']);
  });

  it('takes from a page only the contacts its lookups were given', async () => {
    sidePanel().open = () => Promise.resolve();
    const grace = { contact: { id: 'g', name: 'Grace', email: 'grace@example.com', company: null, title: null }, matchedBy: 'email' as const };
    // A person the page was never given is not briefed from its choice…
    await expect(panelHandlers()['panel.focus']({ focus: { kind: 'person', match: grace } }, { sender: 'content', tabId: 5 })).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await fakeBrowser.storage.session.get('panelFocus:5'))['panelFocus:5']).toBeUndefined();
    // …and on a chosen meeting, is looked up by address.
    const meeting: PanelFocus = { kind: 'surface', surface: { ...page.surfaces[0]!, kind: 'thread', people: [{ email: 'maya@example.com', name: 'Maya', roles: ['to'], match: focus.match }, { email: 'grace@example.com', name: 'Grace', roles: ['cc'], match: grace }] } };
    await panelHandlers()['panel.focus']({ focus: meeting }, { sender: 'content', tabId: 5 });
    const stored = (await fakeBrowser.storage.session.get('panelFocus:5'))['panelFocus:5'] as PanelFocus;
    expect(stored.kind === 'surface' ? stored.surface.people.map((person) => person.match?.contact.id ?? null) : null).toEqual(['m', null]);
    // The panel's own choices (a search) are its own.
    await panelHandlers()['panel.focus']({ focus: { kind: 'person', match: grace } }, { sender: 'extension', tabId: 5 });
    expect((await fakeBrowser.storage.session.get('panelFocus:5'))['panelFocus:5']).toMatchObject({ match: grace });
  });

  it('remembers the focus for the sender’s tab and opens the panel', async () => {
    const open = vi.fn(() => Promise.resolve());
    sidePanel().open = open;
    const reply = await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 5 });
    expect(reply).toEqual({ opened: true, shortcut: null });
    expect(open).toHaveBeenCalledWith({ tabId: 5 });
    expect((await fakeBrowser.storage.session.get('panelFocus:5'))['panelFocus:5']).toEqual({ ...focus, chosenAt: expect.any(Number) });
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: null })).toEqual({ opened: false, shortcut: 'Alt+Shift+P' });
  });

  it('keeps the focus when the panel cannot open, says which keys open it, and forgets it when the tab navigates', async () => {
    sidePanel().open = () => Promise.reject(new Error('user gesture'));
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: false, shortcut: 'Alt+Shift+P' });
    expect((await fakeBrowser.storage.session.get('panelFocus:6'))['panelFocus:6']).toEqual({ ...focus, chosenAt: expect.any(Number) });
    forgetFocusOnNavigation();
    // A move within the site (Firefox tells each one): the page's views decide (page-status.ts).
    await fakeBrowser.tabs.onUpdated.trigger(6, { url: 'https://mail.google.com/mail/u/0/#inbox/abc?compose=new' }, {} as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await fakeBrowser.storage.session.get('panelFocus:6'))['panelFocus:6']).toEqual({ ...focus, chosenAt: expect.any(Number) });
    await fakeBrowser.tabs.onUpdated.trigger(6, { url: 'https://example.com/' }, {} as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await fakeBrowser.storage.session.get('panelFocus:6'))['panelFocus:6']).toBeUndefined();
  });

  it('counts Chrome’s side panel already open as opened, even when this click could not open it', async () => {
    sidePanel().open = () => Promise.reject(new Error('user gesture'));
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: 6, windowId: 2 } as never);
    vi.spyOn(fakeBrowser.windows, 'getAll').mockResolvedValue([{ id: 2, type: 'normal' }] as never);
    const runtime = fakeBrowser.runtime as unknown as { getContexts: (filter: object) => Promise<unknown[]> };
    const getContexts = vi.spyOn(runtime, 'getContexts').mockResolvedValue([{ contextType: 'SIDE_PANEL', windowId: -1 }]);
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: true, shortcut: null });
    getContexts.mockResolvedValue([]);
    expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 6 })).toEqual({ opened: false, shortcut: 'Alt+Shift+P' });
  });

  describe('in Firefox (sidebar, which a message cannot open)', () => {
    const firefox = (isOpen: boolean) => {
      const api = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction?: unknown };
      const saved = api.sidePanel;
      delete api.sidePanel;
      api.sidebarAction = { open: () => Promise.reject(new Error('sidebarAction.open may only be called from a user input handler')), isOpen: () => Promise.resolve(isOpen) };
      vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: 8, windowId: 2 } as never);
      return () => {
        api.sidePanel = saved;
        delete api.sidebarAction;
      };
    };

    it('says the panel did not open, with the shortcut, and keeps the focus for when it is opened', async () => {
      const restore = firefox(false);
      try {
        expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 8 })).toEqual({ opened: false, shortcut: 'Alt+Shift+P' });
        expect((await fakeBrowser.storage.session.get('panelFocus:8'))['panelFocus:8']).toEqual({ ...focus, chosenAt: expect.any(Number) });
      } finally {
        restore();
      }
    });

    it('counts a sidebar already open as opened: it shows the new focus', async () => {
      const restore = firefox(true);
      try {
        expect(await panelHandlers()['panel.focus']({ focus }, { sender: 'content', tabId: 8 })).toEqual({ opened: true, shortcut: null });
      } finally {
        restore();
      }
    });
  });
});
