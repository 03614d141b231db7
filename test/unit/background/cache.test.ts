import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { SwrCache, type CacheStore } from '@/lib/background/cache';

function memoryStore(): CacheStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (key) => Promise.resolve(data.get(key)),
    set: (key, value) => (data.set(key, value), Promise.resolve()),
    remove: (keys) => (keys.forEach((key) => data.delete(key)), Promise.resolve()),
    keys: () => Promise.resolve([...data.keys()]),
  };
}

const policy = { schema: z.number(), freshMs: 1000, maxStaleMs: 10_000 };

describe('SwrCache', () => {
  it('serves fresh values without calling again', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    const fetcher = vi.fn(() => Promise.resolve(1));
    expect(await cache.get('k', fetcher, policy)).toEqual({ value: 1, storedAt: 0, stale: false });
    now = 999;
    expect((await cache.get('k', fetcher, policy)).value).toBe(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('serves a stale value at once and refreshes behind it', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    await cache.get('k', () => Promise.resolve(1), policy);
    now = 5000;
    let release!: (n: number) => void;
    const slow = new Promise<number>((resolve) => (release = resolve));
    const served = await cache.get('k', () => slow, policy);
    expect(served).toEqual({ value: 1, storedAt: 0, stale: true });
    release(2);
    await slow;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get('k', () => Promise.resolve(3), policy)).value).toBe(2);
  });

  it('waits for the service when the value is too old, but serves it if the service is down', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    await cache.get('k', () => Promise.resolve(1), policy);
    now = 20_000;
    expect((await cache.get('k', () => Promise.resolve(2), policy)).value).toBe(2);
    now = 40_000;
    const offline = await cache.get('k', () => Promise.reject(new ApiError('network', 'down')), policy);
    expect(offline).toEqual({ value: 2, storedAt: 20_000, stale: true });
    await expect(cache.get('k', () => Promise.reject(new ApiError('unauthorized', 'no')), policy)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(cache.get('other', () => Promise.reject(new ApiError('network', 'down')), policy)).rejects.toMatchObject({ kind: 'network' });
  });

  it('revalidates network first, falling back to the last value only when the service cannot answer', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    await cache.get('k', () => Promise.resolve(1), policy);
    now = 10;
    // Fresh in the cache, yet the service is asked: the panel wants the current value.
    expect(await cache.revalidate('k', () => Promise.resolve(2), policy)).toEqual({ value: 2, storedAt: 10, stale: false, problem: null });
    now = 20;
    const offline = await cache.revalidate('k', () => Promise.reject(new ApiError('network', 'down')), policy);
    expect(offline).toMatchObject({ value: 2, storedAt: 10, stale: true, problem: { kind: 'network' } });
    const busy = await cache.revalidate('k', () => Promise.reject(new ApiError('rate_limited', 'slow down', { retryAfterMs: 3000 })), policy);
    expect(busy.problem).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000 });
    // A refused key is not "offline": the user must act, so the error is not hidden.
    await expect(cache.revalidate('k', () => Promise.reject(new ApiError('unauthorized', 'no')), policy)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(cache.revalidate('none', () => Promise.reject(new ApiError('network', 'down')), policy)).rejects.toMatchObject({ kind: 'network' });
  });

  it('sends concurrent requests for one key to the service once', async () => {
    const cache = new SwrCache(memoryStore());
    const fetcher = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 5)));
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', fetcher, policy)));
    expect(results.every((r) => r.value === 7)).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('survives a restart through its store, and ignores entries that no longer fit the schema', async () => {
    const store = memoryStore();
    await new SwrCache(store, () => 0).get('k', () => Promise.resolve(1), policy);
    const restarted = new SwrCache(store, () => 10);
    const fetcher = vi.fn(() => Promise.resolve(9));
    expect((await restarted.get('k', fetcher, policy)).value).toBe(1);
    expect(fetcher).not.toHaveBeenCalled();
    store.data.set('bad', { value: 'text', storedAt: 0 });
    expect((await restarted.get('bad', fetcher, policy)).value).toBe(9);
  });

  it('does not keep, or share, an answer that was on its way when its key was invalidated', async () => {
    const store = memoryStore();
    const cache = new SwrCache(store, () => 0);
    let answerOld!: (n: number) => void;
    let asked!: () => void;
    const askedOld = new Promise<void>((resolve) => (asked = resolve));
    const old = cache.get(
      'insights|c1',
      () => {
        asked();
        return new Promise<number>((resolve) => (answerOld = resolve));
      },
      policy,
    );
    await askedOld;
    // The recording was processed: the cached briefing is dropped while the old request is out.
    await cache.invalidate('insights|c1');
    const fresh = vi.fn(() => Promise.resolve(2));
    const next = cache.get('insights|c1', fresh, policy);
    answerOld(1);
    expect((await old).value).toBe(1);
    expect((await next).value).toBe(2);
    expect(fresh).toHaveBeenCalledTimes(1);
    expect((await cache.get('insights|c1', () => Promise.resolve(3), policy)).value).toBe(2);
    expect(store.data.get('insights|c1')).toEqual({ value: 2, storedAt: 0 });
  });

  it('invalidates by prefix and prunes old entries', async () => {
    const store = memoryStore();
    let now = 0;
    const cache = new SwrCache(store, () => now);
    await cache.get('a|1', () => Promise.resolve(1), policy);
    await cache.get('b|1', () => Promise.resolve(2), policy);
    await cache.invalidate('a|');
    expect([...store.data.keys()]).toEqual(['b|1']);
    const fetcher = vi.fn(() => Promise.resolve(5));
    expect((await cache.get('a|1', fetcher, policy)).value).toBe(5);
    store.data.set('junk', 'not an entry');
    now = 100;
    await cache.get('c|1', () => Promise.resolve(3), policy);
    expect(await cache.prune(50)).toBe(3);
    expect([...store.data.keys()]).toEqual(['c|1']);
    await cache.invalidate();
    expect(store.data.size).toBe(0);
  });
});
