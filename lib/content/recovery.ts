/**
 * Marks back after an outage, without polling. People whose lookup failed (the service down,
 * rate-limited or timing out) stay unmarked until their surface is read again, and the observer
 * reads it again only when the page changes: someone reading one Gmail thread for an hour would
 * never get them. So while (and only while) such people are in view, Primer listens for signs that
 * the user or the network is back (the tab shown, the window focused, the browser online) and then
 * reads again just their surfaces, once their failure is no longer remembered (FAILED_RETRY_MS; a
 * wholly failed message WHOLE_FAILURE_MS), and at most every RETRY_GAP_MS. No timer: an idle page costs
 * nothing, and a busy service is asked again only when someone may be looking.
 */

/** The least time between two retries, however often the window is focused. */
export const RETRY_GAP_MS = 5_000;

/**
 * Returns what to call after every scan, and after the marks were cleared: it listens while
 * `failedRoots()` has any, and stops as soon as it has none.
 */
export function watchRecovery(failedRoots: (dueBy?: number) => Element[], rescan: (roots: Element[]) => void): () => void {
  let listening = false;
  let retriedAt = -Infinity;
  const retry = () => {
    const now = performance.now();
    // Back online in a hidden tab: the tab shown later is the time to ask.
    if (document.visibilityState === 'hidden' || now - retriedAt < RETRY_GAP_MS) return;
    const roots = failedRoots(now);
    if (roots.length === 0) return;
    retriedAt = now;
    rescan(roots);
  };
  const listen = (method: 'addEventListener' | 'removeEventListener') => {
    window[method]('focus', retry);
    window[method]('online', retry);
    document[method]('visibilitychange', retry);
  };
  return () => {
    const wanted = failedRoots().length > 0;
    if (wanted === listening) return;
    listening = wanted;
    listen(wanted ? 'addEventListener' : 'removeEventListener');
  };
}
