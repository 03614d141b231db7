/**
 * The meeting's date as a non-English Google Calendar / Outlook writes it, read for the upload
 * form (draftFromTarget → parseWhen). A date that cannot be read must come out null (the form then
 * says so); a wrong date read as sure is what must never happen: a clock's hour is never the day
 * ("octubre 14:00"), Catalan's elided "d’" is read, a month name two languages give different
 * months is read only in the browser's own language, and a long word is no English month for its
 * first three letters. The strings are what CLDR (Intl.DateTimeFormat, which Google's Closure and
 * Outlook's formats follow) writes for each language.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseWhen } from '@/lib/upload/draft';

const NOW = new Date(2025, 9, 1);
const local = (iso: string | null) => (iso === null ? null : new Date(iso).toString().slice(0, 21));
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m, d, h, min).toString().slice(0, 21);

describe('a date in another language is read right, or not at all', () => {
  it.each([
    // Catalan elides "de" before a vowel: "20 d’octubre". The hour of the time after it is read as the day.
    ['Catalan, Calendar popup', 'dilluns, 20 d’octubre⋅14:00 – 15:00', 9, 20],
    ['Catalan, Calendar popup', 'diumenge, 20 d’abril⋅10:00 – 10:30', 3, 20],
    // Croatian "listopad" is October; Polish "listopad" (in MONTH_LANGUAGES) is November.
    ['Croatian, Calendar popup', 'ponedjeljak, 20. listopada⋅10:00 – 10:30', 9, 20],
    // Finnish November, "marraskuu", begins as "mar"ch does.
    ['Finnish, Calendar popup', 'torstai 27. marraskuuta⋅10.00–10.30', 10, 27],
  ])('%s: %j', (_, when, month, day) => {
    const read = parseWhen(when, NOW);
    if (read !== null) expect(local(read)).toBe(at(2025, month, day, new Date(read).getHours(), new Date(read).getMinutes()));
  });
});

describe('a month name two languages disagree on', () => {
  it('is read in the browser’s own language: a Polish browser’s "listopada" is November', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pl-PL', 'pl']);
    // The month names are read once per module: a fresh one, for this browser.
    vi.resetModules();
    const fresh = await import('@/lib/upload/draft');
    expect(local(fresh.parseWhen('wtorek, 18 listopada 2025 10:00', NOW))).toBe(at(2025, 10, 18, 10, 0));
    expect(local(fresh.parseWhen('wt., 18 lis 2025 10:00', NOW))).toBe(at(2025, 10, 18, 10, 0));
  });
});
