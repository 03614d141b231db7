/**
 * Firefox (MV2): the background is a persistent page that lives as long as the browser. An answer
 * over MAX_STORED_ENTRY_BYTES (a long meeting's transcript) is kept in the background's memory only
 * "while the worker lives" (large-entry-memory.test.ts): in Chrome that is until the idle service
 * worker stops, seconds after the panel closes; in Firefox it is until the browser quits. Nothing
 * ever lets go of such a copy: not its age, not the hourly upkeep that keeps the cache to its share
 * (CACHE_MAX_BYTES). Every long transcript opened in a Firefox session stayed in memory, days later.
 * The hourly prune now holds them to the stored answers' age and to the cache's share, oldest first.
 */
import { expect, it } from 'vitest';
import { z } from 'zod/mini';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { CACHE_MAX_BYTES, SwrCache } from '@/lib/background/cache';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';

const WEEK = 7 * 24 * 60 * 60 * 1000;
// As handlers/recordings.ts asks for a transcript.
const policy = { schema: z.string(), freshMs: WEEK, maxStaleMs: 4 * WEEK };

it('does not hold every long transcript opened in a Firefox session in memory for good', async () => {
  let now = Date.UTC(2026, 0, 5);
  const cache = new SwrCache(storageCacheStore, () => now);
  // Twelve long meetings' transcripts (1.5 MB each) read in the panel during the first day.
  for (let i = 0; i < 12; i++) {
    await cache.get(`s|transcript|r${i}`, () => Promise.resolve(String(i).padEnd(1.5 * 1024 * 1024, 'x')), policy);
    await cache.flush();
  }
  // Firefox stays open: five weeks of hourly upkeeps (upkeep.ts) pass.
  now += 5 * WEEK;
  await cache.prune(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES);
  await new Promise((resolve) => setTimeout(resolve, 0));

  // What the background still holds of them (dropWhere is shown every answer it keeps in memory).
  let held = 0;
  await cache.dropWhere('s|transcript|', (value) => {
    held += typeof value === 'string' ? value.length : 0;
    return false;
  });
  expect(held).toBeLessThanOrEqual(CACHE_MAX_BYTES);
}, 60_000);

it('holds the long transcripts of one day to the cache’s share, the newest kept', async () => {
  const now = Date.UTC(2026, 0, 5);
  let at = now;
  const cache = new SwrCache(storageCacheStore, () => at);
  for (let i = 0; i < 12; i++) {
    at = now + i * 60_000;
    await cache.get(`s|transcript|r${i}`, () => Promise.resolve(String(i).padEnd(1.5 * 1024 * 1024, 'x')), policy);
    await cache.flush();
  }
  await cache.prune(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES);
  const held: string[] = [];
  await cache.dropWhere('s|transcript|', (value) => {
    if (typeof value === 'string') held.push(value.replace(/x+$/, ''));
    return false;
  });
  // Each 1.5 MB: the two newest fit the 4 MB share.
  expect(held.sort()).toEqual(['10', '11']);
}, 60_000);
