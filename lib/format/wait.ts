/** A wait before Primer asks the service again, said two ways: counting down, and once for screen readers. */
import { clockFormat, uiLocale } from './dates';
import { dateAndTime } from './provenance';

/**
 * What is left of a wait, as a countdown shows it: seconds under a minute, else whole minutes
 * (rounded up, so it never reads "0 min"), and hours past the hour: "45 s", "2 min", "1 h 5 min".
 * A Retry-After of an hour is not "3600 s".
 */
export function waitLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.ceil(seconds))} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * When the wait that ends at `deadline` (ms since the epoch) and lasts `waitMs` is over, as a
 * phrase that stays the same while it runs ("within a minute", "at 10:42", "on 23 Nov, 10:42"),
 * so a live region holding it is not read out again every second.
 */
export function waitEnds(deadline: number, waitMs: number, locale: string = uiLocale()): string {
  if (waitMs < 60_000) return 'within a minute';
  const day = new Date(deadline);
  const start = deadline - waitMs;
  // A wait that ends on another day (a day or more, or 20 hours from 14:00) says the day too, else
  // "at 10:00" reads as this morning's, already past (and the year, when it ends in the next one).
  if (waitMs >= 24 * 60 * 60 * 1000 || day.toDateString() !== new Date(start).toDateString()) return `on ${dateAndTime(deadline, locale, start)}`;
  return `at ${day.toLocaleTimeString(locale, clockFormat(locale))}`;
}
