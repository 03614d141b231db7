/**
 * The background's writes to a tab's records in session storage (its page's report, the person or
 * meeting chosen on a card) one at a time. Each reads before it writes (page-status.ts): two
 * interleaved, one could remove what the other had just written (a page shown again from the
 * back/forward cache reporting while the page it replaced says it has gone).
 */
let last: Promise<unknown> = Promise.resolve();

export function inTabTurn<T>(step: () => Promise<T>): Promise<T> {
  const run = last.then(step);
  last = run.catch(() => undefined);
  return run;
}

/** Tabs closed since this worker started: a write still on its way for one is not made. */
export const closedTabs = new Set<number>();
