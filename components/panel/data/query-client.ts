/**
 * The side panel's QueryClient. Every query goes to the background by message, so "online" is the
 * background's business (networkMode 'always'); retries follow the error: a busy service is retried
 * after the time it asked for, a failing one with backoff, a refused key never.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { PANEL_CACHE_MAX_AGE_MS } from './persistence';

const RETRYABLE = new Set<ApiErrorKind>(['rate_limited', 'server', 'network', 'timeout']);
const MAX_RETRIES = 3;

export function retryDelayFor(attempt: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== null) return error.retryAfterMs;
  return Math.min(1000 * 2 ** attempt, 10_000);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && RETRYABLE.has(error.kind) && failureCount < MAX_RETRIES;
}

export function createPanelQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        // Kept long enough to be persisted and restored (see persistence.ts).
        gcTime: PANEL_CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: retryDelayFor,
      },
    },
  });
}
