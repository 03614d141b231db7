import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { BRIEFLY_MS, HOLD_WRITES_MS, JOIN_GRACE_MS, ON_SCREEN, SwrCache, type CacheStore } from '@/lib/background/cache';

function memoryStore(): CacheStore & { data: Map<string, unknown>; writes: string[][] } {
  const data = new Map<string, unknown>();
  const writes: string[][] = [];
  return {
    data,
    writes,
    get: (key) => Promise.resolve(data.get(key)),
    setMany: (entries) => {
      writes.push(Object.keys(entries));
      for (const [key, value] of Object.entries(entries)) data.set(key, value);
      return Promise.resolve();
    },
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

  it('keeps an early value no longer than the policy keeps any value, when that is shorter than the brief lifetime', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    // Values fresh a second; an early one (empty) is not believed longer for being early.
    const short = { schema: z.array(z.number()), freshMs: 1000, maxStaleMs: 10_000_000, briefly: (list: number[]) => list.length === 0 };
    await cache.get('k', () => Promise.resolve([]), short);
    now = 1001;
    // Within the brief lifetime (else the test would prove nothing about the shorter one).
    expect(now).toBeLessThan(BRIEFLY_MS);
    const refreshing = vi.fn(() => Promise.resolve([1]));
    expect(await cache.get('k', refreshing, short)).toEqual({ value: [], storedAt: 0, stale: true });
    expect(refreshing).toHaveBeenCalledTimes(1);
  });

  it('keeps a value its policy calls early fresh only briefly, then serves it while it is refreshed', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    // An empty list stands for an answer that may be early (a transcript not written out yet).
    const early = { schema: z.array(z.number()), freshMs: 1_000_000, maxStaleMs: 10_000_000, briefly: (list: number[]) => list.length === 0 };
    await cache.get('k', () => Promise.resolve([]), early);
    now = BRIEFLY_MS - 1;
    const calledTooSoon = vi.fn(() => Promise.resolve([1]));
    expect((await cache.get('k', calledTooSoon, early)).value).toEqual([]);
    expect(calledTooSoon).not.toHaveBeenCalled();
    now = BRIEFLY_MS + 1;
    // Past the brief lifetime the service is asked (the copy answering meanwhile), and its word is
    // what the next ask gets, however long the policy keeps other values.
    const refreshing = vi.fn(() => Promise.resolve([1, 2]));
    expect(await cache.get('k', refreshing, early)).toEqual({ value: [], storedAt: 0, stale: true });
    expect(refreshing).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', refreshing, early)).toEqual({ value: [1, 2], storedAt: BRIEFLY_MS + 1, stale: false });
    // A full answer keeps the policy's own lifetime.
    now = 500_000;
    const notCalled = vi.fn(() => Promise.resolve([3]));
    expect((await cache.get('k', notCalled, early)).value).toEqual([1, 2]);
    expect(notCalled).not.toHaveBeenCalled();
    // Too old to serve while refreshing: the service is waited for; unreachable, the early copy
    // is still better than nothing.
    await cache.get('e', () => Promise.resolve([]), early);
    now += early.maxStaleMs + 1;
    expect(await cache.get('e', () => Promise.reject(new ApiError('network', 'down')), early)).toMatchObject({ value: [], stale: true });
  });

  it('never serves a value its policy keeps only fresh past its freshness, neither while refreshed nor with the service down', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    // A negative number stands for a match by name: only the service's word of now counts.
    const fragile = { ...policy, onlyFresh: (n: number) => n < 0 };
    await cache.get('name', () => Promise.resolve(-1), fragile);
    await cache.get('address', () => Promise.resolve(1), fragile);
    now = 999;
    expect((await cache.get('name', () => Promise.resolve(-2), fragile)).value).toBe(-1);
    now = 5000;
    expect(await cache.get('name', () => Promise.resolve(-2), fragile)).toEqual({ value: -2, storedAt: 5000, stale: false });
    expect(await cache.get('address', () => Promise.resolve(2), fragile)).toMatchObject({ value: 1, stale: true });
    now = 10_000;
    await expect(cache.get('name', () => Promise.reject(new ApiError('network', 'down')), fragile)).rejects.toMatchObject({ kind: 'network' });
  });

  it('waits for the service when the value is too old, but serves it if the service is down', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    await cache.get('k', () => Promise.resolve(1), policy);
    now = 20_000;
    expect((await cache.get('k', () => Promise.resolve(2), policy)).value).toBe(2);
    now = 40_000;
    const offline = await cache.get('k', () => Promise.reject(new ApiError('network', 'down')), policy);
    // Served with why: the service could not be reached.
    expect(offline).toEqual({ value: 2, storedAt: 20_000, stale: true, problem: expect.objectContaining({ kind: 'network', message: 'down' }) });
    await expect(cache.get('k', () => Promise.reject(new ApiError('unauthorized', 'no')), policy)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(cache.get('other', () => Promise.reject(new ApiError('network', 'down')), policy)).rejects.toMatchObject({ kind: 'network' });
  });

  it('says a stale copy is the last one when the browser is offline, and nothing while it is only refreshed behind', async () => {
    let now = 0;
    let online = true;
    const cache = new SwrCache(memoryStore(), () => now, () => online);
    await cache.get('k', () => Promise.resolve(1), policy);
    now = 5000;
    const down = () => Promise.reject(new ApiError('network', 'down'));
    expect((await cache.get('k', down, policy)).problem).toBeUndefined();
    online = false;
    expect(await cache.get('k', down, policy)).toMatchObject({ value: 1, stale: true, problem: { kind: 'network' } });
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

  it('shares one call between a page and the panel, each on its own terms', async () => {
    vi.useFakeTimers();
    try {
      const cache = new SwrCache(memoryStore());
      // A page's patient lookup, retrying a failing service for longer than anyone should look at a skeleton.
      const patient = { release: (_: number) => {} };
      const patientFetch = vi.fn(() => new Promise<number>((resolve) => (patient.release = resolve)));
      const page = cache.get('k', patientFetch, policy);
      await vi.waitFor(() => expect(patientFetch).toHaveBeenCalledTimes(1));
      // The panel joins it for a moment (one request, not two, when the service answers in time)...
      const panelFetch = vi.fn(() => Promise.resolve(2));
      const quickPage = { release: (_: number) => {} };
      const quickFetch = vi.fn(() => new Promise<number>((resolve) => (quickPage.release = resolve)));
      const early = cache.get('q', quickFetch, policy);
      await vi.waitFor(() => expect(quickFetch).toHaveBeenCalledTimes(1));
      const joinedEarly = cache.get('q', panelFetch, policy, ON_SCREEN);
      await vi.advanceTimersByTimeAsync(JOIN_GRACE_MS - 1);
      quickPage.release(9);
      expect((await joinedEarly).value).toBe(9);
      expect((await early).value).toBe(9);
      expect(panelFetch).not.toHaveBeenCalled();
      // ...then, the page's call still waiting (queued behind its batch, or retrying), sends its own.
      const panel = cache.get('k', panelFetch, policy, ON_SCREEN);
      await vi.advanceTimersByTimeAsync(JOIN_GRACE_MS - 1);
      expect(panelFetch).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect((await panel).value).toBe(2);
      expect(panelFetch).toHaveBeenCalledTimes(1);
      expect((await cache.get('k', panelFetch, policy, ON_SCREEN)).value).toBe(2);
      expect(panelFetch).toHaveBeenCalledTimes(1);
      // The page still gets the service's answer to its own call.
      patient.release(1);
      expect((await page).value).toBe(1);

      // A panel's quick failure does not end a page's lookup that joined it: the page asks on its own terms.
      const failing = { fail: (_: unknown) => {} };
      const quick = vi.fn(() => new Promise<number>((_, reject) => (failing.fail = reject)));
      const panelAsk = cache.get('j', quick, policy, ON_SCREEN).catch((error: unknown) => error);
      await vi.waitFor(() => expect(quick).toHaveBeenCalledTimes(1));
      const pageFetch = vi.fn(() => Promise.resolve(3));
      const pageAsk = cache.get('j', pageFetch, policy);
      failing.fail(new ApiError('server', 'busy'));
      expect(await panelAsk).toMatchObject({ kind: 'server' });
      expect((await pageAsk).value).toBe(3);
      expect(pageFetch).toHaveBeenCalledTimes(1);
      // A failure the page's policy would end the same way (a refused key) is the page's answer too: not asked twice.
      const refused = { fail: (_: unknown) => {} };
      const asking = vi.fn(() => new Promise<number>((_, reject) => (refused.fail = reject)));
      const panelRefused = cache.get('r', asking, policy, ON_SCREEN).catch((error: unknown) => error);
      await vi.waitFor(() => expect(asking).toHaveBeenCalledTimes(1));
      const pageAgain = vi.fn(() => Promise.resolve(5));
      const pageRefused = cache.get('r', pageAgain, policy).catch((error: unknown) => error);
      refused.fail(new ApiError('unauthorized', 'no'));
      expect(await panelRefused).toMatchObject({ kind: 'unauthorized' });
      expect(await pageRefused).toMatchObject({ kind: 'unauthorized' });
      expect(pageAgain).not.toHaveBeenCalled();
      // Callers of one kind share the call as before.
      const shared = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(4), 5)));
      const both = Promise.all([cache.get('s', shared, policy, ON_SCREEN), cache.get('s', shared, policy, ON_SCREEN)]);
      await vi.advanceTimersByTimeAsync(5);
      expect((await both).map((r) => r.value)).toEqual([4, 4]);
      expect(shared).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep the panel waiting on a page’s call while the browser says it is offline', async () => {
    let online = true;
    const cache = new SwrCache(memoryStore(), () => 0, () => online);
    const pageFetch = vi.fn(() => new Promise<number>(() => {}));
    void cache.get('k', pageFetch, policy);
    await vi.waitFor(() => expect(pageFetch).toHaveBeenCalledTimes(1));
    online = false;
    await expect(cache.get('k', () => Promise.resolve(2), policy, ON_SCREEN)).rejects.toMatchObject({ kind: 'network' });
  });

  it('does not ask again for a key answered while its stored copy was being read', async () => {
    // A second tab's lookup starts reading the store just before the first tab's answer arrives;
    // the store (not yet written) says "nothing", but the answer is in memory by then.
    const store = memoryStore();
    const reads: ((value: unknown) => void)[] = [];
    store.get = () => new Promise((resolve) => reads.push(resolve));
    const cache = new SwrCache(store);
    const answers: ((n: number) => void)[] = [];
    const fetcher = vi.fn(() => new Promise<number>((resolve) => answers.push(resolve)));
    const first = cache.get('k', fetcher, policy);
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!(undefined);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    const second = cache.get('k', fetcher, policy);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    answers[0]!(7);
    expect((await first).value).toBe(7);
    reads[1]!(undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetcher).toHaveBeenCalledTimes(1);
    answers.forEach((resolve) => resolve(8));
    expect((await second).value).toBe(7);
  });

  it('survives a restart through its store, and ignores entries that no longer fit the schema', async () => {
    const store = memoryStore();
    const first = new SwrCache(store, () => 0);
    await first.get('k', () => Promise.resolve(1), policy);
    await first.flush();
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
    await cache.flush();
    expect(store.data.get('insights|c1')).toEqual({ value: 2, storedAt: 0 });
  });

  it('invalidates by prefix and prunes old entries', async () => {
    const store = memoryStore();
    let now = 0;
    const cache = new SwrCache(store, () => now);
    await cache.get('a|1', () => Promise.resolve(1), policy);
    await cache.get('b|1', () => Promise.resolve(2), policy);
    await cache.flush();
    await cache.invalidate('a|');
    expect([...store.data.keys()]).toEqual(['b|1']);
    const fetcher = vi.fn(() => Promise.resolve(5));
    expect((await cache.get('a|1', fetcher, policy)).value).toBe(5);
    store.data.set('junk', 'not an entry');
    now = 100;
    await cache.get('c|1', () => Promise.resolve(3), policy);
    await cache.flush();
    expect(await cache.prune(50)).toBe(3);
    expect([...store.data.keys()]).toEqual(['c|1']);
    await cache.invalidate();
    expect(store.data.size).toBe(0);
  });

  it('prunes the oldest entries until the rest fit the size it is given', async () => {
    const store = memoryStore();
    let now = 0;
    const cache = new SwrCache(store, () => now);
    const text = (n: number) => 'x'.repeat(n);
    const textPolicy = { schema: z.string(), freshMs: 1000, maxStaleMs: 10_000 };
    for (const key of ['a', 'b', 'c', 'd']) {
      now += 1;
      await cache.get(key, () => Promise.resolve(text(1000)), textPolicy);
    }
    await cache.flush();
    // Each entry is about 1 KB as JSON: room for two.
    expect(await cache.prune(Infinity, 2500)).toBe(2);
    expect([...store.data.keys()].sort()).toEqual(['c', 'd']);
    expect(await cache.prune(Infinity, 2500)).toBe(0);
  });

  it('answers from memory before the store has written, and writes a task’s values in one operation', async () => {
    const store = memoryStore();
    let release!: () => void;
    const slowWrite = new Promise<void>((resolve) => (release = resolve));
    const setMany = store.setMany;
    store.setMany = (entries) => slowWrite.then(() => setMany(entries));
    const cache = new SwrCache(store);
    // Twenty people at once: every reply arrives without waiting for storage…
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.get(`k${i}`, () => Promise.resolve(i), policy)));
    expect(replies.map((reply) => reply.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(store.data.size).toBe(0);
    // …and all twenty are written together once the store is free.
    const flushed = cache.flush();
    release();
    await flushed;
    expect(store.writes).toEqual([Array.from({ length: 20 }, (_, i) => `k${i}`)]);
  });

  it('writes on the next task by itself, so a stopped worker loses nothing it answered', async () => {
    const store = memoryStore();
    await new SwrCache(store, () => 5).get('k', () => Promise.resolve(1), policy);
    expect(store.data.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.data.get('k')).toEqual({ value: 1, storedAt: 5 });
  });

  it('holds the write while other calls are on their way: a meeting’s answers are written once', async () => {
    const store = memoryStore();
    const cache = new SwrCache(store, () => 5);
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const release: ((n: number) => void)[] = [];
    const calls = Array.from({ length: 3 }, (_, i) => cache.get(`k${i}`, () => new Promise<number>((resolve) => (release[i] = resolve)), policy));
    await vi.waitFor(() => expect(release).toHaveLength(3));
    release[0]!(0);
    release[1]!(1);
    await Promise.all(calls.slice(0, 2));
    await nextTask();
    await nextTask();
    expect(store.writes).toEqual([]);
    release[2]!(2);
    await Promise.all(calls);
    await nextTask();
    await nextTask();
    expect(store.writes).toEqual([['k0', 'k1', 'k2']]);
  });

  it('writes what was answered after HOLD_WRITES_MS even while a call is still on its way', async () => {
    vi.useFakeTimers();
    try {
      const store = memoryStore();
      const cache = new SwrCache(store, () => 5);
      void cache.get('slow', () => new Promise<number>(() => undefined), policy);
      await cache.get('k', () => Promise.resolve(1), policy);
      await vi.advanceTimersByTimeAsync(HOLD_WRITES_MS - 1);
      expect(store.writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(store.writes).toEqual([['k']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows its store when someone else removes or rewrites an entry', async () => {
    const store = memoryStore();
    let onChanged: (changes: { key: string; storedAt: number | null }[]) => void = () => undefined;
    store.watchChanges = (listener) => ((onChanged = listener), () => undefined);
    let now = 0;
    const cache = new SwrCache(store, () => now);
    await cache.get('k', () => Promise.resolve(1), policy);
    await cache.get('j', () => Promise.resolve(1), policy);
    await cache.flush();
    // Its own write changes nothing.
    onChanged([{ key: 'k', storedAt: 0 }]);
    const fetcher = vi.fn(() => Promise.resolve(2));
    expect((await cache.get('k', fetcher, policy)).value).toBe(1);
    // Removed elsewhere: asked for again.
    store.data.delete('k');
    onChanged([{ key: 'k', storedAt: null }]);
    expect((await cache.get('k', fetcher, policy)).value).toBe(2);
    expect(fetcher).toHaveBeenCalledTimes(1);
    // Rewritten elsewhere (an older copy): the stored one is what counts.
    store.data.set('j', { value: 7, storedAt: -5_000 });
    onChanged([{ key: 'j', storedAt: -5_000 }]);
    now = 10;
    expect(await cache.get('j', fetcher, policy)).toMatchObject({ value: 7, stale: true });
  });

  it('does not answer from a recent copy while the browser says it is offline', async () => {
    let online = true;
    const cache = new SwrCache(memoryStore(), () => 0, () => online);
    await cache.get('k', () => Promise.resolve(1), policy);
    online = false;
    const offline = await cache.revalidate('k', () => Promise.reject(new ApiError('network', 'offline')), { ...policy, recentMs: 60_000 });
    expect(offline).toMatchObject({ value: 1, stale: true, problem: { kind: 'network' } });
  });

  it('does not put back a value fetched before an invalidation', async () => {
    const store = memoryStore();
    const cache = new SwrCache(store);
    const pending: { release?: (n: number) => void } = {};
    const fetching = cache.get('k', () => new Promise<number>((resolve) => (pending.release = resolve)), policy);
    await vi.waitFor(() => expect(pending.release).toBeDefined());
    await cache.invalidate();
    pending.release?.(1);
    expect((await fetching).value).toBe(1);
    await cache.flush();
    expect(store.data.size).toBe(0);
    expect((await cache.get('k', () => Promise.resolve(2), policy)).value).toBe(2);
  });

  it('answers a revalidation from a recent copy at once and refreshes behind it', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    const recent = { ...policy, recentMs: 60_000 };
    await cache.get('k', () => Promise.resolve(1), policy);
    // Just fetched: answered as it is, the service is not asked again.
    now = 5_000;
    const never = vi.fn(() => new Promise<number>(() => undefined));
    expect(await cache.revalidate('k', never, recent)).toEqual({ value: 1, storedAt: 0, stale: false, problem: null });
    expect(never).not.toHaveBeenCalled();
    // Recent, not just fetched: answered at once (the service has not answered yet), refreshed behind.
    now = 30_000;
    let release!: (n: number) => void;
    const behind = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    expect(await cache.revalidate('k', behind, recent)).toMatchObject({ value: 1, problem: null });
    expect(behind).toHaveBeenCalledTimes(1);
    release(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Older than recentMs: the service first again.
    now = 100_000;
    expect(await cache.revalidate('k', () => Promise.resolve(3), recent)).toMatchObject({ value: 3, storedAt: 100_000 });
  });

  it('takes an entry stored while the clock was ahead (set back since) for too old, not fresh for hours', async () => {
    const HOURS_5 = 5 * 60 * 60 * 1000;
    let now = HOURS_5 + 1_000_000;
    const store = memoryStore();
    const cache = new SwrCache(store, () => now);
    const recent = { ...policy, recentMs: 60_000 };
    await cache.get('k', () => Promise.resolve(1), policy);
    await cache.get('r', () => Promise.resolve(1), policy);
    await cache.flush();
    // The clock is put right: five hours back.
    now -= HOURS_5;
    const fetcher = vi.fn(() => Promise.resolve(2));
    expect(await cache.get('k', fetcher, policy)).toEqual({ value: 2, storedAt: now, stale: false });
    expect(await cache.revalidate('r', fetcher, recent)).toMatchObject({ value: 2, storedAt: now, stale: false });
    expect(fetcher).toHaveBeenCalledTimes(2);
    // A few seconds ahead is a clock's ordinary adjustment: still fresh.
    now -= 5_000;
    expect((await cache.get('k', fetcher, policy)).value).toBe(2);
    expect(fetcher).toHaveBeenCalledTimes(2);
    // And pruned, whatever the age limit.
    await cache.flush();
    store.data.set('x', { value: 1, storedAt: now + HOURS_5 });
    expect(await cache.prune(30 * 24 * 60 * 60 * 1000)).toBe(1);
    expect(store.data.has('x')).toBe(false);
  });

  it('reads many stored entries in one operation ahead of their reads, and asks the store nothing more for them', async () => {
    const store = memoryStore();
    const reads: string[][] = [];
    store.getMany = (keys) => (reads.push(keys), Promise.resolve(Object.fromEntries(keys.filter((key) => store.data.has(key)).map((key) => [key, store.data.get(key)]))));
    const get = vi.spyOn(store, 'get');
    store.data.set('a', { value: 1, storedAt: 0 });
    let onChanged: (changes: { key: string; storedAt: number | null }[]) => void = () => undefined;
    store.watchChanges = (listener) => ((onChanged = listener), () => undefined);
    const cache = new SwrCache(store, () => 10);
    const recent = { ...policy, recentMs: 60_000 };
    await cache.preload(['a', 'b', 'c']);
    expect(reads).toEqual([['a', 'b', 'c']]);
    // Stored: answered from what was read ahead. Not stored: the service at once, no second read.
    expect(await cache.revalidate('a', () => Promise.resolve(9), recent)).toMatchObject({ value: 1, storedAt: 0 });
    expect(await cache.revalidate('b', () => Promise.resolve(2), recent)).toMatchObject({ value: 2, storedAt: 10 });
    // Someone else stored `c` meanwhile: its read goes to the store.
    store.data.set('c', { value: 3, storedAt: 5 });
    onChanged([{ key: 'c', storedAt: 5 }]);
    expect(await cache.revalidate('c', () => Promise.resolve(8), recent)).toMatchObject({ value: 3, storedAt: 5 });
    expect(get.mock.calls.map(([key]) => key)).toEqual(['c']);
    // In memory or read ahead already: not read again; a single key is read as usual.
    await cache.preload(['a', 'b']);
    await cache.preload(['d']);
    expect(reads).toHaveLength(1);
  });
});

describe('SwrCache and calls on their way', () => {
  const namedPolicy = { schema: z.nullable(z.object({ id: z.string() })), freshMs: 1000, maxStaleMs: 100_000 };
  const namesAnn = (value: unknown) => (value as { id?: string } | null)?.id === 'ann';

  it('does not keep the answer of a lookup on its way when its contact is dropped as gone meanwhile', async () => {
    let now = 0;
    const cache = new SwrCache(memoryStore(), () => now);
    await cache.get('scope|contact-by-email|ann@x', () => Promise.resolve({ id: 'ann' }), namedPolicy);
    await cache.flush();
    now = 5000;
    // A page shows ann again: her stale lookup is served and refreshed behind it…
    let answer!: (value: { id: string }) => void;
    await cache.get('scope|contact-by-email|ann@x', () => new Promise((resolve) => (answer = resolve)), namedPolicy);
    // …while the panel learns she is gone (insights 404, contact 404): her lookups are dropped.
    await cache.dropWhere('scope|contact-', namesAnn);
    // The refresh, answered before the deletion, arrives.
    answer({ id: 'ann' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const askAgain = vi.fn(() => Promise.resolve(null));
    const next = await cache.get('scope|contact-by-email|ann@x', askAgain, namedPolicy);
    expect(askAgain).toHaveBeenCalled();
    expect(next.value).toBeNull();
  });

  it('a stale copy served on screen sends no second call beside the page’s refresh on its way', async () => {
    vi.useFakeTimers();
    try {
      await staleBesidePage();
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A page's refresh behind its stale copy (queued behind its batch), and the panel shown the same copy. */
async function staleBesidePage() {
  let now = 0;
  const cache = new SwrCache(memoryStore(), () => now);
  await cache.get('k', () => Promise.resolve(1), policy);
  now = 5000;
  const page = { release: (_: number) => {} };
  expect(await cache.get('k', () => new Promise<number>((resolve) => (page.release = resolve)), policy)).toMatchObject({ value: 1, stale: true });
  // The panel is answered from the same copy at once: nobody waits on its refresh.
  const panelFetch = vi.fn(() => Promise.resolve(2));
  expect(await cache.get('k', panelFetch, policy, ON_SCREEN)).toMatchObject({ value: 1, stale: true });
  await vi.advanceTimersByTimeAsync(JOIN_GRACE_MS * 3);
  page.release(3);
  await vi.advanceTimersByTimeAsync(0);
  expect(panelFetch).not.toHaveBeenCalled();
}
