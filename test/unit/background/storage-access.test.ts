import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeLocalStorageToPages, movePreferencesToSync } from '@/lib/background/storage-access';
import { DEFAULT_PREFERENCES, PREFERENCES_BEFORE_SYNC_KEY, PREFERENCES_MAX_BYTES, readPreferences } from '@/lib/storage/preferences';

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

  it('keeps the switches another of the user’s browsers synced already, and joins the lists: nothing this browser kept out is looked up after the move', async () => {
    const synced = { sites: { 'google-calendar': true, gmail: true, outlook: false }, excludedDomains: ['synced.example', 'primer.example'], ownAddresses: ['home@primer.example'] };
    await fakeBrowser.storage.sync.set({ preferences: synced });
    await fakeBrowser.storage.local.set({ preferences: { ...mine, excludedDomains: ['corp.example', 'primer.example'] } });
    await movePreferencesToSync();
    expect(await readPreferences()).toEqual({
      sites: synced.sites,
      excludedDomains: ['synced.example', 'primer.example', 'corp.example'],
      ownAddresses: ['home@primer.example', 'me@primer.example'],
    });
    expect(await fakeBrowser.storage.local.get('preferences')).toEqual({});
  });

  it('keeps the joined lists whole when they must be cut: what is cut may be another browser’s entries', async () => {
    const theirs = Array.from({ length: 200 }, (_, i) => `theirs-${String(i).padStart(3, '0')}.example.com`);
    const ours = Array.from({ length: 200 }, (_, i) => `ours-${String(i).padStart(3, '0')}.example.com`);
    await fakeBrowser.storage.sync.set({ preferences: { ...mine, excludedDomains: theirs } });
    await fakeBrowser.storage.local.set({ preferences: { ...mine, excludedDomains: ours } });
    await movePreferencesToSync();
    const kept = (await fakeBrowser.storage.local.get(PREFERENCES_BEFORE_SYNC_KEY))[PREFERENCES_BEFORE_SYNC_KEY] as { excludedDomains: string[] };
    expect(kept.excludedDomains).toEqual([...theirs, ...ours]);
    expect((await readPreferences()).excludedDomains.length).toBeLessThan(400);
  });

  it('spreads no preferences it cannot read to the user’s other browsers, and keeps them', async () => {
    const broken = { sites: 'all', excludedDomains: 'corp.example' };
    await fakeBrowser.storage.local.set({ preferences: broken });
    await movePreferencesToSync();
    expect(await fakeBrowser.storage.sync.get('preferences')).toEqual({});
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ [PREFERENCES_BEFORE_SYNC_KEY]: broken });
  });

  it('cuts by bytes, as storage.sync counts: a list of non-Latin domains is larger than its characters say', async () => {
    // 13 characters but 21 bytes a domain; 31 of each an address: counted in characters, the
    // addresses looked the larger list, and were cut though cutting domains alone fits.
    const excludedDomains = Array.from({ length: 280 }, (_, i) => `ドメイン${String(i).padStart(3, '0')}.jp`);
    const ownAddresses = Array.from({ length: 110 }, (_, i) => `colleague.no.${String(i).padStart(3, '0')}@primer.example`);
    const size = (list: string[]) => [JSON.stringify(list).length, new TextEncoder().encode(JSON.stringify(list)).length];
    expect(size(excludedDomains)[0]).toBeLessThan(size(ownAddresses)[0]!);
    expect(size(excludedDomains)[1]).toBeGreaterThan(size(ownAddresses)[1]!);
    await fakeBrowser.storage.local.set({ preferences: { ...mine, excludedDomains, ownAddresses } });
    await movePreferencesToSync();
    const moved = await readPreferences();
    expect(moved.ownAddresses).toHaveLength(110);
    expect(moved.excludedDomains.length).toBeLessThan(280);
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
