/**
 * Caps how many calls run at once; the rest wait in order, calls someone waits for on screen
 * (`first`) before the page lookups waiting, each kind in the order it came. Keeps a 20-person
 * meeting polite.
 *
 * `reserved` slots are kept for calls someone waits for on screen: first in line among those
 * waiting is not enough while every slot is held by page lookups on their way, which a slow
 * service keeps for up to their whole timeout (15 s) before the panel's call is even sent.
 */
export function createLimiter(max: number, reserved = 0): <T>(task: () => Promise<T>, first?: boolean) => Promise<T> {
  let active = 0;
  const onScreen: (() => void)[] = [];
  const others: (() => void)[] = [];
  const room = (first: boolean) => active < (first ? max : max - reserved);
  /** Free slots handed on, at once, so `active` never overshoots: on-screen calls first, page work only outside the reserve. */
  const handOn = () => {
    for (let wake = onScreen[0]; wake && room(true); wake = onScreen[0]) {
      onScreen.shift();
      active++;
      wake();
    }
    for (let wake = others[0]; wake && room(false); wake = others[0]) {
      others.shift();
      active++;
      wake();
    }
  };
  return async <T>(task: () => Promise<T>, first = false): Promise<T> => {
    // Nobody of its kind (nor on screen) ahead of it: no call overtakes one waiting.
    const queue = first ? onScreen : others;
    if (room(first) && queue.length === 0 && onScreen.length === 0) active++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      active--;
      handOn();
    }
  };
}
