/**
 * The side panel's QueryClient. Every query goes to the background by message, so "online" is the
 * background's business (networkMode 'always'). The background already fails fast for the panel
 * (lib/api/http.ts, interactive), so retries here are few and the first failure is shown at once
 * (components read `failureReason` while a retry waits): a busy service is asked again after the
 * time it gave, a failing one once more after a second, an unreachable one or a refused key not
 * at all (the user has Try again).
 */
import { notifyManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { ContactMatchSchema } from '@/lib/models';

/** Retries after the first failure, per kind of failure; kinds not listed are not retried. */
const RETRIES: Partial<Record<ApiErrorKind, number>> = { rate_limited: 3, server: 1, invalid_response: 1 };
/** A rate limit without a retry time is asked again after this. */
export const RATE_LIMIT_DEFAULT_MS = 5_000;

export function retryDelayFor(attempt: number, error: unknown): number {
  // A wait of 0 (a Retry-After already past) would be three retries at once: Primer's own pause instead.
  if (error instanceof ApiError && error.retryAfterMs !== null && error.retryAfterMs > 0) return error.retryAfterMs;
  if (error instanceof ApiError && error.kind === 'rate_limited') return RATE_LIMIT_DEFAULT_MS;
  return Math.min(1000 * 2 ** (attempt - 1), 10_000);
}

/**
 * A wait longer than this is not waited out by the panel itself: the notice says when the service
 * will take requests again and offers Try again then. (A timer past 2^31 - 1 ms would also run at
 * once in a browser: a `Retry-After` of weeks would have been three immediate retries.)
 */
export const MAX_AUTOMATIC_RETRY_WAIT_MS = 5 * 60_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.retryAfterMs !== null && error.retryAfterMs > MAX_AUTOMATIC_RETRY_WAIT_MS) return false;
  return failureCount < (RETRIES[error.kind] ?? 0);
}

export function createPanelQueryClient(): QueryClient {
  // Query results reach the components in a microtask rather than a `setTimeout` task (TanStack's
  // default, and one of its documented choices): an answer is painted in the frame it arrives
  // for, instead of waiting behind whatever tasks the panel's thread has queued meanwhile.
  notifyManager.setScheduler(queueMicrotask);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The service no longer has this contact (removed, merged): the panel's lookups that
        // found it are dropped too (the background drops its own), so finding the person again
        // asks the service.
        const [kind, contactId] = query.queryKey;
        if (kind !== 'insights' || !(error instanceof ApiError) || error.kind !== 'not_found') return;
        client.removeQueries({ queryKey: ['contact'], predicate: (lookup) => ContactMatchSchema.safeParse(lookup.state.data).data?.contact.id === contactId });
      },
    }),
    defaultOptions: {
      queries: {
        networkMode: 'always',
        // Never collected while the panel lives, so every answer is there to be saved and restored
        // (persistence.ts limits what a save keeps). Not PANEL_CACHE_MAX_AGE_MS: 30 days is past the
        // longest timer a browser runs (2^31 - 1 ms, about 24.8 days), and a longer one runs at once,
        // which dropped each answer the moment no view showed it.
        gcTime: Infinity,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: retryDelayFor,
      },
    },
  });
  // What is not kept across openings (keys.ts: transcripts, single recordings and their insights)
  // is not kept for the panel's whole life either: a panel left open for days held every transcript
  // opened, and each change to the cache went through all of it. The background keeps its copies.
  for (const kind of OPENED_ONLY) client.setQueryDefaults([kind], { gcTime: OPENED_ONLY_GC_MS });
  return client;
}

/** Kinds of query fetched when their view opens and not persisted (keys.ts). */
const OPENED_ONLY = ['recording', 'transcript', 'recording-insights'] as const;
/** How long one of those stays in memory once no view shows it. */
export const OPENED_ONLY_GC_MS = 10 * 60_000;
