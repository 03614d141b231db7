import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
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
    const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, view: '' }), (r) => reports.push(r));
    check.afterScan();
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports).toEqual([{ site: 'gmail', recognised: false, people: 0, known: 0, view: '' }]);
    check.afterScan();
    expect(reports).toHaveLength(1);
    recognised = true;
    check.afterScan();
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 0, known: 0, view: '' });
    check.dispose();
  });

  it('reports what is in view only while a panel watches; a change of layout always, with the settled report', () => {
    let stats = { surfaces: 1, people: 3, known: 1, view: 'thread:A' };
    let watched = false;
    const check = startSelfCheck(adapter, () => stats, (r) => reports.push(r), { watched: () => watched });
    vi.advanceTimersByTime(SETTLE_MS);
    // The first report goes out whoever watches (a panel may have asked before this script listened).
    expect(reports).toEqual([{ site: 'gmail', recognised: false, people: 3, known: 1, view: 'thread:A' }]);
    stats = { surfaces: 1, people: 4, known: 2, view: 'thread:B' };
    check.afterScan();
    expect(reports).toHaveLength(1);
    recognised = true;
    check.afterScan();
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 4, known: 2, view: 'thread:B' });
    stats = { surfaces: 1, people: 5, known: 2, view: 'thread:B' };
    check.afterScan();
    expect(reports).toHaveLength(2);
    watched = true;
    check.afterScan();
    expect(reports).toHaveLength(3);
    expect(reports.at(-1)).toEqual({ site: 'gmail', recognised: true, people: 5, known: 2, view: 'thread:B' });
    check.afterScan();
    expect(reports).toHaveLength(3);
    check.dispose();
  });

  const none = () => ({ surfaces: 0, people: 0, known: 0, view: '' });

  it('reports no problem for a site switched off, and clears its report when the site is switched off later', () => {
    let active = false;
    const check = startSelfCheck(adapter, none, (r) => reports.push(r), { active: () => active });
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports.map((r) => r.recognised)).toEqual([true]);
    active = true;
    check.afterScan();
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
      startSelfCheck(quiet, none, (r) => reports.push(r));
      vi.advanceTimersByTime(SETTLE_MS);
      expect(reports.map((r) => r.recognised)).toEqual([true]);
      window.history.replaceState(null, '', '/mail/u/0/#inbox');
      startSelfCheck(quiet, none, (r) => reports.push(r));
      vi.advanceTimersByTime(SETTLE_MS);
      expect(reports.map((r) => r.recognised)).toEqual([true, false]);
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
    found = true;
    check.afterScan();
    expect(reports.map((r) => r.recognised)).toEqual([false, true]);
    // No open message (an empty inbox): no one expected.
    found = false;
    message = false;
    check.afterScan();
    expect(reports.map((r) => r.recognised)).toEqual([false, true]);
    check.dispose();
  });

  it('does nothing if disposed before the page settles', () => {
    const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, view: '' }), (r) => reports.push(r));
    check.dispose();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(reports).toEqual([]);
  });
});
