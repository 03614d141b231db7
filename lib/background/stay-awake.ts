/**
 * Chrome stops an extension's service worker 30 s after its last event or extension API call, and
 * a fetch on its way is neither: a lookup against a service that drops packets (15 s timeouts,
 * retried) or a wait out of a 30 s Retry-After had the worker stopped under it, the page's
 * batch cut off before it could say the service is not answering. While such work is on its
 * way, a cheap API call every 20 s keeps the worker up; nothing is called once it is done.
 */
export const PING_EVERY_MS = 20_000;

export function createStayAwake(ping: () => Promise<unknown>, everyMs = PING_EVERY_MS): <T>(work: () => Promise<T>) => Promise<T> {
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping: ReturnType<typeof setTimeout> | undefined;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    holders += 1;
    clearTimeout(stopping);
    // A ping that throws at once (an API missing in a test's fake browser) is caught as one that rejects.
    timer ??= setInterval(() => void Promise.resolve().then(ping).catch(() => undefined), everyMs);
    try {
      return await work();
    } finally {
      holders -= 1;
      // Stopped on a later task: an attempt that failed hands over to its wait (and a wait to the
      // next attempt) in the same task, and the pings go on at their pace rather than start over.
      if (holders === 0) {
        stopping = setTimeout(() => {
          clearInterval(timer);
          timer = undefined;
        });
      }
    }
  };
}
