/**
 * A computer woken from sleep: the panel's timers did not count the night. A retry that was due
 * in a minute is still waiting its minute of timer time while its countdown (read from the clock)
 * says "0 s", and what was shown from a copy waits for no one. So a jump of the clock between two
 * of this hook's ticks asks for everything on screen again, at once. A hidden page's timers are
 * slowed to about a tick a minute, which is no sleep; a gap much longer than that while hidden (a
 * locked screen, then the night asleep) is one, and is asked about once the panel is seen again.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export const WAKE_TICK_MS = 10_000;
/** More than this between two ticks, beyond the tick itself, is a sleep. */
export const WAKE_GAP_MS = 30_000;
/** While hidden, more than this since the last tick is a sleep: well beyond the slowed tick a minute. */
export const HIDDEN_WAKE_GAP_MS = 5 * 60_000;

export function useRefetchOnWake(client: QueryClient): void {
  useEffect(() => {
    let last = Date.now();
    /** Slept while hidden: asked about once seen (nothing on screen is read meanwhile). */
    let sleptHidden = false;
    // Cancelled and asked again: a retry waiting out its timer starts over now.
    const askAgain = () => void client.invalidateQueries(undefined, { cancelRefetch: true });
    const tick = () => {
      const now = Date.now();
      const gap = now - last;
      last = now;
      if (document.visibilityState !== 'visible') sleptHidden ||= gap > HIDDEN_WAKE_GAP_MS;
      else if (gap > WAKE_TICK_MS + WAKE_GAP_MS) askAgain();
    };
    const timer = setInterval(tick, WAKE_TICK_MS);
    // Shown again: asked about if it slept while hidden; its ticks are counted from now.
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      if (sleptHidden || now - last > HIDDEN_WAKE_GAP_MS) askAgain();
      sleptHidden = false;
      last = now;
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [client]);
}
