/**
 * The preferences as pages read them: field by field, so a value one part of which does not read
 * (a site a later version added, a stray entry) keeps the excluded domains and own addresses.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, preferencesItem, readPreferences } from '@/lib/storage/preferences';

describe('preferences', () => {
  it('keeps the lists and switches that read when another part does not', async () => {
    await fakeBrowser.storage.sync.set({
      [PREFERENCES_KEY]: { sites: { 'google-calendar': true, gmail: false, teams: true }, excludedDomains: ['acme.com', 7, null], ownAddresses: 'not a list' },
    });
    expect(await readPreferences()).toEqual({ sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: ['acme.com'], ownAddresses: [] });
  });

  it('reads anything else as the defaults', async () => {
    for (const value of [undefined, null, 'x', 5, [], { sites: null }]) {
      await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: value });
      expect(await readPreferences(), JSON.stringify(value)).toEqual(DEFAULT_PREFERENCES);
    }
  });

  it('keeps, when saving, what a later version stores besides (a new site’s switch, a new list)', async () => {
    await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: { sites: { 'google-calendar': true, gmail: true, outlook: true, teams: false }, excludedDomains: [], ownAddresses: [], mutedPeople: ['x@y.z'] } });
    await preferencesItem.setValue({ sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: ['acme.com'], ownAddresses: [] });
    expect((await fakeBrowser.storage.sync.get(PREFERENCES_KEY))[PREFERENCES_KEY]).toEqual({
      sites: { 'google-calendar': true, gmail: false, outlook: true, teams: false },
      excludedDomains: ['acme.com'],
      ownAddresses: [],
      mutedPeople: ['x@y.z'],
    });
  });
});
