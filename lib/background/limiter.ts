/**
 * Caps how many calls run at once; the rest wait in order, but for calls someone waits for on
 * screen (`first`), which go before the waiting page lookups. Keeps a 20-person meeting polite.
 */
export function createLimiter(max: number): <T>(task: () => Promise<T>, first?: boolean) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>, first = false): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
    if (active >= max) await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
    else active++;
    try {
      return await task();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else active--;
    }
  };
}
