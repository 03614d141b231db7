/**
 * The reader's locale is worked out on first use, not as lib/format/dates.ts loads: the first
 * Intl.Locale and Intl.DateTimeFormat of a page load ICU's data (20-40 ms each on a slow machine),
 * which the hover card's bundle otherwise paid in the one task that evaluates all its code.
 */
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

it('loading the date formatting (and the card’s code that imports it) makes no Intl.Locale nor Intl.DateTimeFormat', async () => {
  vi.resetModules();
  const locale = vi.spyOn(Intl, 'Locale');
  const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
  const dates = await import('@/lib/format/dates');
  await import('@/lib/format/provenance');
  await import('@/lib/format/wait');
  expect({ locales: locale.mock.calls.length, dateFormats: dateFormat.mock.calls.length }).toEqual({ locales: 0, dateFormats: 0 });
  // Worked out when first asked for, once.
  expect(dates.uiLocale()).toBe(dates.uiLocale());
  expect(locale.mock.calls.length).toBeGreaterThan(0);
});
