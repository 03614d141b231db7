import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pageStatusHandlers, readPageStatus } from '@/lib/background/handlers/page-status';
import type { PanelFocus } from '@/lib/panel/context';
import type { PageView } from '@/lib/panel/view';
import { focusKey, statusKey } from '@/lib/storage/session-keys';

describe('page.status', () => {
  const handle = pageStatusHandlers()['page.status'];

  it('badges a tab whose layout is not recognised, and clears it once recognised', async () => {
    expect(await handle({ page: 'p1', site: 'gmail', recognised: false, people: 0, known: 0, views: [] }, { sender: 'content', tabId: 7 })).toEqual({ recorded: true });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe('!');
    expect(await readPageStatus(7)).toMatchObject({ page: 'p1', site: 'gmail', recognised: false });
    await handle({ page: 'p1', site: 'gmail', recognised: true, people: 4, known: 2, views: [{ kind: 'thread', title: 'Hi', when: null }] }, { sender: 'content', tabId: 7 });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe('');
    expect(await readPageStatus(7)).toMatchObject({ recognised: true, people: 4, known: 2 });
    expect(await readPageStatus(8)).toBeNull();
  });

  it('records nothing without a tab', async () => {
    expect(await handle({ page: 'p1', site: 'outlook', recognised: false, people: 0, known: 0, views: [] }, { sender: 'content', tabId: null })).toEqual({ recorded: false });
  });

  describe('a person chosen on a card', () => {
    const eventA: PageView = { kind: 'event', title: 'Q3 roadmap review', when: 'Tuesday, 19 May · 10:00 – 11:00' };
    const maya = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }, matchedBy: 'email' } as const;
    const choose = (focus: PanelFocus) => fakeBrowser.storage.session.set({ [focusKey(3)]: focus });
    const chosen = async () => (await fakeBrowser.storage.session.get(focusKey(3)))[focusKey(3)] ?? null;
    const report = (views: PageView[]) => handle({ page: 'p1', site: 'google-calendar', recognised: true, people: 6, known: 4, views }, { sender: 'content', tabId: 3 });

    it('is forgotten once the page shows another event (Calendar reuses its popup, at the same address)', async () => {
      await choose({ kind: 'person', match: maya, from: eventA });
      await report([eventA]);
      expect(await chosen()).not.toBeNull();
      await report([{ kind: 'event', title: 'Vendor sync', when: 'Wednesday, 20 May · 14:00 – 14:30' }]);
      expect(await chosen()).toBeNull();
    });

    it('stays while nothing is in view (the popup closed), and while its event is still shown', async () => {
      await choose({ kind: 'person', match: maya, from: eventA });
      await report([]);
      // An inline reply or a second surface beside it: its view is still there.
      await report([{ kind: 'compose', title: 'Re: roadmap', when: null }, eventA]);
      expect(await chosen()).toEqual({ kind: 'person', match: maya, from: eventA });
    });

    it('stays when the event’s own page shows the time written otherwise than its popup did', async () => {
      const popup: PageView = { kind: 'event', title: 'Renewal sync', when: 'Thursday, May 21, 2026⋅2:00 – 3:00pm' };
      await choose({ kind: 'person', match: maya, from: popup });
      await report([{ ...popup, when: 'Thursday, May 21, 2026 2:00pm – 3:00pm' }]);
      expect(await chosen()).toEqual({ kind: 'person', match: maya, from: popup });
      // Another day with that title is another event.
      await report([{ ...popup, when: 'Thursday, May 28, 2026 2:00pm – 3:00pm' }]);
      expect(await chosen()).toBeNull();
    });

    it('is forgotten for an event of that title later the same day, though its time is written in a way not read (14.30)', async () => {
      const morning: PageView = { kind: 'event', title: 'Interview', when: 'tiistai 19.5.2026 klo 10.00–10.45' };
      await choose({ kind: 'person', match: maya, from: morning });
      await report([{ ...morning, when: 'tiistai 19.5.2026 klo 14.30–15.15' }]);
      expect(await chosen()).toBeNull();
    });

    it('is forgotten for another event with the same title (a weekly interview, another candidate) or at the same time (a double booking)', async () => {
      const interview: PageView = { kind: 'event', title: 'Interview', when: 'Tuesday, 19 May · 10:00 – 11:00' };
      await choose({ kind: 'person', match: maya, from: interview });
      await report([{ ...interview, when: 'Wednesday, 20 May · 10:00 – 11:00' }]);
      expect(await chosen()).toBeNull();
      await choose({ kind: 'person', match: maya, from: interview });
      await report([{ ...interview, title: 'Vendor sync' }]);
      expect(await chosen()).toBeNull();
    });

    it('stays while the message it was chosen in is being written: its subject typed, a recipient added', async () => {
      const compose: PageView = { kind: 'compose', title: null, when: null };
      await choose({ kind: 'person', match: maya, from: compose });
      await report([{ ...compose, title: 'Q3 budget' }]);
      await report([{ ...compose, title: 'Q3 budget, revised' }]);
      expect(await chosen()).toEqual({ kind: 'person', match: maya, from: compose });
      // Gone once the page shows no message being written, but something else.
      await report([{ kind: 'thread', title: 'Q3 budget', when: null }]);
      expect(await chosen()).toBeNull();
    });

    it('stays when it says nothing of where it was chosen (the panel’s own search, the toolbar)', async () => {
      await choose({ kind: 'person', match: maya });
      await report([{ kind: 'thread', title: 'Something else', when: null }]);
      expect(await chosen()).toEqual({ kind: 'person', match: maya });
    });
  });
});

describe('page.left', () => {
  const handlers = pageStatusHandlers();
  const maya = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }, matchedBy: 'email' } as const;
  // The tab's entries that hold something (the fake browser lists missing ones as undefined).
  const stored = async (tabId: number) =>
    Object.entries(await fakeBrowser.storage.session.get([statusKey(tabId), focusKey(tabId)]))
      .flatMap(([key, value]) => (value === undefined ? [] : [key]))
      .sort();
  const report = (tabId: number, page = 'p1') => handlers['page.status']({ page, site: 'gmail', recognised: true, people: 2, known: 1, views: [{ kind: 'thread', title: 'Hi', when: null }] }, { sender: 'content', tabId });

  it('forgets what the page reported and the person chosen on it once the tab leaves it (Chrome shows no address of these sites)', async () => {
    await report(14);
    await fakeBrowser.storage.session.set({ [focusKey(14)]: { kind: 'person', match: maya, chosenAt: Date.now() } });
    await report(15);
    expect(await handlers['page.left']({ page: 'p1', at: Date.now() + 1 }, { sender: 'content', tabId: 14 })).toEqual({ forgotten: true });
    expect(await stored(14)).toEqual([]);
    expect(await readPageStatus(14)).toBeNull();
    // Another tab's page is its own.
    expect(await stored(15)).toEqual([statusKey(15)]);
  });

  it('keeps what a page loaded since then reported, and a choice made on it, though the old page’s word comes last', async () => {
    const left = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await report(16, 'p2');
    await fakeBrowser.storage.session.set({ [focusKey(16)]: { kind: 'person', match: maya, chosenAt: Date.now() } });
    expect(await handlers['page.left']({ page: 'p1', at: left }, { sender: 'content', tabId: 16 })).toEqual({ forgotten: false });
    expect(await stored(16)).toEqual([focusKey(16), statusKey(16)].sort());
  });

  it('forgets the page’s own report though it arrived after the page left (a background slow to wake)', async () => {
    const left = Date.now() - 1000;
    await report(18, 'p1');
    expect(await handlers['page.left']({ page: 'p1', at: left }, { sender: 'content', tabId: 18 })).toEqual({ forgotten: true });
    expect(await stored(18)).toEqual([]);
  });

  it('does not remove a report made while it was reading: the tab’s records are written in turn', async () => {
    await report(19, 'p1');
    // The page shown again from the back/forward cache reports while the one it replaced says it left.
    const [left] = await Promise.all([handlers['page.left']({ page: 'p1', at: Date.now() }, { sender: 'content', tabId: 19 }), report(19, 'p2')]);
    expect(left).toEqual({ forgotten: true });
    expect(await readPageStatus(19)).toMatchObject({ page: 'p2' });
  });

  it('forgets a choice that says not when it was made, and nothing without a tab', async () => {
    await fakeBrowser.storage.session.set({ [focusKey(17)]: { kind: 'person', match: maya } });
    expect(await handlers['page.left']({ page: 'p1', at: Date.now() }, { sender: 'content', tabId: null })).toEqual({ forgotten: false });
    expect(await stored(17)).toEqual([focusKey(17)]);
    expect(await handlers['page.left']({ page: 'p1', at: Date.now() }, { sender: 'content', tabId: 17 })).toEqual({ forgotten: true });
    expect(await stored(17)).toEqual([]);
  });
});
