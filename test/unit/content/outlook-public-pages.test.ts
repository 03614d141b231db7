/**
 * Pages on Outlook's hosts that are not Outlook on the web's mail or calendar, opened by anyone
 * (often by people with no Microsoft account at all) from a link on a website or in an e-mail:
 * - Microsoft Bookings' public booking pages, `https://outlook.office365.com/owa/calendar/<business>@<domain>/bookings/`
 *   (many websites' "Book an appointment" links) and
 *   `https://outlook.office365.com/book/<business>@<domain>/s/<token>`;
 * - "Bookings with me", `https://outlook.office.com/bookwithme/user/<id>@<domain>?anonymous&ep=plink`;
 * - a published calendar, `https://outlook.office365.com/owa/calendar/<id>@<domain>/<token>/calendar.html`.
 * None shows OWA's suite header, message list, app sections or reading pane. The Outlook adapter has
 * no `peopleless` at all (Calendar's treats the same kind of page, `/calendar/appointments/…`,
 * `/selfsched`, `/embed`, as listing no one), so once such a page settles, the toolbar badge says
 * "this page's layout is not recognised", a false alarm on a page Primer is not meant to read.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
import { calendarAdapter } from '@/lib/sites/calendar';
import { outlookAdapter } from '@/lib/sites/outlook';

const none = () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' });

const PUBLIC_PAGES = [
  '/owa/calendar/ContosoBookings@contoso.example/bookings/',
  '/owa/calendar/ContosoBookings@contoso.example/bookings/s/Eja_6BJgDEun7_yuG5NcCQ2',
  '/book/ContosoBookings@contoso.example/s/Eja_6BJgDEun7_yuG5NcCQ2',
  '/bookwithme/user/d7de4a87e4164eed9a6ab6612a0cbc1a@contoso.example?anonymous&ep=plink',
  '/owa/calendar/cf7d500ee50e4c7b876fb1845efe821d@contoso.example/22ed80c434a3478d9ba6316fbfed3513/calendar.html',
];

let before: string;
beforeEach(() => {
  vi.useFakeTimers();
  before = window.location.href;
  // A booking page: a business's services and a date picker (no OWA shell).
  document.body.innerHTML =
    '<div id="root"><h1>Contoso Consulting</h1><div role="list"><div role="listitem">Initial consultation · 30 minutes</div></div>' +
    '<div role="grid" aria-label="Select a date"></div><button type="button">Book</button></div>';
});
afterEach(() => {
  window.history.replaceState(null, '', before);
  document.body.innerHTML = '';
  vi.useRealTimers();
});

it('Calendar already keeps quiet on its public booking pages (the same kind of page)', () => {
  expect(calendarAdapter.peopleless!(new URL('https://calendar.google.com/calendar/appointments/schedules/AcZssZ1'))).toBe(true);
});

it('knows Outlook’s public booking and published-calendar pages list no one', () => {
  for (const path of PUBLIC_PAGES) expect(outlookAdapter.peopleless?.(new URL(`https://outlook.office365.com${path}`)) ?? false, path).toBe(true);
  // The mail and the calendar themselves are read as before.
  for (const path of ['/mail/inbox/id/AAQkAD', '/calendar/view/week', '/calendar/item/AAMkAG', '/mail/shared@contoso.example/inbox']) {
    expect(outlookAdapter.peopleless?.(new URL(`https://outlook.office.com${path}`)) ?? false, path).toBe(false);
  }
});

it('says nothing about the layout of a public booking page (no badge)', () => {
  for (const path of PUBLIC_PAGES) {
    window.history.replaceState(null, '', path);
    const reports: PageStatusReport[] = [];
    const check = startSelfCheck(outlookAdapter, none, (r) => reports.push(r));
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reports.map((r) => r.recognised), path).toEqual([true]);
    check.dispose();
  }
});
