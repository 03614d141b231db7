/**
 * The time, read again each minute while shown: in a panel left open, an age ("5 min ago", "just
 * now") was said for hours. `given` (a test's clock, a caller's own) is used as it is, with no timer.
 */
import { useEffect, useState } from 'react';

export function useMinuteClock(given?: number): number {
  const [ticked, setTicked] = useState(() => Date.now());
  useEffect(() => {
    if (given !== undefined) return;
    const timer = setInterval(() => setTicked(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [given]);
  return given ?? ticked;
}
