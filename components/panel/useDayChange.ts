/**
 * The local date, changing at midnight: a panel left open overnight re-renders, so "today",
 * "yesterday", relative dates and overdue marks follow the date rather than the last render.
 * One timer, only while the panel is open.
 */
import { useEffect, useState } from 'react';

/** The longest the timer waits: timers do not count the time a computer sleeps, so one set for midnight fires late by the whole night. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

export function useDayChange(): string {
  const [day, setDay] = useState(() => new Date().toDateString());
  useEffect(() => {
    const read = () => setDay(new Date().toDateString());
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const midnight = new Date();
      midnight.setHours(24, 0, 1, 0);
      timer = setTimeout(
        () => {
          read();
          arm();
        },
        Math.min(midnight.getTime() - Date.now(), LONGEST_WAIT_MS),
      );
    };
    arm();
    // A computer woken, or a panel shown again, reads the date at once.
    document.addEventListener('visibilitychange', read);
    window.addEventListener('focus', read);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', read);
      window.removeEventListener('focus', read);
    };
  }, []);
  return day;
}
