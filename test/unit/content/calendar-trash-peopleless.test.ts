/**
 * Google Calendar's Trash (`/calendar/u/0/r/trash`) lists deleted events, or nothing at all when it
 * is empty: no event chip, no day column, no guest list. Once settled, an empty Trash read as a
 * layout Primer does not recognise: a "!" badge and "this page's layout is not recognised".
 */
import { expect, it } from 'vitest';
import { calendarAdapter } from '@/lib/sites/calendar';

it('keeps quiet on the Trash, as on Settings and Tasks', () => {
  for (const path of ['/calendar/u/0/r/trash', '/calendar/r/trash', '/calendar/u/1/r/settings', '/calendar/u/0/r/tasks']) {
    expect(calendarAdapter.peopleless!(new URL(`https://calendar.google.com${path}`)), path).toBe(true);
  }
  // The calendar's own views are checked as before.
  for (const path of ['/calendar/u/0/r/week', '/calendar/u/0/r/eventedit/abc', '/calendar/u/0/r/search?q=trash', '/calendar/u/0/r/day/2026/12/2']) {
    expect(calendarAdapter.peopleless!(new URL(`https://calendar.google.com${path}`)), path).toBe(false);
  }
});
