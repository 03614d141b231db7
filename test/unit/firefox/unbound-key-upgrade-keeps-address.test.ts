/**
 * Firefox users upgrading from a version before the address binding (their API key stored `{v: 1}`,
 * sealed for any address, with the address saved plain beside it) lose both their API key and their
 * service address on the first start of this version: migrateUnboundKey binds the old key to the
 * saved address read through readSavedUrl, which on Firefox now believes only a signed copy (none
 * existed then) or the address a v2 key was sealed for (the key is v1). The address reads as none,
 * so the key is dropped and its wrapping key deleted for good; the options page shows an empty form
 * and every briefing says Primer is not set up. Chrome keeps both (the same upgrade, not stubbed).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings, migrateUnboundKey, resetSettingsForTests, settingsView } from '@/lib/background/settings';
import { deleteVault, storeUnboundKey } from '../background/vault-helpers';

const KEY = 'sk_live_0123456789abcdef';
const SVC = 'https://svc.example.com';

beforeEach(async () => {
  resetSettingsForTests();
  await deleteVault();
});
afterEach(() => vi.unstubAllEnvs());

describe('upgrading from a version before the address binding', () => {
  it('on Firefox keeps the saved address and binds the key to it', async () => {
    vi.stubEnv('FIREFOX', true as never);
    await fakeBrowser.storage.local.set({ serviceUrl: SVC });
    await storeUnboundKey(KEY);
    await migrateUnboundKey();
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
    expect(await settingsView()).toMatchObject({ serviceUrl: SVC, hasApiKey: true });
  });

  it('on Chrome keeps the saved address and binds the key to it (as before)', async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: SVC });
    await storeUnboundKey(KEY);
    await migrateUnboundKey();
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
  });
});
