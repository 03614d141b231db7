/**
 * A window the site drew into itself (Outlook's pop-out: about:blank, opened and filled by the
 * Outlook tab) shows whatever the site chose, not a layout Primer expects: it is never reported
 * as a layout not recognised (the toolbar's "!" on a pop-out that shows a message just fine).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
import type { SiteAdapter } from '@/lib/sites/types';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it.each([
  ['an about:blank window the site drew into', 'about:blank', true],
  ['the site’s own page', 'https://outlook.office.com/mail/inbox', false],
])('%s: recognised %s', (_what, href, recognised) => {
  vi.stubGlobal('location', new URL(href));
  const reports: PageStatusReport[] = [];
  const adapter = { site: 'outlook', recognise: () => false } as unknown as SiteAdapter;
  const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' }), (report) => reports.push(report));
  vi.advanceTimersByTime(SETTLE_MS);
  expect(reports).toEqual([{ site: 'outlook', recognised, people: 0, known: 0, views: [] }]);
  check.dispose();
});
