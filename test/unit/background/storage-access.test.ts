import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeLocalStorageToPages, movePreferencesToSync } from '@/lib/background/storage-access';
import { DEFAULT_PREFERENCES, readPreferences } from '@/lib/storage/preferences';

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

  it('changes nothing when there is nothing to move', async () => {
    await movePreferencesToSync();
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
});
