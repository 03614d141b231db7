/** Between ISO timestamps and an `<input type="datetime-local">` value (local time, to the minute). */
const pad = (value: number) => String(value).padStart(2, '0');

export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Null when the field is empty or not a real date. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  return date.getDate() === day && date.getMonth() === month - 1 ? date.toISOString() : null;
}
