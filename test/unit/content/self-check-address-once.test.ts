/**
 * The self-check runs after every scan batch: what the address says (a settings page, a window the
 * site drew into) is worked out again only when the address changes, not once per batch.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
import type { SiteAdapter } from '@/lib/sites/types';

const start = location.href;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  history.replaceState(null, '', start);
});

it('reads the address once per address, however many batches come, and again when it changes', () => {
  const peopleless = vi.fn((where: URL) => where.hash === '#settings');
  const adapter = { site: 'gmail', recognise: () => false, peopleless } as unknown as SiteAdapter;
  const reports: PageStatusReport[] = [];
  const check = startSelfCheck(adapter, () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' }), (r) => reports.push(r));
  vi.advanceTimersByTime(SETTLE_MS);
  expect(reports.at(-1)?.recognised).toBe(false);
  for (let batch = 0; batch < 5; batch++) check.afterScan();
  expect(peopleless).toHaveBeenCalledTimes(1);

  // The user opens the settings (Gmail changes only the hash): read again, and a page with no one by design.
  history.replaceState(null, '', '#settings');
  check.afterScan();
  expect(peopleless).toHaveBeenCalledTimes(2);
  expect(reports.at(-1)?.recognised).toBe(true);
  for (let batch = 0; batch < 3; batch++) check.afterScan();
  expect(peopleless).toHaveBeenCalledTimes(2);

  // And back: not recognised again, since the address changed (no answer kept from before).
  history.replaceState(null, '', '#inbox');
  expect(check.recognised()).toBe(false);
  expect(peopleless).toHaveBeenCalledTimes(3);
  check.dispose();
});
