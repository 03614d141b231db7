/**
 * Gmail clips a long message ("[Message clipped]  View entire message"); the link opens the whole
 * message in a tab of its own at `/mail/u/<n>?ui=2&ik=…&view=lg&permmsgid=msg-f:…`. That page is
 * plain HTML, like "Print all" (`view=pt`) and "Show original" (`view=om`): `div.bodycontainer` >
 * `div.maincontent` > `table.message`, no Gmail app around it (a saved copy of one: "saved from
 * url=(0092)https://mail.google.com/mail/u/6?ik=…&view=lg&permmsgid=msg-f%3A…"; the same URL
 * shape in several public Gmail scripts' tests). None of the adapter's
 * anchors is there, and the page is not among the plain pages `peopleless` knows: once it settles
 * the badge and the panel say "this page's layout is not recognised" for a page Gmail always draws
 * this way, every time a user reads a clipped newsletter in full.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SETTLE_MS, startSelfCheck, type PageStatusReport } from '@/lib/content/self-check';
import { gmailAdapter } from '@/lib/sites/gmail';

const none = () => ({ surfaces: 0, people: 0, known: 0, views: [], who: '' });
const FULL_MESSAGE = '/mail/u/0?ui=2&ik=1a2b3c4d5e&view=lg&permmsgid=msg-f:1800010000000000001';

let before: string;
beforeEach(() => {
  vi.useFakeTimers();
  before = window.location.href;
  document.title = 'Order Update';
  // The page as Gmail serves it (structure of the saved copy; the message's own markup shortened).
  document.body.innerHTML =
    '<div class="bodycontainer"><div class="maincontent"><table width="100%" cellpadding="0" cellspacing="0" border="0" class="message"><tbody><tr><td colspan="2">' +
    '<table width="100%" cellpadding="12" cellspacing="0" border="0"><tbody><tr><td><div style="overflow: hidden;"><font size="-1">' +
    '<p>This is your receipt.</p><p>Total charged: $12.00</p>' +
    '</font></div></td></tr></tbody></table></td></tr></tbody></table></div></div>';
});
afterEach(() => {
  window.history.replaceState(null, '', before);
  document.body.innerHTML = '';
  vi.useRealTimers();
});

it('knows "View entire message" (view=lg) is a plain page, like view=pt and view=om', () => {
  expect(gmailAdapter.peopleless!(new URL(`https://mail.google.com${FULL_MESSAGE}`))).toBe(true);
  expect(gmailAdapter.peopleless!(new URL('https://mail.google.com/mail/u/2/?ui=2&view=lg&permmsgid=msg-f:9'))).toBe(true);
});

it('reports no layout problem on the full message page (no badge, no panel note)', () => {
  window.history.replaceState(null, '', FULL_MESSAGE);
  const reports: PageStatusReport[] = [];
  const check = startSelfCheck(gmailAdapter, none, (r) => reports.push(r));
  vi.advanceTimersByTime(SETTLE_MS);
  expect(reports.map((r) => r.recognised)).toEqual([true]);
  expect(check.recognised()).toBe(true);
  check.dispose();
});
