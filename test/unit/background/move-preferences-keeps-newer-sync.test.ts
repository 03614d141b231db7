/**
 * Moving this browser's old preferences (storage.local) to sync keeps what another of the user's
 * browsers, running a later version, synced already: its fields and site switches this version does
 * not know, and its list entries, those this version cannot read included. This browser's entries
 * join the lists; its switches only fill in sites the synced value does not name.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { movePreferencesToSync } from '@/lib/background/storage-access';
import { isExcludedAddress, readPreferences } from '@/lib/storage/preferences';

beforeEach(() => {
  fakeBrowser.reset();
});

// Another of the user's computers runs a later Primer: it synced a switch for a site this version
// does not know (turned off there) and a field of its own. This computer then updates from a version
// that kept its preferences in storage.local, and moves them to sync.
it('moving this browser’s old preferences keeps what a later version synced besides (a new site switched off)', async () => {
  const synced = {
    sites: { 'google-calendar': true, gmail: true, outlook: true, teams: false },
    excludedDomains: ['corp.example'],
    ownAddresses: [],
    pausedUntil: 1_900_000_000_000,
  };
  await fakeBrowser.storage.sync.set({ preferences: synced });
  await fakeBrowser.storage.local.set({
    preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['home.example'], ownAddresses: [] },
  });
  await movePreferencesToSync();
  const after = (await fakeBrowser.storage.sync.get('preferences')).preferences as typeof synced;
  expect(after.excludedDomains).toEqual(['corp.example', 'home.example']);
  // The later version reads an absent switch as on: Teams would start being read again there.
  expect(after.sites.teams).toBe(false);
  expect(after.pausedUntil).toBe(1_900_000_000_000);
});

// The same computer, where the later version's synced value has one entry this version cannot read
// (an exclusion with an end date): the whole synced value was replaced by this browser's own.
it('moving this browser’s old preferences never drops the domains another browser excluded, even beside an entry it cannot read', async () => {
  await fakeBrowser.storage.sync.set({
    preferences: {
      sites: { 'google-calendar': true, gmail: true, outlook: true },
      excludedDomains: ['corp.example', { domain: 'client.example', until: 1_900_000_000_000 }],
      ownAddresses: ['me@corp.example'],
    },
  });
  await fakeBrowser.storage.local.set({
    preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['home.example'], ownAddresses: [] },
  });
  await movePreferencesToSync();
  const after = (await fakeBrowser.storage.sync.get('preferences')).preferences as { excludedDomains: unknown[]; ownAddresses: string[] };
  expect(after.excludedDomains).toContain('corp.example');
  expect(after.excludedDomains).toContainEqual({ domain: 'client.example', until: 1_900_000_000_000 });
  expect(after.excludedDomains).toContain('home.example');
  expect(after.ownAddresses).toContain('me@corp.example');
});

// Pages and the panel read the joined value as they read any: the entries they can read apply.
it('the joined value, with an entry this version cannot read, still keeps out both browsers’ domains here', async () => {
  await fakeBrowser.storage.sync.set({
    preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['corp.example', { domain: 'client.example', until: 1 }], ownAddresses: [] },
  });
  await fakeBrowser.storage.local.set({
    preferences: { sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: ['home.example'], ownAddresses: ['me@home.example'] },
  });
  await movePreferencesToSync();
  const read = await readPreferences();
  expect(read).toEqual({ sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['corp.example', 'home.example'], ownAddresses: ['me@home.example'] });
  expect(isExcludedAddress('ann@corp.example', read)).toBe(true);
  expect(isExcludedAddress('bob@home.example', read)).toBe(true);
});
