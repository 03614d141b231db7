/**
 * The first start after updating from a version that kept preferences in storage.local, whose
 * storage is often full then (it bounded none of what it kept). Lists too long for storage.sync are
 * cut to fit and written there first, so pages apply the user's excluded domains (and own
 * addresses) at once; the whole lists' local note (PREFERENCES_BEFORE_SYNC_KEY), refused for want
 * of room, does not hold them back: the old copy makes room for it. Kept, each later start of the
 * worker (MV3 stops an idle one within a minute) joined it with the synced lists again, and brought
 * back an entry the user had removed on the options page meanwhile. With another browser's lists
 * synced already, the whole lists' note is larger than the room the old copy leaves: this browser's
 * own lists (the ones cut among them) are noted instead, not nothing.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { movePreferencesToSync } from '@/lib/background/storage-access';
import { isExcludedAddress, PREFERENCES_BEFORE_SYNC_KEY, preferencesItem, readPreferences } from '@/lib/storage/preferences';
import { enforceStorageQuota, QUOTA_BYTES, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

const domains = ['mycompany.example', ...Array.from({ length: 600 }, (_, i) => `partner-${String(i).padStart(4, '0')}.example.com`)];

/** An earlier version's local preferences, with what it kept besides filling storage but for a few bytes. */
async function oldListsInFullStorage(): Promise<void> {
  const old = { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: domains, ownAddresses: ['me@mycompany.example'] };
  await fakeBrowser.storage.local.set({ preferences: old });
  const used = storedSize({ preferences: old });
  await fakeBrowser.storage.local.set({ panelQueryCache: 'x'.repeat(QUOTA_BYTES - used - 100 - storedSize({ panelQueryCache: '' })) });
}

it('applies the excluded domains on the sites even when storage.local has no room for the copy of the whole lists', async () => {
  await oldListsInFullStorage();

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

it('does not bring back an entry the user removed after the lists were synced', async () => {
  await oldListsInFullStorage();
  await movePreferencesToSync().catch(() => undefined);
  const synced = await readPreferences();
  expect(synced.excludedDomains).toContain('partner-0000.example.com');

  // On the options page the user removes a partner they now do want briefings on.
  await preferencesItem.setValue({ ...synced, excludedDomains: synced.excludedDomains.filter((d) => d !== 'partner-0000.example.com') });
  expect((await readPreferences()).excludedDomains).not.toContain('partner-0000.example.com');

  // The worker stops when idle and starts again.
  await movePreferencesToSync().catch(() => undefined);
  expect((await readPreferences()).excludedDomains).not.toContain('partner-0000.example.com');
});

it('keeps every domain this browser excluded somewhere when another browser synced lists already', async () => {
  const otherBrowsers = Array.from({ length: 150 }, (_, i) => `vendor-${String(i).padStart(4, '0')}.example.org`);
  await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: otherBrowsers, ownAddresses: [] } });
  await oldListsInFullStorage();

  await movePreferencesToSync().catch(() => undefined);

  // On the pages, or in the note the options page reads (or in the old copy, for a later start).
  const onPages = (await readPreferences()).excludedDomains;
  const local = await fakeBrowser.storage.local.get(null);
  const noted = (local[PREFERENCES_BEFORE_SYNC_KEY] as { excludedDomains?: string[] } | undefined)?.excludedDomains ?? [];
  const oldCopy = (local.preferences as { excludedDomains?: string[] } | undefined)?.excludedDomains ?? [];
  expect(domains.filter((domain) => !onPages.includes(domain) && !noted.includes(domain) && !oldCopy.includes(domain))).toEqual([]);
});
