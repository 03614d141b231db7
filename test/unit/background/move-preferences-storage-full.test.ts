/**
 * The first start after updating from a version that kept preferences in storage.local, whose
 * storage is often full then (it bounded none of what it kept). Lists too long for storage.sync are
 * cut to fit and written there first, so pages apply the user's excluded domains (and own
 * addresses) at once; the whole lists' local note (PREFERENCES_BEFORE_SYNC_KEY), refused for want
 * of room, does not hold them back: the old copy makes room for it (kept, a later start would join
 * it with the synced lists again and bring back entries the user removed meanwhile).
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { movePreferencesToSync } from '@/lib/background/storage-access';
import { isExcludedAddress, PREFERENCES_BEFORE_SYNC_KEY, readPreferences } from '@/lib/storage/preferences';
import { enforceStorageQuota, QUOTA_BYTES, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

it('applies the excluded domains on the sites even when storage.local has no room for the copy of the whole lists', async () => {
  const domains = ['mycompany.example', ...Array.from({ length: 600 }, (_, i) => `partner-${String(i).padStart(4, '0')}.example.com`)];
  const old = { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: domains, ownAddresses: ['me@mycompany.example'] };
  await fakeBrowser.storage.local.set({ preferences: old });
  // What the earlier version kept besides, filling its storage but for a few bytes.
  const used = storedSize({ preferences: old });
  await fakeBrowser.storage.local.set({ panelQueryCache: 'x'.repeat(QUOTA_BYTES - used - 100 - storedSize({ panelQueryCache: '' })) });

  await movePreferencesToSync().catch(() => undefined);

  // What every page reads: a colleague at the user's own company is not looked up.
  const onPages = await readPreferences();
  expect(isExcludedAddress('colleague@mycompany.example', onPages)).toBe(true);
  // The old copy gave its room to the note of the whole lists.
  const local = await fakeBrowser.storage.local.get(null);
  expect(local).not.toHaveProperty('preferences');
  expect(local[PREFERENCES_BEFORE_SYNC_KEY]).toMatchObject({ excludedDomains: domains, ownAddresses: ['me@mycompany.example'] });

  // A later start changes nothing.
  const synced = await fakeBrowser.storage.sync.get(null);
  await movePreferencesToSync();
  expect(await fakeBrowser.storage.sync.get(null)).toEqual(synced);
});
