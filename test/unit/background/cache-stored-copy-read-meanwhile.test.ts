/**
 * "One lookup per distinct address per cache lifetime": a worker woken with nothing in memory
 * reads an old stored copy for two tabs' lookups of the same address. The first tab's refresh
 * behind the stale copy answers while the second tab's read of the store is still on its way; that
 * read returns the OLD copy, and must not stand in for the answer now in memory (it would look
 * stale and send the address to the service a second time).
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { SwrCache, type CacheStore } from '@/lib/background/cache';

const policy = { schema: z.number(), freshMs: 1000, maxStaleMs: 10_000 };

describe('a stored copy read while the same key was answered', () => {
  it('serves the answer in memory, not the older stored copy, and asks the service once', async () => {
    const old = { value: 1, storedAt: 0 };
    const reads: ((value: unknown) => void)[] = [];
    const store: CacheStore = {
      get: () => new Promise((resolve) => reads.push(resolve)),
      setMany: () => Promise.resolve(),
      remove: () => Promise.resolve(),
      keys: () => Promise.resolve([]),
    };
    const now = 5000; // the stored copy is stale (older than freshMs), not too old to serve
    const cache = new SwrCache(store, () => now);
    const fetcher = vi.fn(() => Promise.resolve(2));

    // Two tabs ask at once: both read the store.
    const first = cache.get('k', fetcher, policy);
    const second = cache.get('k', fetcher, policy);
    await vi.waitFor(() => expect(reads).toHaveLength(2));

    // The first read answers: stale copy served, refreshed behind it; the refresh lands in memory.
    reads[0]!(old);
    expect(await first).toMatchObject({ value: 1, stale: true });
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    // The second tab's read now returns the same old copy.
    reads[1]!(old);
    expect(await second).toEqual({ value: 2, storedAt: now, stale: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
