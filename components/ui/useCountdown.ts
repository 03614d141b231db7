import { useEffect, useState } from 'react';
import { aheadOfClock } from '@/lib/clock';

/**
 * Whole seconds left until `deadline` (ms since the epoch), ticking once a second; null without
 * one. Never more than `totalMs` (the wait it counts down), even before the first tick. A deadline
 * set (`setAt`) ahead of the clock, on a clock put back since, is over: an hour fast, a minute's
 * wait would last an hour and a minute.
 */
export function useCountdown(deadline: number | null, totalMs = Infinity, setAt?: number): number | null {
  // With the deadline it was read for: until the first tick, one read before it may be from long before it was set.
  const [read, setRead] = useState(() => ({ now: Date.now(), deadline }));
  useEffect(() => {
    if (deadline === null) return;
    // Stops at the deadline: a notice staying on screen after its wait re-rendered every second.
    const tick = () => {
      const now = Date.now();
      setRead({ now, deadline });
      if (now >= deadline || (setAt !== undefined && aheadOfClock(setAt, now))) clearInterval(timer);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline, setAt]);
  if (deadline === null) return null;
  if (setAt !== undefined && read.deadline === deadline && aheadOfClock(setAt, read.now)) return 0;
  return Math.min(Math.ceil(totalMs / 1000), Math.max(0, Math.ceil((deadline - read.now) / 1000)));
}

/**
 * When each failure (its error object) was first shown: shown again later (an attendee's failure
 * opened in its full briefing, the same query's error in another view), its wait goes on from
 * then rather than starting over.
 */
const firstSeen = new WeakMap<object, number>();

function seenAt(seenKey: unknown, now: number): number {
  if (typeof seenKey !== 'object' || seenKey === null) return now;
  const seen = firstSeen.get(seenKey) ?? now;
  firstSeen.set(seenKey, seen);
  return seen;
}

/** When a failure reported `retryAfterMs`: the moment it was first seen (`seenKey` changed) plus that wait. */
export function useDeadline(retryAfterMs: number | null | undefined, seenKey: unknown): number | null {
  const [deadline, setDeadline] = useState<number | null>(null);
  useEffect(() => {
    // Set from a task, not during the effect: the clock is read once per failure seen.
    const timer = setTimeout(() => setDeadline(retryAfterMs ? seenAt(seenKey, Date.now()) + retryAfterMs : null), 0);
    return () => clearTimeout(timer);
  }, [retryAfterMs, seenKey]);
  return deadline;
}

/**
 * A wait of `waitMs` (null or 0: none) from when `seenKey` was first seen: when it ends, the whole
 * seconds left, and whether it still runs (also before its start is read, so nothing waited on is
 * offered for a moment).
 */
export function useWait(waitMs: number | null, seenKey: unknown): { deadline: number | null; seconds: number | null; running: boolean } {
  const deadline = useDeadline(waitMs, seenKey);
  const seconds = useCountdown(deadline, waitMs ?? Infinity);
  return { deadline, seconds, running: deadline === null ? Boolean(waitMs) : (seconds ?? 0) > 0 };
}
