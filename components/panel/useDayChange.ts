/**
 * The local date, changing at midnight: a panel left open overnight re-renders, so "today",
 * "yesterday", relative dates and overdue marks follow the date rather than the last render.
 * One timer, only while the panel is open.
 */
import { useEffect, useState } from 'react';

export function useDayChange(): string {
  const [day, setDay] = useState(() => new Date().toDateString());
  useEffect(() => {
    const midnight = new Date();
    midnight.setHours(24, 0, 1, 0);
    // A computer asleep at midnight wakes with the timer late, and the date is read again then.
    const timer = setTimeout(() => setDay(new Date().toDateString()), midnight.getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [day]);
  return day;
}
