/**
 * What the background stores about contacts, read back with zod: the local index keeps every
 * address of a contact, and what was stored before contacts had an address list still parses.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearContactIndex, clearQuiet, sessionQuietStore, storageDiscoveryStore, storageIndexPersistence } from '@/lib/background/browser-stores';
import { CONTACT_POLICY } from '@/lib/background/handlers/contacts';

const BASE = 'https://api.test';
const ann = { id: 'a', name: 'Ann Lee', email: 'ann@new.example', company: null, title: null };

describe('stored contacts', () => {
  it('keeps every address of a contact in the saved index', async () => {
    const persistence = storageIndexPersistence(BASE);
    await persistence.save({ contacts: [{ ...ann, emails: ['ann@new.example', 'ann@old.example'] }], builtAt: 5 });
    expect((await persistence.load())?.contacts[0]?.emails).toEqual(['ann@new.example', 'ann@old.example']);
  });

  it('does not save a list paged under settings changed since (the old account’s contacts)', async () => {
    const old = storageIndexPersistence(BASE);
    // The user saves another key for the same address while the old list is still being paged.
    await clearContactIndex();
    await old.save({ contacts: [ann], builtAt: 5 });
    const current = storageIndexPersistence(BASE);
    expect(await current.load()).toBeNull();
    await current.save({ contacts: [], builtAt: 6 });
    expect(await current.load()).toMatchObject({ builtAt: 6, contacts: [] });
  });

  it('keeps a rate limit’s quiet per address, and none a client of the old settings reports after they changed', async () => {
    const old = sessionQuietStore(BASE);
    await old.set(1_000);
    expect(await sessionQuietStore(BASE).get()).toBe(1_000);
    expect(await sessionQuietStore('https://other.test').get()).toBe(0);
    await clearQuiet();
    expect(await sessionQuietStore(BASE).get()).toBe(0);
    // A 429 answered to the old key's call after the settings changed.
    await old.set(2_000);
    const current = sessionQuietStore(BASE);
    expect(await current.get()).toBe(0);
    await current.set(3_000);
    expect(await current.get()).toBe(3_000);
  });

  it('reads an index saved before contacts had an address list', async () => {
    await fakeBrowser.storage.local.set({ contactIndex: { baseUrl: BASE, builtAt: 5, contacts: [ann] } });
    expect(await storageIndexPersistence(BASE).load()).toEqual({ baseUrl: BASE, builtAt: 5, contacts: [ann] });
  });

  it('reads a cached match stored before contacts had an address list', () => {
    expect(CONTACT_POLICY.schema.safeParse({ contact: ann, matchedBy: 'email' }).data).toEqual({ contact: ann, matchedBy: 'email' });
  });

  it('keeps a match by name as briefly as "not a contact" (a namesake added since makes the name no one’s), one by address longer', () => {
    expect(CONTACT_POLICY.briefly?.({ contact: ann, matchedBy: 'name' })).toBe(true);
    expect(CONTACT_POLICY.briefly?.(null)).toBe(true);
    expect(CONTACT_POLICY.briefly?.({ contact: ann, matchedBy: 'email' })).toBe(false);
  });

  it('saves and reads whether the whole contact list was read', async () => {
    await storageIndexPersistence(BASE).save({ builtAt: 7, contacts: [ann], complete: false });
    expect(await storageIndexPersistence(BASE).load()).toMatchObject({ builtAt: 7, complete: false });
  });

  it('keeps both of two discovery updates made at once (the contact lookup calibrated while the insights route is learnt)', async () => {
    await Promise.all([
      storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: 1 }),
      storageDiscoveryStore.update(BASE, { recordingInsights: 'insights-path', recordingInsightsCheckedAt: 2 }),
    ]);
    expect(await storageDiscoveryStore.get(BASE)).toMatchObject({ contactLookup: 'email-param', recordingInsights: 'insights-path' });
  });

  it('reads discovery address by address: a record a later version wrote is absent for its address only, and kept as it is', async () => {
    const later = { contactLookup: 'graphql', contactLookupCheckedAt: 1, recordingInsights: null, recordingInsightsCheckedAt: null };
    await fakeBrowser.storage.local.set({ discovery: { [BASE]: { ...later, contactLookup: 'email-param' }, 'https://other.test': later } });
    expect(await storageDiscoveryStore.get(BASE)).toMatchObject({ contactLookup: 'email-param' });
    await storageDiscoveryStore.update(BASE, { recordingInsights: 'embedded', recordingInsightsCheckedAt: 2 });
    const { discovery } = await fakeBrowser.storage.local.get('discovery');
    expect(discovery).toEqual({ [BASE]: { ...later, contactLookup: 'email-param', recordingInsights: 'embedded', recordingInsightsCheckedAt: 2 }, 'https://other.test': later });
  });
});
