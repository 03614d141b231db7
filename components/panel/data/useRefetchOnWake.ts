/**
 * A computer woken from sleep: the panel's timers did not count the night. A retry that was due
 * in a minute is still waiting its minute of timer time while its countdown (read from the clock)
 * says "0 s", and what was shown from a copy waits for no one. So a jump of the clock between two
 * of this hook's ticks asks for everything on screen again, at once. Only while the panel is seen:
 * a hidden page's timers are slowed to a tick a minute, which is no sleep.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export const WAKE_TICK_MS = 10_000;
/** More than this between two ticks, beyond the tick itself, is a sleep. */
export const WAKE_GAP_MS = 30_000;

export function useRefetchOnWake(client: QueryClient): void {
  useEffect(() => {
    let last = Date.now();
    const tick = () => {
      const now = Date.now();
      const slept = now - last > WAKE_TICK_MS + WAKE_GAP_MS;
      last = now;
      // Cancelled and asked again: a retry waiting out its timer starts over now.
      if (slept && document.visibilityState === 'visible') void client.invalidateQueries(undefined, { cancelRefetch: true });
    };
    const timer = setInterval(tick, WAKE_TICK_MS);
    // Shown again after a while hidden (slowed ticks): counted from now.
    const shown = () => {
      if (document.visibilityState === 'visible') last = Date.now();
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [client]);
}
