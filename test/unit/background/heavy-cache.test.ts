import { describe, expect, it } from 'vitest';
import { SwrCache, type CacheStore } from '@/lib/background/cache';
import { toTranscript } from '@/lib/api/normalise/transcripts';
import { TranscriptSchema } from '@/lib/models';

/** A store that counts what each write hands to storage.local, as UTF-8 JSON (as the quota counts it). */
function countingStore(): CacheStore & { written: number } {
  const data = new Map<string, unknown>();
  const store = {
    written: 0,
    get: (key: string) => Promise.resolve(data.get(key)),
    setMany: (entries: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(entries)) {
        store.written += new TextEncoder().encode(key + JSON.stringify(value)).length;
        data.set(key, value);
      }
      return Promise.resolve();
    },
    remove: (keys: string[]) => (keys.forEach((key) => data.delete(key)), Promise.resolve()),
    keys: () => Promise.resolve([...data.keys()]),
  };
  return store;
}

const WEEK = 7 * 24 * 60 * 60 * 1000;
const policy = { schema: TranscriptSchema, freshMs: WEEK, maxStaleMs: 4 * WEEK };

describe('the background cache and a transcript sent as one 2 MB text', () => {
  it('answers it, but does not write megabytes of it to storage.local (10 MB shared with settings and uploads; pruned to 4 MB only hourly)', async () => {
    const line = 'Maya Chen: ' + 'we should look at the pricing for the next quarter and decide. '.repeat(2);
    const text = Array.from({ length: Math.ceil(2_000_000 / (line.length + 1)) }, () => line).join('\n');
    const store = countingStore();
    const cache = new SwrCache(store);
    const answer = await cache.get('s|transcript|r1', () => Promise.resolve(toTranscript({ text }, 'r1')), policy);
    expect(answer.value.segments.length).toBeGreaterThan(14_000);
    await cache.flush();
    // Before: 2.65 MB written for this one answer; three such openings in an hour fill the quota.
    expect(store.written).toBeLessThanOrEqual(1024 * 1024);
    // Still answered from memory while the worker lives.
    const again = await cache.get('s|transcript|r1', () => Promise.reject(new Error('not asked')), policy);
    expect(again.value.segments).toHaveLength(answer.value.segments.length);
  });
});
