/**
 * An answer over MAX_STORED_ENTRY_BYTES is kept in memory only, and an older stored copy of its key
 * is removed. The removal's own storage.onChanged echo must not drop the answer from memory: it is
 * then fetched again (megabytes) on the next opening.
 */
import { expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { SwrCache } from '@/lib/background/cache';
import { storageCacheStore } from '@/lib/background/browser-stores';

const policy = { schema: z.string(), freshMs: 1000, maxStaleMs: 100_000 };

it('keeps in memory a large answer that replaced a small stored copy of the same key', async () => {
  let now = 0;
  const cache = new SwrCache(storageCacheStore, () => now);
  // A small first answer (an empty transcript just after the recording ended) is stored.
  await cache.get('s|transcript|r1', () => Promise.resolve('(empty)'), policy);
  await cache.flush();
  now = 5000;
  // Refreshed behind its stale copy: the whole transcript, 2 MB.
  const large = 'x'.repeat(2 * 1024 * 1024);
  await cache.get('s|transcript|r1', () => Promise.resolve(large), policy);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await cache.flush();
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Still answered from memory while the worker lives, not fetched again.
  const again = vi.fn(() => Promise.resolve(large));
  expect((await cache.get('s|transcript|r1', again, policy)).value).toHaveLength(large.length);
  expect(again).not.toHaveBeenCalled();
});
