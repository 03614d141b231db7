/**
 * Caps how many calls run at once; the rest wait in order, calls someone waits for on screen
 * (`first`) before the page lookups waiting, each kind in the order it came. Keeps a 20-person
 * meeting polite.
 */
export function createLimiter(max: number): <T>(task: () => Promise<T>, first?: boolean) => Promise<T> {
  let active = 0;
  const onScreen: (() => void)[] = [];
  const others: (() => void)[] = [];
  return async <T>(task: () => Promise<T>, first = false): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
    if (active >= max) await new Promise<void>((resolve) => (first ? onScreen : others).push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const wake = onScreen.shift() ?? others.shift();
      if (wake) wake();
      else active--;
    }
  };
}
