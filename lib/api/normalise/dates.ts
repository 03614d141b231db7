/**
 * Dates however a server writes them: ISO text with or without a zone, epoch seconds,
 * milliseconds, microseconds or nanoseconds, compact days, other platforms' objects (Mongo's, PHP's, `{date, timezone}`); placeholder dates (Go’s zero time, the Unix epoch) are none.
 */
import { DATE_WORD } from '../../format/date-words';
import { isObj, scalarText, type Obj } from './values';
import { phpDateText } from './php-date';
import { dateInObject } from './date-object';

const EARLIEST_MOMENT = Date.UTC(2000, 0, 1);
const LATEST_MOMENT = Date.UTC(2100, 0, 1);

/**
 * A date written only in digits, as ISO text: epoch seconds (10 digits before any fraction),
 * milliseconds (13), microseconds (16) or nanoseconds (19), within 2000–2100, and a compact calendar day "20261112". Anything else in
 * digits (a duration, a row number) is no date: null.
 */
/** Milliseconds per unit of an epoch time, by its count of whole digits (within 2000–2100). */
const EPOCH_UNIT_MS: Record<number, number> = { 10: 1000, 13: 1, 16: 1e-3, 19: 1e-6 };

function dateFromDigits(digits: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(digits);
  if (compact) {
    const [, year, month, day] = compact.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() >= EARLIEST_MOMENT && date.getTime() < LATEST_MOMENT;
    return real ? date.toISOString().slice(0, 10) : null;
  }
  const whole = digits.split('.')[0] ?? '';
  // Seconds, milliseconds, microseconds (PostgreSQL, Python), nanoseconds (Go's UnixNano, pandas).
  const ms = Number(digits) * (EPOCH_UNIT_MS[whole.length] ?? Number.NaN);
  return ms >= EARLIEST_MOMENT && ms < LATEST_MOMENT ? new Date(Math.round(ms)).toISOString() : null;
}

/**
 * A date outside 2000–2100: a placeholder for "none" (Go's zero time, the Unix epoch, .NET's
 * MinValue), not a real date. Its year is the first number of four digits standing alone, so it
 * is found written last too: .NET's `DateTime.MinValue.ToString()` "1/1/0001 12:00:00 AM", a
 * US-style epoch "1/1/1970". Past a leading year, only in text that is a date alone (no words but
 * months, weekdays and zones) with a day or month, as a number (one or two digits, as
 * namesWholeDate asks) or a month's name ("Jan 1970", Go's "January 0001"): a due date in words
 * ("after the 1500 units ship") and a clock time without its colon ("Friday 1700", "Fri 0900 GMT")
 * are kept as written.
 */
/** A whole English month's word: "mardi" (Tuesday) merely starts with one. */
const MONTH_WORD = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i;

function isPlaceholderYear(text: string): boolean {
  const words = text.match(/[a-z]+/gi) ?? [];
  const dateAlone = words.every((word) => DATE_WORD.test(word)) && (/(?<!\d)\d{1,2}(?!\d)/.test(text) || words.some((word) => MONTH_WORD.test(word)));
  const year = (/^(\d{4})\D/.exec(text) ?? (dateAlone ? /(?<!\d)(\d{4})(?!\d)/.exec(text) : null))?.[1];
  if (year === undefined) return false;
  const start = Date.UTC(Number(year), 0, 1);
  return start < EARLIEST_MOMENT || start >= LATEST_MOMENT;
}

/** A date and time in ISO order, with `T` or a space between, and perhaps a zone after (`Z`, `UTC`, `+0100`). */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A timestamp as ISO text with its zone. The interface's times are UTC, yet Python's
 * `utcnow().isoformat()`, .NET's unspecified DateTime and SQL text ("2026-11-12 10:00:00") leave the
 * zone out, and JavaScript would read them as the reader's local time: no zone is UTC. Ruby's
 * "… UTC" and "… +0100" become ISO too. Null for other text.
 */
function isoTimestamp(text: string): string | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, day, time, zone = 'Z'] = match;
  const offset = /^[+-]/.test(zone) ? zone.replace(/^([+-]\d{2}):?(\d{2})?$/, (_all, hours: string, minutes = '00') => `${hours}:${minutes}`) : 'Z';
  return `${day}T${time}${offset}`;
}

/**
 * ASP.NET's date (JavaScriptSerializer, WCF, MVC's Json()): "/Date(1795996800000)/", epoch
 * milliseconds, perhaps with the writer's offset after them ("/Date(1795996800000+0100)/"), which
 * does not move the moment.
 */
const ASP_NET_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;

/**
 * RFC 9557's zone after a timestamp's offset (java.time's ZonedDateTime, JavaScript's Temporal):
 * "2026-11-30T10:00:00+01:00[Europe/Berlin]". The offset names the moment; the zone is left off.
 * Without an offset the zone would be needed, and the text is kept as written.
 */
const ZONE_SUFFIX = /(?<=Z|[+-]\d{2}:?\d{2})(?:\[[^\]]*\])+$/i;

/**
 * The date in MongoDB Extended JSON's `{$date: …}`: ISO text or epoch milliseconds, or
 * `{$numberLong: "…"}` (canonical mode). Any other value is returned as it is.
 */
function mongoDate(value: unknown): unknown {
  const date = isObj(value) && '$date' in value ? value.$date : value;
  return date !== value && isObj(date) ? date.$numberLong : date;
}

/**
 * A date written as no date: pandas' missing datetime (NaT) and missing number (NaN), as text, and
 * JavaScript's String() of an invalid Date. Kept as written, they showed as "Last NaT", "Due NaN".
 */
const NOT_A_DATE = new Set(['nat', 'nan', 'invalid date']);

/**
 * First date among the keys: digits (numbers or text, ASP.NET's "/Date(ms)/", Mongo's `{$date}`)
 * become ISO text, and so does PHP's DateTime object (php-date.ts); a date in an object of its own
 * (`{date, timezone}`, Google's `{dateTime, timeZone}`: date-object.ts) is read as sent bare; a timestamp gets its zone (isoTimestamp; an RFC 9557 zone after its offset is
 * left off), other text is kept as written for the date formatter; a placeholder date, or text
 * saying there is none (NOT_A_DATE), counts as none.
 */
export function dateOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const php = phpDateText(source[key]);
    if (php === null) continue;
    const value = php ?? dateInObject(mongoDate(source[key]));
    const text = scalarText(value);
    if (text === null) continue;
    const ms = ASP_NET_DATE.exec(text)?.[1];
    if (typeof value !== 'number' && ms === undefined && !/^-?\d+(\.\d+)?$/.test(text)) {
      if (NOT_A_DATE.has(text.toLowerCase()) || isPlaceholderYear(text)) continue;
      return isoTimestamp(text.replace(ZONE_SUFFIX, '')) ?? text;
    }
    const date = dateFromDigits(ms ?? text);
    if (date !== null) return date;
  }
  return null;
}
