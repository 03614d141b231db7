/** Dates as people read them in a briefing: "3 days ago" next to "12 Nov 2026". */

const DAY = 24 * 60 * 60 * 1000;

function parse(value: string | null): Date | null {
  if (!value) return null;
  // A bare date (YYYY-MM-DD) is a calendar day, not midnight UTC.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

// Intl formatters are costly to build and a briefing formats dozens of dates: one per locale.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' })));
  return format;
}

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let format = relativeFormats.get(key);
  if (!format) relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
}

export function formatDate(value: string | null, locale?: string): string | null {
  const date = parse(value);
  return date ? dateFormat(locale).format(date) : null;
}

export function relativeDay(value: string | null, now: Date = new Date(), locale?: string): string | null {
  const date = parse(value);
  if (!date) return null;
  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY);
  const format = relativeFormat(locale);
  if (Math.abs(days) < 14) return format.format(days, 'day');
  if (Math.abs(days) < 60) return format.format(Math.round(days / 7), 'week');
  if (Math.abs(days) < 730) return format.format(Math.round(days / 30), 'month');
  return format.format(Math.round(days / 365), 'year');
}

/** Due before today (an item due today is not overdue yet). */
export function isOverdue(dueDate: string | null, now: Date = new Date()): boolean {
  const date = parse(dueDate);
  return date !== null && startOfDay(date) < startOfDay(now);
}
