import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createPanelQueryClient, MAX_AUTOMATIC_RETRY_WAIT_MS, OPENED_ONLY_GC_MS, shouldRetry } from '@/components/panel/data/query-client';
import { keys } from '@/components/panel/data/keys';
import { ApiError } from '@/lib/api/errors';
import { match } from './fixtures';

describe('the panel’s query client', () => {
  it('drops the lookups that found a contact the service no longer has, and only those', async () => {
    const client = createPanelQueryClient();
    client.setQueryData(keys.contact({ email: 'maya@example.com' }), match('m', 'Maya Chen', 'maya@example.com'));
    client.setQueryData(keys.contact({ name: 'Maya Chen' }), match('m', 'Maya Chen', 'maya@example.com', 'name'));
    client.setQueryData(keys.contact({ email: 'dan@example.net' }), match('d', 'Daniel Weiss', 'dan@example.net'));
    client.setQueryData(keys.contact({ email: 'nobody@example.org' }), null);
    await expect(client.fetchQuery({ queryKey: keys.insights('m'), queryFn: () => Promise.reject(new ApiError('not_found', 'gone', { status: 404 })), retry: false })).rejects.toThrow('gone');
    expect(client.getQueryData(keys.contact({ email: 'maya@example.com' }))).toBeUndefined();
    expect(client.getQueryData(keys.contact({ name: 'Maya Chen' }))).toBeUndefined();
    expect(client.getQueryData(keys.contact({ email: 'dan@example.net' }))).toMatchObject({ contact: { id: 'd' } });
    expect(client.getQueryData(keys.contact({ email: 'nobody@example.org' }))).toBeNull();
    // Other failures leave the lookups alone.
    client.setQueryData(keys.contact({ email: 'maya@example.com' }), match('m', 'Maya Chen', 'maya@example.com'));
    await expect(client.fetchQuery({ queryKey: keys.insights('m'), queryFn: () => Promise.reject(new ApiError('server', 'boom', { status: 500 })), retry: false })).rejects.toThrow('boom');
    expect(client.getQueryData(keys.contact({ email: 'maya@example.com' }))).toMatchObject({ contact: { id: 'm' } });
  });

  it('keeps an answer no view shows any more, for the cache that is saved and restored (no timer too long for the browser)', async () => {
    const client = createPanelQueryClient();
    // A view shows Maya's briefing, then the user moves on: the query has no observer left.
    const observer = new QueryObserver(client, { queryKey: keys.insights('m'), queryFn: () => Promise.resolve({ briefing: 'Maya' }) });
    const stop = observer.subscribe(() => undefined);
    await observer.refetch();
    stop();
    // Browsers (and Node) run a timer longer than 2^31 - 1 ms at once: a garbage-collection time
    // of 30 days dropped every answer as soon as no view showed it. Real timers here.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(client.getQueryData(keys.insights('m'))).toEqual({ briefing: 'Maya' });
  });

  it('lets go of a transcript, a recording and its insights some minutes after no view shows them (not kept across openings either)', async () => {
    vi.useFakeTimers();
    try {
      const client = createPanelQueryClient();
      const shown = [keys.transcript('r1'), keys.recording('r1'), keys.recordingInsights('r1')];
      for (const key of shown) {
        const observer = new QueryObserver(client, { queryKey: key, queryFn: () => Promise.resolve({ id: 'r1' }) });
        observer.subscribe(() => undefined)();
      }
      // Asked again by "Check again" while its view was open (fetchQuery takes the defaults too).
      await client.fetchQuery({ queryKey: keys.transcript('r2'), queryFn: () => Promise.resolve({ segments: [] }) });
      client.setQueryData(keys.insights('m'), { briefing: 'Maya' });
      await vi.advanceTimersByTimeAsync(OPENED_ONLY_GC_MS + 1_000);
      for (const key of [...shown, keys.transcript('r2')]) expect(client.getQueryCache().find({ queryKey: key }), key.join(' ')).toBeUndefined();
      // A briefing stays, for the cache that is saved.
      expect(client.getQueryData(keys.insights('m'))).toEqual({ briefing: 'Maya' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits out a busy service by itself only for a reasonable wait; a longer one is left to the user', () => {
    const busy = (retryAfterMs: number | null) => new ApiError('rate_limited', 'busy', { status: 429, retryAfterMs });
    expect(shouldRetry(0, busy(30_000))).toBe(true);
    expect(shouldRetry(0, busy(null))).toBe(true);
    expect(shouldRetry(0, busy(MAX_AUTOMATIC_RETRY_WAIT_MS))).toBe(true);
    // Weeks (a Retry-After date far ahead): no timer that long runs in a browser.
    expect(shouldRetry(0, busy(30 * 24 * 3_600_000))).toBe(false);
    expect(shouldRetry(0, busy(MAX_AUTOMATIC_RETRY_WAIT_MS + 1))).toBe(false);
    expect(shouldRetry(3, busy(1_000))).toBe(false);
  });
});

