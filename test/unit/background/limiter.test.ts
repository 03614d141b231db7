import { describe, expect, it, vi } from 'vitest';
import { INTERACTIVE_TIMEOUT_MS } from '@/lib/api/http';
import { createLimiter } from '@/lib/background/limiter';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore } from '@/lib/background/browser-stores';

describe('createLimiter', () => {
  it('never runs more than the cap at once and runs everything in order', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      active--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => limit(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order).toHaveLength(5);
  });

  it('keeps reserved slots for calls someone waits for on screen, never running more than the cap', async () => {
    const limit = createLimiter(3, 1);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const held = (kind: string, started: string[]) => () =>
      new Promise<void>((resolve) => {
        active++;
        peak = Math.max(peak, active);
        started.push(kind);
        releases.push(() => {
          active--;
          resolve();
        });
      });
    const started: string[] = [];
    const page = ['a', 'b', 'c', 'd'].map((name) => limit(held(name, started)));
    await Promise.resolve();
    // Two of the three for the page: the third is kept.
    expect(started).toEqual(['a', 'b']);
    const panel = ['maya', 'dan'].map((name) => limit(held(name, started), true));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'maya']);
    // A page call ending hands its slot to the panel's next call, first in line.
    releases.shift()!();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'maya', 'dan']));
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all([...page, ...panel]);
    expect(started).toEqual(['a', 'b', 'maya', 'dan', 'c', 'd']);
    expect(peak).toBe(3);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(limit(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('calls to the service waiting for a slot', () => {
  /** A context whose service answers every call after `ms`, on fake timers. */
  function slowService(ms: number) {
    const fetch = (_input: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response('{}', { headers: { 'content-type': 'application/json' } })), ms);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
    return context.clientFor('https://api.example.com', 'k', { persistent: false }).http;
  }

  it('time out only once they are sent: a meeting’s 20 calls to a service answering in 1.5 s all arrive', async () => {
    vi.useFakeTimers();
    try {
      const http = slowService(1_500);
      const calls = Array.from({ length: 20 }, (_, i) =>
        http.request('GET', `/api/v2/insights/contact/c${i}`, { interactive: true, timeoutMs: INTERACTIVE_TIMEOUT_MS }).then(
          () => 'ok',
          (error: unknown) => (error as { kind?: string }).kind ?? 'error',
        ),
      );
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, () => 'ok'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a call someone waits for on screen go before the page lookups waiting', async () => {
    const limit = createLimiter(1);
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = limit(() => new Promise<void>((resolve) => (release = resolve)));
    const lookups = ['a', 'b'].map((name) => limit(() => Promise.resolve(order.push(name))));
    // A meeting's attendees, in their order: not the last first.
    const panel = ['maya', 'dan'].map((name) => limit(() => Promise.resolve(order.push(name)), true));
    release();
    await Promise.all([first, ...lookups, ...panel]);
    expect(order).toEqual(['maya', 'dan', 'a', 'b']);
  });
});

describe('calls on their way keep the service worker up', () => {
  it('pings every 20 s while a call to a silent service (and the waits between its attempts) lasts, and stops once it is done', async () => {
    vi.useFakeTimers();
    try {
      const ping = vi.fn(() => Promise.resolve());
      // A service that drops packets: every attempt times out.
      const fetch = (_input: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const clientOptions = { random: () => 1, timeoutMs: 15_000, retry: { attempts: 3, baseDelayMs: 25_000, maxDelayMs: 25_000 } };
      const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping, clientOptions });
      const http = context.clientFor('https://api.example.com', 'k', { persistent: '0123456789abcdef' }).http;
      const outcome = http.request('GET', '/api/v2/contacts').catch((error: unknown) => (error as { kind?: string }).kind);
      // 15 s, a 25 s wait, 15 s, a 25 s wait, 15 s: 95 s without an event of its own.
      await vi.advanceTimersByTimeAsync(94_000);
      expect(ping.mock.calls.length).toBe(4);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await outcome).toBe('timeout');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ping.mock.calls.length).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
