import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeLocalStorageToPages, movePreferencesToSync, PREFERENCES_BEFORE_SYNC_KEY } from '@/lib/background/storage-access';
import { DEFAULT_PREFERENCES, PREFERENCES_MAX_BYTES, readPreferences } from '@/lib/storage/preferences';

type Area = { setAccessLevel?: unknown };
const local = fakeBrowser.storage.local as unknown as Area;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  delete local.setAccessLevel;
});

describe('closeLocalStorageToPages', () => {
  it('opens storage.local to trusted contexts only, where the browser can', async () => {
    const setAccessLevel = vi.fn(() => Promise.resolve());
    local.setAccessLevel = setAccessLevel;
    expect(await closeLocalStorageToPages()).toBe(true);
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('says so where it cannot: Firefox has no switch, Chrome before 140 refuses it for local', async () => {
    expect(await closeLocalStorageToPages()).toBe(false);
    local.setAccessLevel = vi.fn(() => Promise.reject(new Error('This StorageArea does not support setAccessLevel.')));
    expect(await closeLocalStorageToPages()).toBe(false);
  });
});

describe('movePreferencesToSync', () => {
  const mine = { sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: ['primer.example'], ownAddresses: ['me@primer.example'] };

  it('moves preferences an earlier version kept in storage.local to where pages read them', async () => {
    await fakeBrowser.storage.local.set({ preferences: mine });
    expect(await readPreferences()).toEqual(DEFAULT_PREFERENCES);
    await movePreferencesToSync();
    expect(await readPreferences()).toEqual(mine);
    expect(await fakeBrowser.storage.local.get('preferences')).toEqual({});
  });

  it('keeps what another of the user’s browsers synced already', async () => {
    const synced = { ...mine, excludedDomains: ['synced.example'] };
    await fakeBrowser.storage.sync.set({ preferences: synced });
    await fakeBrowser.storage.local.set({ preferences: mine });
    await movePreferencesToSync();
    expect(await readPreferences()).toEqual(synced);
    expect(await fakeBrowser.storage.local.get('preferences')).toEqual({});
  });

  it('moves lists too long for storage.sync cut to fit, keeping the whole of them in storage.local', async () => {
    const domains = Array.from({ length: 600 }, (_, i) => `partner-${String(i).padStart(4, '0')}.example.com`);
    const long = { ...mine, excludedDomains: domains };
    await fakeBrowser.storage.local.set({ preferences: long });
    await movePreferencesToSync();
    const moved = await readPreferences();
    expect(moved.sites).toEqual(mine.sites);
    expect(moved.ownAddresses).toEqual(mine.ownAddresses);
    expect(moved.excludedDomains.length).toBeGreaterThan(100);
    expect(moved.excludedDomains).toEqual(domains.slice(0, moved.excludedDomains.length));
    expect(new TextEncoder().encode('preferences' + JSON.stringify(moved)).length).toBeLessThanOrEqual(PREFERENCES_MAX_BYTES);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ [PREFERENCES_BEFORE_SYNC_KEY]: long });
  });

  it('cuts the list that is larger in bytes, not the one with more entries', async () => {
    const ownAddresses = Array.from({ length: 40 }, (_, i) => `me${String(i)}@primer.example`);
    const excludedDomains = Array.from({ length: 30 }, (_, i) => `${'very-long-subdomain-name-'.repeat(12)}${String(i)}.example.com`);
    await fakeBrowser.storage.local.set({ preferences: { ...mine, ownAddresses, excludedDomains } });
    await movePreferencesToSync();
    const moved = await readPreferences();
    expect(moved.ownAddresses).toEqual(ownAddresses);
    expect(moved.excludedDomains.length).toBeLessThan(30);
  });

  it('changes nothing when there is nothing to move', async () => {
    await movePreferencesToSync();
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
});
