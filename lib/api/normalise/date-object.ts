/**
 * A date inside an object of its own that is not PHP's DateTime (php-date.ts) nor Mongo's `{$date}`:
 * `{date: "2026-11-01"}`, `{date, timezone}`, Google Calendar's `{dateTime, timeZone}` (or its
 * all-day `{date}`), Parse's `{iso}`. Read as "an object is no date", the date was dropped.
 */
import { isObj } from './values';
import { offsetAtWallTime } from './php-date';

const DATE_KEYS = ['date', 'dateTime', 'datetime', 'date_time', 'iso'];
const ZONE_KEYS = ['timezone', 'timeZone', 'time_zone', 'tz'];

/** A wall time without a zone of its own ("2026-11-30T10:00:00", "2026-11-30 10:00"). */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The date such an object holds, for dateOf to read as it reads a date sent bare: a wall time in
 * the zone named beside it gets that zone's offset then (a day stays a day; a time with its own
 * offset keeps it). Any other value is returned as it is.
 */
export function dateInObject(value: unknown): unknown {
  if (!isObj(value)) return value;
  const key = DATE_KEYS.find((name) => name in value);
  if (key === undefined) return value;
  const date = value[key];
  const zone = ZONE_KEYS.map((name) => value[name]).find((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')?.trim();
  if (typeof date !== 'string' || zone === undefined || !WALL_TIME.test(date.trim())) return date;
  const wall = date.trim();
  if (/^(?:UTC|GMT|Z)$/i.test(zone)) return `${wall}Z`;
  if (/^[+-]\d{2}:?\d{2}$/.test(zone)) return `${wall}${zone}`;
  // A zone the browser does not know: read as UTC, as any time without a zone.
  return `${wall}${offsetAtWallTime(zone, wall) ?? ''}`;
}
