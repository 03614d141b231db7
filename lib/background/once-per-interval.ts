/**
 * Lets an action through at most once per `intervalMs` for each key (a tab): a page asking again
 * and again, by a double click or in a loop, gets it done once.
 */
export function oncePerInterval<K>(intervalMs: number): (key: K) => boolean {
  const last = new Map<K, number>();
  return (key) => {
    // A monotonic clock: a wall clock set back would hold a tab back until it caught up.
    const at = performance.now();
    // Keys whose interval is over are forgotten: the map holds only the last interval's few.
    for (const [other, time] of last) if (at - time >= intervalMs) last.delete(other);
    if (last.has(key)) return false;
    last.set(key, at);
    return true;
  };
}
