/**
 * The background cache is pruned to CACHE_MAX_BYTES only hourly (upkeep.ts), and takes any single
 * answer up to MAX_STORED_ENTRY_BYTES (1 MB) in between: the contact index's share leaves room for
 * that growth. With a 14,000-contact account's list, one long transcript, ten briefings and an
 * inbox's lookups within the hour after a prune, the next upload's record is still written.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContactIndex } from '@/lib/api/contact-index';
import { storageCacheStore, storageIndexPersistence } from '@/lib/background/browser-stores';
import { CACHE_MAX_BYTES } from '@/lib/background/upkeep';
import { MAX_STORED_ENTRY_BYTES } from '@/lib/background/cache';
import { PANEL_CACHE_MAX_BYTES } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { storageUploadStore } from '@/lib/upload/store';
import { uploadRecord } from '../upload/helpers';
import { enforceStorageQuota, largeAccountContacts, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

it('still writes an upload record after an hour of briefings and one long transcript since the last prune', async () => {
  // A 14,000-contact account: over the index's share even saved slim, so kept in memory only.
  const contacts = largeAccountContacts(14_000);
  const index = new ContactIndex(() => Promise.resolve({ contacts, complete: true }), { persistence: storageIndexPersistence('https://api.test', 'key-1') });
  await index.refresh();
  await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: 'x'.repeat(PANEL_CACHE_MAX_BYTES - 100) });
  // The cache as the hourly prune leaves it: at its share.
  let cached = 0;
  for (let i = 0; ; i++) {
    const key = `https://api.test|key-1|transcript|${i}`;
    const entry = { value: { text: 'y'.repeat(64 * 1024) }, storedAt: Date.now() };
    if (cached + storedSize({ [`cache:${key}`]: entry }) > CACHE_MAX_BYTES) break;
    await storageCacheStore.setMany({ [key]: entry });
    cached += storedSize({ [`cache:${key}`]: entry });
  }
  // Within the hour (before the next prune): one long transcript (under the per-entry limit, so
  // stored), ten briefings of 40 KB, and the lookups of 300 senders in the inbox. A write that does
  // not fit is dropped, as SwrCache.flush does.
  const cache = (key: string, value: unknown) => storageCacheStore.setMany({ [`https://api.test|key-1|${key}`]: { value, storedAt: Date.now() } }).catch(() => undefined);
  await cache('transcript|long', { text: 'z'.repeat(MAX_STORED_ENTRY_BYTES - 64 * 1024) });
  for (let i = 0; i < 10; i++) await cache(`insights|p${i}`, { summary: 'w'.repeat(40 * 1024) });
  for (let i = 0; i < 300; i++) {
    await cache(`contact-by-address|sender${i}@x.example`, { contact: { id: `c-${i}`, name: 'Someone Else', email: `sender${i}@x.example`, company: null, title: null }, matchedBy: 'email' });
  }

  // The user starts an upload.
  await expect(storageUploadStore().put(uploadRecord())).resolves.toBeUndefined();
});
