/** Dates as people read them in a briefing: "3 days ago" next to "12 Nov 2026". */
import { DATE_WORD } from './date-words';

/**
 * The locale dates are written in: English, as every sentence around them is ("the latest vor 3
 * Tagen" was the browser's German inside English), in the order and clock of the reader's region
 * ("en-DE": 19 Nov 2026, 21:05; "en-US": Nov 19, 2026, 9:05 PM). A language without a region
 * ("de", as Chrome and Firefox report theirs) stands for its main one; a region English has no
 * data for (Brazil, Russia) is written as British English is, day first on a 24-hour clock, as
 * most of the world does, rather than as American English.
 */
export function uiLocaleFor(language: string | undefined): string {
  try {
    const region = language ? new Intl.Locale(language).maximize().region : undefined;
    if (!region) return 'en';
    const candidate = `en-${region}`;
    return new Intl.DateTimeFormat(candidate).resolvedOptions().locale === candidate ? candidate : 'en-GB';
  } catch {
    return 'en';
  }
}

let uiLocaleFound: string | undefined;

/**
 * The reader's locale (uiLocaleFor the browser's language), worked out on first use rather than as
 * the module loads: the first Intl.Locale and Intl.DateTimeFormat of a page load ICU's data, 20-40 ms
 * each on a slow machine, which the hover card's bundle paid in the same task as all its code.
 */
export function uiLocale(): string {
  return (uiLocaleFound ??= uiLocaleFor(globalThis.navigator?.language));
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A date as read: `day` numbers its calendar day (days since 1970-01-01), compared with the
 * reader's own today. A calendar day (`calendar`) is the same day in every time zone.
 */
interface Read {
  date: Date;
  day: number;
  calendar: boolean;
}

/**
 * A bare date: no time, so the same day everywhere. Also with a zone after it ("2026-11-30Z",
 * "2026-11-30+01:00": XML Schema's xs:date, as JAXB and SOAP-era services write it): still that
 * day, not its midnight in the zone (a moment: 29 Nov west of UTC).
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date at midnight, in UTC or in the server's own zone (Django REST, .NET, Rails with a zone of
 * their own): how many servers write a date-only column. Or at the last second of its day (a
 * deadline: Date#endOf('day'), .NET's `date.AddDays(1).AddTicks(-1)`, "…T23:59:59.999Z"; with any
 * fraction: JSON.stringify writes "…T23:59:59.000Z", as epoch seconds are normalised). Read as
 * that day for due dates only, where a time makes no sense; anywhere else it is a moment (a
 * meeting at 00:00 UTC was on the evening before in New York).
 */
const DAY_EDGE = /^(\d{4})-(\d{2})-(\d{2})T(?:00:00(?::00(?:\.0+)?)?|23:59:59(?:\.\d+)?)(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Day and month in either order, then a four-digit year, one separator throughout: "13/11/2026",
 * "11.13.2026", "13-11-2026"; perhaps a time after it.
 */
const NUMERIC_DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?=$|[\sT])/;

/**
 * A year and month alone ("2026-11", ISO 8601's reduced precision; "2026/11", "2026.11"): a month,
 * no day of it. The engine reads it as the 1st ("2026-11" at midnight UTC: 31 Oct west of it), so
 * an item due in November was overdue all November. No date is read, as for "Nov 2026": shown as
 * written, never overdue.
 */
const YEAR_MONTH = /^\d{4}[-/. ]\d{1,2}$/;

const localDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY;

/**
 * Text that names a whole date: a year, a day, and no words but months, weekdays and time zones.
 * The engine reads far more and invents the rest ("12 Nov" is 2001, "end of 2026" is 1 Jan 2026).
 */
function namesWholeDate(text: string): boolean {
  const numbers = text.match(/\d+/g) ?? [];
  const words = text.match(/[a-z]+/gi) ?? [];
  return numbers.some((n) => n.length === 4) && numbers.some((n) => n.length <= 2) && words.every((word) => DATE_WORD.test(word));
}

function calendarDay(year: number, month: number, day: number): Read | null {
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999 ("01/01/0001" as 1901).
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // "2026-02-31" is no day at all.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { date, day: date.getTime() / DAY, calendar: true };
}

/** `due`: the value is a due date, where midnight or the day's last second (at any offset) stands for the day itself. */
function parse(value: string | null, due = false): Read | null {
  const text = value?.trim();
  if (!text) return null;
  const calendar = CALENDAR_DAY.exec(text) ?? (due ? DAY_EDGE.exec(text) : null);
  if (calendar) {
    const [, year, month, day] = calendar.map(Number) as [number, number, number, number];
    return calendarDay(year, month, day);
  }
  if (YEAR_MONTH.test(text)) return null;
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [first, second, year] = [numeric[1], numeric[3], numeric[4]].map(Number) as [number, number, number];
    // "12/11/2026" is 12 Nov or 11 Dec, and nothing says which the server meant (the engine would
    // guess month first): no date is read, so it is shown as written and never overdue.
    if (first <= 12 && second <= 12 && first !== second) return null;
    // Otherwise the number past 12 is the day.
    const [month, day] = first > 12 ? [second, first] : [first, second];
    if (numeric[0] === text) return calendarDay(year, month, day);
    // A time after it: read here, as the engine reads no day-first date ("13.11.2026 15:00"); any
    // other text after it is left to the engine below.
    const time = CLOCK_AFTER_DATE.exec(text.slice(numeric[0].length));
    if (time) return localMoment(year, month, day, time);
  }
  if (!namesWholeDate(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { date, day: localDay(date), calendar: false };
}

/** A clock time after a date: "15:00", "09:30:15", "3:00 PM", "3 p.m." excepted (no minutes). */
const CLOCK_AFTER_DATE = /^[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?$/i;

/**
 * A day and a clock time with no zone, in the reader's zone, as the engine reads "11/13/2026
 * 15:00". Null for a time no clock shows ("25:00", "13:00 PM") or a day no month has.
 */
function localMoment(year: number, month: number, day: number, [, h, m, s = '0', half]: RegExpExecArray): Read | null {
  const [hours, minutes, seconds] = [h, m, s].map(Number) as [number, number, number];
  if (minutes > 59 || seconds > 59 || (half ? hours < 1 || hours > 12 : hours > 23)) return null;
  const hour = half ? (hours % 12) + (half.toLowerCase() === 'p' ? 12 : 0) : hours;
  const date = new Date(year, month - 1, day, hour, minutes, seconds);
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return { date, day: localDay(date), calendar: false };
}

// Intl formatters are costly to build and a briefing formats dozens of dates: one per locale.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** Formatters write UTC only: a formatter keeps the time zone it was made in, and a traveller's laptop changes its own. */
function dateFormat(locale: string = uiLocale()): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })));
  return format;
}

/**
 * A date as the reader's calendar has it, written: a calendar day as the day it is (UTC), not as
 * the reader's local time of its midnight; a moment moved by the reader's offset at that moment,
 * as Date knows it now, and written in UTC.
 */
function writeDate(read: Read, locale: string | undefined): string {
  return dateFormat(locale).format(shownDay(read));
}

/** The day a date is written as (writeDate), at its midnight UTC. */
function shownDay({ date, calendar }: Read): Date {
  return calendar ? date : new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
}

function relativeFormat(locale: string = uiLocale()): Intl.RelativeTimeFormat {
  const key = locale;
  let format = relativeFormats.get(key);
  if (!format) relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
}

const written = (read: Read | null, locale: string | undefined) => (read ? writeDate(read, locale) : null);

/** A date or a moment (a moment on the reader's own calendar). */
export function formatDate(value: string | null, locale?: string): string | null {
  return written(parse(value), locale);
}

/**
 * A date as a <time dateTime> takes it: the day it is written as (formatDate), as HTML's date
 * string ("2026-11-30"), the machine-readable form of what the element shows. Never the server's
 * text ("30 Nov 2026", "…T10:00:00.123456Z" are no valid dateTime). Null when it cannot be read.
 */
export function machineDate(value: string | null): string | null {
  const read = parse(value);
  const day = read ? shownDay(read).toISOString().slice(0, 10) : null;
  // A year past 9999 is written "+010000-…": no date string HTML knows.
  return day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** A due date: a day, also when the server wrote it as midnight UTC or as the last second of the day. */
export function formatDueDate(value: string | null, locale?: string): string | null {
  return written(parse(value, true), locale);
}

/**
 * Where a date sorts among others: by the reader's calendar day first, then the time in it. A
 * calendar day's midnight UTC is the evening before west of Greenwich: sorted as a moment, a day
 * came before the afternoon of the day before it.
 */
function sortKey(read: Read | null): number {
  if (!read) return Number.NaN;
  const { date } = read;
  const intoDay = read.calendar ? 0 : ((date.getHours() * 60 + date.getMinutes()) * 60 + date.getSeconds()) * 1000 + date.getMilliseconds();
  return read.day * DAY + intoDay;
}

/** Where a due date sorts (sortKey), NaN when it cannot be read. */
export function dueDateTime(value: string | null): number {
  return sortKey(parse(value, true));
}

/** Where a date or moment sorts (sortKey), NaN when it cannot be read. */
export function dateSortKey(value: string | null): number {
  return sortKey(parse(value));
}

/**
 * What a date names, as this module reads it (never the engine's guess at "12/11/2026" or at a
 * date without a year): its moment, and whether it is a calendar day rather than a time.
 */
export function readDate(value: string | null): { ms: number; calendar: boolean } | null {
  const read = parse(value);
  return read ? { ms: read.date.getTime(), calendar: read.calendar } : null;
}

/** Whether the text is a calendar day alone ("2026-11-19", perhaps with a zone: "2026-11-19Z"), no time of day. */
export function isCalendarDay(value: string): boolean {
  return CALENDAR_DAY.test(value.trim());
}

/**
 * How long ago a day was, by calendar day ("yesterday", "3 days ago"): for what has happened (an
 * update, a conversation an item comes from). A day after today, as a server ahead of the reader's
 * time zone writes, is today: never "tomorrow" or "in 3 days".
 */
export function relativeDay(value: string | null, now: Date = new Date(), locale?: string): string | null {
  const read = parse(value);
  if (!read) return null;
  const days = read.day - localDay(now);
  // One day ahead is a time zone's doing: today. Further ahead is no slip of the clock (a date
  // typed wrong): nothing is said of it, rather than "today".
  return days > 1 ? null : daysFromToday(Math.min(0, days), locale);
}

/**
 * When the last conversation was: its date, and how long ago by calendar day ("3 days ago"). The
 * day after today is today (a server ahead of the reader's time zone); a date further ahead (a
 * server's clock off) has no "ago": a last conversation "in 7 days" is none, so only its date is
 * said. Null when it cannot be read.
 */
export function lastConversation(value: string | null, now: Date = new Date(), locale?: string): { date: string; ago: string | null } | null {
  const read = parse(value);
  if (!read) return null;
  const days = read.day - localDay(now);
  // One day ahead is a time zone's doing, as in relativeDay: today (it was said "today" there).
  return { date: writeDate(read, locale), ago: days > 1 ? null : daysFromToday(Math.min(0, days), locale) };
}

/** The calendar day of a moment (ms since the epoch), from the reader's today: "yesterday", "3 days ago". */
export function relativeDayOf(ms: number, now: Date = new Date(), locale?: string): string {
  return daysFromToday(localDay(new Date(ms)) - localDay(now), locale);
}

function daysFromToday(days: number, locale: string | undefined): string {
  const format = relativeFormat(locale);
  if (Math.abs(days) < 14) return format.format(days, 'day');
  if (Math.abs(days) < 60) return format.format(Math.round(days / 7), 'week');
  // Up to a year and a half in months; past that in years ("24 months ago" is two years). Never
  // a single year: with numeric 'auto' it reads "last year", which for 11 months ago in December
  // is this year, and for 13 months ago in January two years back.
  if (Math.abs(days) < 548) return format.format(Math.round(days / 30), 'month');
  return format.format(Math.round(days / 365), 'year');
}

/** Due before today, by calendar day (an item due today is not overdue yet; one whose date cannot be read never is). */
export function isOverdue(dueDate: string | null, now: Date = new Date()): boolean {
  const read = parse(dueDate, true);
  return read !== null && read.day < localDay(now);
}

/**
 * Hours and minutes as the locale writes a clock time: two-digit hours on a 24-hour clock ("09:05",
 * "21:05"), but no leading zero on a 12-hour one ("9:05 PM", never "09:05 PM").
 */
export function clockFormat(locale: string = uiLocale()): Pick<Intl.DateTimeFormatOptions, 'hour' | 'minute'> {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return { hour: cycle === 'h11' || cycle === 'h12' ? 'numeric' : '2-digit', minute: '2-digit' };
}
