/** Between ISO timestamps and an `<input type="datetime-local">` value (local time, to the minute). */
const pad = (value: number) => String(value).padStart(2, '0');

export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The earliest year a meeting date is taken from (a year typed short, "0026", is no meeting's). */
export const FIRST_YEAR = 2000;

/** The range the field offers (`min`, `max`): from FIRST_YEAR to the end of next year. */
export function inputRange(now: Date = new Date()): { min: string; max: string } {
  return { min: `${FIRST_YEAR}-01-01T00:00`, max: `${now.getFullYear() + 1}-12-31T23:59` };
}

/** Null when the field is empty, not a real date, or outside inputRange. */
export function fromLocalInput(value: string, now: Date = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  // `new Date` reads years 0–99 as 1900–1999.
  if (year < FIRST_YEAR || year > now.getFullYear() + 1) return null;
  const date = new Date(year, month - 1, day, hours, minutes);
  return date.getDate() === day && date.getMonth() === month - 1 ? date.toISOString() : null;
}

/** What is wrong with the field's value, said as the form says it; null when it is a date it takes. */
export function dateProblem(value: string, now: Date = new Date()): string | null {
  if (fromLocalInput(value, now) !== null) return null;
  const year = Number(/^(\d{4})-/.exec(value)?.[1] ?? NaN);
  const last = now.getFullYear() + 1;
  return year < FIRST_YEAR || year > last ? `Check the year: enter a date from ${FIRST_YEAR} to ${last}.` : 'Enter the date and time of the meeting.';
}
