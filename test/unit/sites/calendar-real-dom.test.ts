/**
 * Calendar adapter against markup as Calendar really renders it (public captures, cited where
 * used). Each test failed on the adapter before its fix.
 */
import { describe, expect, it } from 'vitest';
import { calendarAdapter } from '@/lib/sites/calendar';
import { parseWhen } from '@/lib/upload/draft';
import { fixtureHtml, parse, readAll } from './fixtures';

/**
 * The popup's first row: the event's colour swatch, then `#xDetDlgWhen` holding the title heading
 * with the date and time under it (and a recurrence line, if any). Sources:
 * - live capture in a developer log found by `find_string xDetDlgWhen` (id 70353746111):
 *   `div.nBzcnc.OjZ2cc… > div.zZj8Pb.EaVNbc (swatch) + div.toUqff#xDetDlgWhen > div.JEx5le.bgOWSb > div.UfeRlc …`;
 * - a Calendar extension's title lookup `#rAECCd`, else `#xDetDlgWhen [role=heading]` (id 10666861438);
 * - a live-run assistant reading `#xDetDlgWhen`'s lines `.filter(s => s && s !== title)` (id 70443693448);
 * - Miter's `StaticPopupHeadingInner: '#xDetDlgWhen'` (id 42081378138); Clockify's time
 *   `#xDetDlgWhen .AzuXid.O2VjS.CyPPBf` (id 37845053850); Reckon: "the title #rAECCd, with the
 *   time right under it" (id 70074109815, checked against live Calendar).
 */
const titleRow = (title: string, time: string, repeats: string) =>
  `<div class="nBzcnc OjZ2cc OcVpRe Q7NH3 N1DhNb"><div aria-hidden="true" class="zZj8Pb EaVNbc"><div class="xnWuge" style="background-color: rgb(3, 155, 229);"></div></div><div class="toUqff " id="xDetDlgWhen"><div class="JEx5le bgOWSb"><div class="UfeRlc"><span id="rAECCd" role="heading" aria-level="1">${title}</span></div><div class="AzuXid O2VjS CyPPBf"><span>Tuesday, May 19, 2026</span><span><span aria-hidden="true">⋅</span>${time}</span></div>${repeats}</div></div></div>`;

/** `repeats`: the recurrence line, the next line of `#xDetDlgWhen` (the assistant above reads `whenLines[1]` as "recurrence"). */
function popupWithRealTitleRow(title: string, time = '10:00 – 10:45am', repeats = ''): Document {
  const html = fixtureHtml('calendar/event-popup.html');
  const start = html.indexOf('<div class="nBzcnc OcVpRe N1DhNb">');
  const end = html.indexOf('<div class="nBzcnc OcVpRe"><a class="xDetDlgVideo"');
  expect(start).toBeGreaterThan(0);
  return parse(html.slice(0, start) + titleRow(title, time, repeats) + html.slice(end));
}

describe('calendar adapter: real popup title row', () => {
  it('reads the time without the title Calendar puts in the same block', () => {
    const [surface] = readAll(calendarAdapter, popupWithRealTitleRow('Q3 roadmap review'));
    expect(surface!.context).toEqual({ title: 'Q3 roadmap review', when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' });
  });

  it('a date in the title does not become the meeting’s date (upload draft)', () => {
    const [surface] = readAll(calendarAdapter, popupWithRealTitleRow('Retro for the May 5 launch'));
    const iso = parseWhen(surface!.context.when, new Date(2026, 0, 1));
    expect(iso).toBe(new Date(2026, 4, 19, 10, 0).toISOString());
  });

  it('keeps a recurring event’s time apart from its recurrence line (2:45pm, not 2:45 + "pmWeekly")', () => {
    const [surface] = readAll(calendarAdapter, popupWithRealTitleRow('1:1 Maya / Primer', '2:00 – 2:45pm', '<div class="DN1TJ">Weekly on Tuesday</div>'));
    expect(surface!.context.when).toBe('Tuesday, May 19, 2026⋅2:00 – 2:45pm Weekly on Tuesday');
    expect(parseWhen(surface!.context.when, new Date(2026, 0, 1))).toBe(new Date(2026, 4, 19, 14, 0).toISOString());
  });
});
