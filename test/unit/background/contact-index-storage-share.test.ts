/**
 * storage.local holds 10 MB (no unlimitedStorage), in shares: the background cache 4 MB
 * (CACHE_MAX_BYTES), the panel's saved briefings 2 MB (PANEL_CACHE_MAX_BYTES), the contact index
 * 2 MB (INDEX_MAX_BYTES), the rest for settings and uploads. A large account's contact list
 * (30,000 contacts, about 6.4 MB as JSON) is kept in memory only, and its saved copy removed, so
 * an upload's record can still be written with the cache and the panel full to their shares.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContactIndex } from '@/lib/api/contact-index';
import { INDEX_KEY, INDEX_MAX_BYTES, storageCacheStore, storageIndexPersistence } from '@/lib/background/browser-stores';
import { CACHE_MAX_BYTES } from '@/lib/background/upkeep';
import { PANEL_CACHE_MAX_BYTES } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { storageUploadStore } from '@/lib/upload/store';
import { uploadRecord } from '../upload/helpers';
import { enforceStorageQuota, largeAccountContacts, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

it('leaves room for an upload’s record once the contact index of a large account is saved', async () => {
  // A 30,000-contact account, read once for name-only lookups (Calendar guests without addresses).
  const contacts = largeAccountContacts(30_000);
  const index = new ContactIndex(() => Promise.resolve({ contacts, complete: true }), { persistence: storageIndexPersistence('https://api.test', 'key-1') });
  await index.refresh();

  // The panel's saved briefings, within their cap.
  await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: 'x'.repeat(PANEL_CACHE_MAX_BYTES - 100) });
  // The background cache fills with lookups through the day, within its share: each write that
  // does not fit is refused (and dropped, as SwrCache.flush does).
  let cached = 0;
  const fill = async (prefix: string, value: unknown) => {
    for (let i = 0; ; i++) {
      const key = `https://api.test|key-1|${prefix}|${i}`;
      const entry = { value, storedAt: Date.now() };
      if (cached + storedSize({ [`cache:${key}`]: entry }) > CACHE_MAX_BYTES) return;
      if (!(await storageCacheStore.setMany({ [key]: entry }).then(() => true, () => false))) return;
      cached += storedSize({ [`cache:${key}`]: entry });
    }
  };
  // Transcripts and briefings, then the lookups' small answers.
  await fill('transcript', { text: 'y'.repeat(64 * 1024) });
  await fill('contact-by-address', { contact: { id: 'c-1', name: 'Someone', email: 'someone@x.example', company: null, title: null }, matchedBy: 'email' });
  expect(cached).toBeLessThanOrEqual(CACHE_MAX_BYTES);

  // The user starts an upload.
  await expect(storageUploadStore().put(uploadRecord())).resolves.toBeUndefined();
  // The list is still at hand for lookups, in memory.
  expect(await index.byEmail('firstname.lastname7@company7.example')).toMatchObject([{ id: 'c-100007' }]);
});

it('keeps a list within its share saved, and removes the saved copy once the list outgrows it', async () => {
  const persistence = storageIndexPersistence('https://api.test', 'key-1');
  const contact = (i: number) => ({ id: `c-${i}`, name: `Person ${i}`, email: `person${i}@acme.example`, company: null, title: null });
  await persistence.save({ contacts: [contact(1)], builtAt: 1, complete: true });
  expect(await persistence.load()).toMatchObject({ builtAt: 1 });

  const many = Array.from({ length: 60_000 }, (_, i) => contact(i));
  expect(JSON.stringify(many).length).toBeGreaterThan(INDEX_MAX_BYTES);
  await persistence.save({ contacts: many, builtAt: 2, complete: true });
  expect(await fakeBrowser.storage.local.get(INDEX_KEY)).toEqual({});
  expect(await persistence.load()).toBeNull();
});
