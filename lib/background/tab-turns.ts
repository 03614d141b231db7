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

/** What to stop when a tab closes (whenTabCloses), by tab. */
const onClose = new Map<number, Set<() => void>>();

/** `tabId` was closed (tabs.onRemoved: forgetFocusOnNavigation): what was started for it is stopped. */
export function tabClosed(tabId: number): void {
  closedTabs.add(tabId);
  const stops = onClose.get(tabId);
  onClose.delete(tabId);
  for (const stop of stops ?? []) stop();
}

/** Calls `stop` when `tabId` closes (at once when it has); returns how to stop watching. */
export function whenTabCloses(tabId: number, stop: () => void): () => void {
  if (closedTabs.has(tabId)) {
    stop();
    return () => undefined;
  }
  const stops = onClose.get(tabId) ?? new Set();
  onClose.set(tabId, stops.add(stop));
  return () => {
    stops.delete(stop);
    if (stops.size === 0 && onClose.get(tabId) === stops) onClose.delete(tabId);
  };
}
