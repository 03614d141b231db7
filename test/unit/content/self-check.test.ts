import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, SETTLE_MAX_MS, SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
import type { ScanStats } from '@/lib/content/scanner';
import type { SiteAdapter } from '@/lib/sites/types';

describe('startSelfCheck', () => {
  let recognised: boolean;
  let reports: PageStatusReport[];
  const adapter = { site: 'gmail', recognise: () => recognised } as unknown as SiteAdapter;

  beforeEach(() => {
    vi.useFakeTimers();
    recognised = false;
    reports = [];
  });
  afterEach(() => vi.useRealTimers());

  it('reports once the page has settled, again only when something changes', () => {
    const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' }), (r) => reports.push(r));
    check.afterScan();
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports).toEqual([{ site: 'gmail', recognised: false, people: 0, known: 0, views: [] }]);
    check.afterScan();
    expect(reports).toHaveLength(1);
    recognised = true;
    check.afterScan();
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 0, known: 0, views: [] });
    check.dispose();
  });

  it('reports what is in view only while a panel watches; a change of layout always, with the settled report', () => {
    let stats: ScanStats = { surfaces: 1, people: 3, known: 1, views: [{ kind: 'thread', title: 'A', when: null }], who: 'e:a@x' };
    let watched = false;
    const check = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => watched });
    vi.advanceTimersByTime(SETTLE_MS);
    // The first report goes out whoever watches (a panel may have asked before this script listened).
    expect(reports).toEqual([{ site: 'gmail', recognised: false, people: 3, known: 1, views: [{ kind: 'thread', title: 'A', when: null }] }]);
    stats = { surfaces: 1, people: 4, known: 2, views: [{ kind: 'thread', title: 'B', when: null }], who: 'e:a@x' };
    check.afterScan();
    expect(reports).toHaveLength(1);
    recognised = true;
    check.afterScan();
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 4, known: 2, views: [{ kind: 'thread', title: 'B', when: null }] });
    stats = { surfaces: 1, people: 5, known: 2, views: [{ kind: 'thread', title: 'B', when: null }], who: 'e:a@x' };
    check.afterScan();
    expect(reports).toHaveLength(2);
    watched = true;
    check.afterScan();
    expect(reports).toHaveLength(3);
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 5, known: 2, views: [{ kind: 'thread', title: 'B', when: null }] });
    check.afterScan();
    expect(reports).toHaveLength(3);
    check.dispose();
  });

  it('tells a panel that starts watching of a view it comes back to, though that view was the last one reported', () => {
    recognised = true;
    const eventB: ScanStats = { surfaces: 1, people: 3, known: 2, views: [{ kind: 'event', title: 'B', when: 'Tue 10:00' }], who: 'e:b1,e:b2,e:b3' };
    const eventA: ScanStats = { surfaces: 1, people: 2, known: 1, views: [{ kind: 'event', title: 'A', when: 'Mon 9:00' }], who: 'e:a1,e:a2' };
    let stats = eventB;
    let watched = false;
    const check = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => watched });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports.map((r) => r.views[0]?.title)).toEqual(['B']);
    // Event A opened with no panel watching: not said.
    stats = eventA;
    check.afterScan();
    expect(reports).toHaveLength(1);
    // The panel opens (it reads A from the page itself), then the user goes back to B.
    watched = true;
    stats = eventB;
    check.afterScan();
    expect(reports.map((r) => r.views[0]?.title)).toEqual(['B', 'B']);
    check.dispose();
  });

  it('tells a watching panel that one person was replaced by another, though no count changed', () => {
    recognised = true;
    let stats: ScanStats = { surfaces: 1, people: 1, known: 1, views: [{ kind: 'compose', title: 'Hello', when: null }], who: 'e:bob@x.com' };
    const check = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => true });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports).toHaveLength(1);
    stats = { ...stats, who: 'e:carol@x.com' };
    check.afterScan();
    expect(reports).toHaveLength(2);
    check.afterScan();
    expect(reports).toHaveLength(2);
    check.dispose();
  });

  const none = () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' });

  it('reports no problem for a site switched off, and clears its report when the site is switched off later', () => {
    let active = false;
    const check = startSelfCheck(adapter, none, (r) => reports.push(r), { active: () => active });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports.map((r) => r.recognised)).toEqual([true]);
    active = true;
    check.afterScan();
    // Said once the page has been quiet a while (a view drawn in steps is not judged half-drawn).
    expect(reports.map((r) => r.recognised)).toEqual([true]);
    vi.advanceTimersByTime(QUIET_MS);
    expect(reports.map((r) => r.recognised)).toEqual([true, false]);
    expect(check.waitingForLayout()).toBe(true);
    active = false;
    check.afterScan();
    expect(reports.map((r) => r.recognised)).toEqual([true, false, true]);
    expect(check.waitingForLayout()).toBe(false);
    check.dispose();
  });

  it('stays quiet on the site’s pages that list no one (settings)', () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/mail/u/0/#settings/general');
    try {
      const quiet = { ...adapter, peopleless: (where: URL) => where.hash.startsWith('#settings') } as SiteAdapter;
      const settings = startSelfCheck(quiet, none, (r) => reports.push(r));
      vi.advanceTimersByTime(SETTLE_MS);
      expect(reports.map((r) => r.recognised)).toEqual([true]);
      // What the panel is told too (page-context.ts): the same answer as the badge's.
      expect(settings.recognised()).toBe(true);
      window.history.replaceState(null, '', '/mail/u/0/#inbox');
      const inbox = startSelfCheck(quiet, none, (r) => reports.push(r));
      expect(inbox.recognised()).toBe(true);
      vi.advanceTimersByTime(SETTLE_MS);
      expect(reports.map((r) => r.recognised)).toEqual([true, false]);
      expect(inbox.recognised()).toBe(false);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('reports a recognised frame as not recognised when a view that always shows people gave no one', () => {
    recognised = true;
    let found = false;
    let message = true;
    const reader = { ...adapter, expectsPeople: () => message } as SiteAdapter;
    const check = startSelfCheck(reader, none, (r) => reports.push(r), { foundAnyone: () => found });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports.map((r) => r.recognised)).toEqual([false]);
    expect(check.recognised()).toBe(false);
    found = true;
    check.afterScan();
    expect(reports.map((r) => r.recognised)).toEqual([false, true]);
    expect(check.recognised()).toBe(true);
    // No open message (an empty inbox): no one expected.
    found = false;
    message = false;
    check.afterScan();
    expect(reports.map((r) => r.recognised)).toEqual([false, true]);
    check.dispose();
  });

  it('waits for a page still building behind a loader: checked once it has been quiet, not at a fixed time', () => {
    const check = startSelfCheck(adapter, none, (r) => reports.push(r), { watched: () => false });
    // A loader changes the page every half second; the app renders at 7 s.
    for (let at = 0; at < 7000; at += 500) {
      check.pageChanged();
      vi.advanceTimersByTime(500);
    }
    recognised = true;
    check.pageChanged();
    check.afterScan();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports.map((r) => r.recognised)).toEqual([true]);
    check.dispose();
  });

  it('tells a watching panel what a scan found before the page has settled, but never that its layout is not recognised until then', () => {
    let stats: ScanStats = { surfaces: 0, people: 0, known: 0, views: [], who: '' };
    const check = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => true });
    recognised = false;
    check.afterScan();
    vi.advanceTimersByTime(300);
    expect(reports).toEqual([]);
    recognised = true;
    stats = { surfaces: 1, people: 3, known: 1, views: [{ kind: 'thread', title: 'A', when: null }], who: 'e:a@x' };
    check.afterScan();
    expect(reports).toEqual([{ site: adapter.site, recognised: true, people: 3, known: 1, views: [{ kind: 'thread', title: 'A', when: null }] }]);
    // Not settled yet: the layout counts as recognised, whatever the adapter says now.
    recognised = false;
    expect(check.recognised()).toBe(true);
    recognised = true;
    // Without a panel, nothing before the page has settled.
    const quiet = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => false });
    quiet.afterScan();
    expect(reports).toHaveLength(1);
    check.dispose();
    quiet.dispose();
  });

  it('checks a quiet page at the earliest time, one changed just before it once quiet', () => {
    startSelfCheck(adapter, none, (r) => reports.push(r));
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports).toHaveLength(1);
    const late = startSelfCheck(adapter, none, (r) => reports.push(r));
    vi.advanceTimersByTime(SETTLE_MS - 500);
    late.pageChanged();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(reports).toHaveLength(2);
  });

  it('checks a page that never goes quiet at the latest time, then runs no timer however busy the page', () => {
    const check = startSelfCheck(adapter, none, (r) => reports.push(r));
    for (let at = 0; at < SETTLE_MAX_MS - 100; at += 100) {
      check.pageChanged();
      vi.advanceTimersByTime(100);
    }
    check.pageChanged();
    vi.advanceTimersByTime(99);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports.map((r) => r.recognised)).toEqual([false]);
    expect(vi.getTimerCount()).toBe(0);
    check.pageChanged();
    expect(vi.getTimerCount()).toBe(0);
    check.dispose();
  });

  it('does nothing if disposed before the page settles', () => {
    const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' }), (r) => reports.push(r));
    check.dispose();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(reports).toEqual([]);
  });
});
