/**
 * The cache prunes itself once it has written PRUNE_AFTER_WRITTEN_BYTES since its last prune. MV3
 * stops an idle worker within a minute: the count is kept in storage.session, so a new worker goes
 * on counting instead of reading the whole of storage.local (the contact index and the panel's saved
 * cache included, megabytes) to prune at its first write. With nothing kept (a new browser
 * session), what was written since the last prune is unknown, and the first write prunes.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PRUNE_AFTER_WRITTEN_BYTES, SwrCache } from '@/lib/background/cache';
import { storageCacheStore } from '@/lib/background/browser-stores';

const HOUR = 60 * 60 * 1000;
const policy = { schema: z.unknown(), freshMs: HOUR, maxStaleMs: 24 * HOUR };

beforeEach(() => fakeBrowser.reset());

/** A worker's cache answering one call for `key` with `value`, its write done; how often it listed the store's keys (a prune). */
async function workerAnswers(key: string, value: unknown): Promise<number> {
  const listed = vi.spyOn(storageCacheStore, 'keys');
  try {
    const cache = new SwrCache(storageCacheStore);
    await cache.get(`https://api.test|k|${key}`, () => Promise.resolve(value), policy);
    await cache.flush();
    return listed.mock.calls.length;
  } finally {
    listed.mockRestore();
  }
}

it('a new worker goes on counting what the last one wrote, and does not prune at its first write', async () => {
  // A new browser session: nothing kept, the first write prunes.
  expect(await workerAnswers('insights|a', { summary: 'a' })).toBe(1);
  // The worker stops; the next one's first write is counted on from the last.
  expect(await workerAnswers('insights|b', { summary: 'b' })).toBe(0);
  expect(await workerAnswers('insights|c', { summary: 'c' })).toBe(0);
});

it('a new worker prunes once what the workers wrote since the last prune passes the limit', async () => {
  expect(await workerAnswers('insights|a', { summary: 'a' })).toBe(1);
  const large = { summary: 'x'.repeat(PRUNE_AFTER_WRITTEN_BYTES / 2) };
  expect(await workerAnswers('insights|b', large)).toBe(0);
  expect(await workerAnswers('insights|c', large)).toBe(1);
  // Counted from that prune.
  expect(await workerAnswers('insights|d', { summary: 'd' })).toBe(0);
});
