/**
 * PHP's DateTime as json_encode writes it (a Symfony or plain-PHP API without a serializer of its
 * own): `{date: "2026-11-30 10:00:00.000000", timezone_type: 3, timezone: "Europe/Berlin"}`. The
 * wall time is the zone's: type 1 gives an offset ("+01:00"), type 2 an abbreviation ("CET"),
 * type 3 a zone's name.
 */
import { isObj } from './values';

/** The date's wall time, as PHP writes it: a four-digit year (MySQL's zero date is "-0001-11-30": no date). */
const PHP_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?$/;

/** The offset from UTC in minutes of `zone` at the moment `ms`; null for a zone the browser does not know. */
function zoneOffsetMinutes(zone: string, ms: number): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value;
    const offset = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
    if (!offset) return null;
    return offset[1] ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  } catch {
    return null;
  }
}

/** "+01:00" for 60 minutes. */
function offsetText(minutes: number): string {
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The offset a zone's name has at a wall time: its offset at that moment (summer time included). */
export function offsetAtWallTime(zone: string, date: string): string | null {
  const wall = Date.parse(`${date.replace(' ', 'T')}Z`);
  const first = zoneOffsetMinutes(zone, wall);
  if (first === null) return null;
  // Read again at the moment found: the wall time may lie across a change of offset from UTC's.
  const second = zoneOffsetMinutes(zone, wall - first * 60_000) ?? first;
  return offsetText(second);
}

/**
 * The date a PHP DateTime object names, as timestamp text with its offset ("2026-11-30
 * 10:00:00.000000+01:00") for dateOf to read; a zone the browser does not know leaves the offset
 * out (read as UTC, as any time without a zone). `undefined` when the value is no such object;
 * null when it is one naming no date.
 */
export function phpDateText(value: unknown): string | null | undefined {
  if (!isObj(value) || typeof value.date !== 'string' || !('timezone_type' in value)) return undefined;
  const date = value.date.trim();
  if (!PHP_DATE.test(date)) return null;
  const zone = typeof value.timezone === 'string' ? value.timezone.trim() : '';
  if (/^(?:UTC|GMT|Z)$/i.test(zone)) return `${date}Z`;
  if (/^[+-]\d{2}:?\d{2}$/.test(zone)) return `${date}${zone}`;
  return `${date}${(zone && offsetAtWallTime(zone, date)) || ''}`;
}
