/**
 * The background cache is pruned to its share (CACHE_MAX_BYTES) hourly by upkeep.ts, and by itself
 * once it has written PRUNE_AFTER_WRITTEN_BYTES since: with the contact index and the panel's saved
 * cache at their shares, one busy hour of briefings (a 20-person meeting of busy contacts, as
 * persistence.ts sizes them: ~115 KB each, then ordinary briefings and an inbox's lookups) does
 * not take the room left to the uploads, and the next upload's record is still written.
 */
import { beforeEach, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SwrCache } from '@/lib/background/cache';
import { storageCacheStore, INDEX_KEY, INDEX_MAX_BYTES } from '@/lib/background/browser-stores';
import { CACHE_MAX_BYTES } from '@/lib/background/upkeep';
import { PANEL_CACHE_MAX_BYTES } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { storageUploadStore } from '@/lib/upload/store';
import { uploadRecord } from '../upload/helpers';
import { enforceStorageQuota, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

const HOUR = 60 * 60 * 1000;
const policy = { schema: z.unknown(), freshMs: HOUR, maxStaleMs: 24 * HOUR };

it('still writes an upload record after the cache took in one busy hour of briefings since its last prune', async () => {
  // The two other shares at (just under) their limits: a ~10,000-contact list, the panel's copies.
  await fakeBrowser.storage.local.set({ [INDEX_KEY]: { baseUrl: 'https://api.test', account: 'k', builtAt: Date.now(), contacts: 'i'.repeat(INDEX_MAX_BYTES - 200) } });
  await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: 'p'.repeat(PANEL_CACHE_MAX_BYTES - 100) });
  // The cache as the hourly prune leaves it: at its share.
  let cached = 0;
  for (let i = 0; ; i++) {
    const key = `https://api.test|k|insights|old${i}`;
    const entry = { value: { summary: 'o'.repeat(64 * 1024) }, storedAt: Date.now() };
    if (cached + storedSize({ [`cache:${key}`]: entry }) > CACHE_MAX_BYTES) break;
    await storageCacheStore.setMany({ [key]: entry });
    cached += storedSize({ [`cache:${key}`]: entry });
  }

  // Within the hour, through the real cache, written as SwrCache.flush writes them (each batch at
  // once, a batch that does not fit refused whole): the briefing of a 20-person meeting of busy
  // contacts (answers landing a few at a time), thirty ordinary briefings opened one by one, the
  // lookups of an inbox's senders (in a page's batches), then the senders hovered one at a time.
  const cache = new SwrCache(storageCacheStore);
  const answer = (key: string, value: unknown) => cache.get(`https://api.test|k|${key}`, () => Promise.resolve(value), policy);
  for (let i = 0; i < 20; i++) {
    await answer(`insights|busy${i}`, { summary: 'w'.repeat(115 * 1024) });
    if (i % 3 === 2) await cache.flush();
  }
  await cache.flush();
  for (let i = 0; i < 30; i++) {
    await answer(`insights|p${i}`, { summary: 'v'.repeat(10 * 1024) });
    await cache.flush();
  }
  const sender = (i: number) => ({ contact: { id: `c-${i}`, name: 'Someone Else', email: `sender${i}@x.example` }, matchedBy: 'email' });
  for (let i = 0; i < 400; i++) {
    await answer(`contact-by-address|sender${i}@x.example`, sender(i));
    if (i % 20 === 19) await cache.flush();
  }
  for (let i = 400; i < 450; i++) {
    await answer(`contact-by-address|sender${i}@x.example`, sender(i));
    await cache.flush();
  }

  // The user starts an upload (the popup's Upload: its record is the first thing written).
  await expect(storageUploadStore().put(uploadRecord())).resolves.toBeUndefined();
});
