/**
 * movePreferencesToSync runs on every start of the worker. With storage.local full, it now syncs
 * the lists first and keeps the old local copy for a later start (move-preferences-storage-full).
 * The user sees those lists on the options page at once and may remove an entry; the next start
 * of the worker (MV3 stops an idle one within a minute) joins the old local copy with what is
 * synced again, and the entry the user removed is back in effect on every page.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { movePreferencesToSync } from '@/lib/background/storage-access';
import { preferencesItem, readPreferences } from '@/lib/storage/preferences';
import { enforceStorageQuota, QUOTA_BYTES, storedSize } from '../support/storage-quota';

beforeEach(enforceStorageQuota);

it('does not bring back an entry the user removed after the lists were synced', async () => {
  const domains = ['mycompany.example', ...Array.from({ length: 600 }, (_, i) => `partner-${String(i).padStart(4, '0')}.example.com`)];
  const old = { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: domains, ownAddresses: ['me@mycompany.example'] };
  await fakeBrowser.storage.local.set({ preferences: old });
  const used = storedSize({ preferences: old });
  await fakeBrowser.storage.local.set({ panelQueryCache: 'x'.repeat(QUOTA_BYTES - used - 100 - storedSize({ panelQueryCache: '' })) });

  // First start after the update: synced, the local note refused.
  await movePreferencesToSync().catch(() => undefined);
  const synced = await readPreferences();
  expect(synced.excludedDomains).toContain('partner-0000.example.com');

  // On the options page the user removes a partner they now do want briefings on.
  await preferencesItem.setValue({ ...synced, excludedDomains: synced.excludedDomains.filter((d) => d !== 'partner-0000.example.com') });
  expect((await readPreferences()).excludedDomains).not.toContain('partner-0000.example.com');

  // The worker stops when idle and starts again (storage still full, or freed meanwhile).
  await movePreferencesToSync().catch(() => undefined);
  expect((await readPreferences()).excludedDomains).not.toContain('partner-0000.example.com');
});
