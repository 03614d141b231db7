// @vitest-environment node
/**
 * An upload's account is now the key's HMAC tag made with a key kept in the vault (IndexedDB),
 * not a function of the API key alone. When the vault is lost (the extension's site data cleared,
 * as key-vault.ts unseal allows for) the user is asked for the key again and enters the same one,
 * but it now gets another tag: every upload still waiting for complete-upload or for processing
 * says "This recording was created with another API key … Save that key in Primer's options again
 * to finish it." Saving it again, as told, never helps: the recording cannot be finished from
 * Primer any more. Before, the same key always gave the same account.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { ServiceContext } from '@/lib/background/service-context';
import { resetSettingsForTests, saveSettings } from '@/lib/background/settings';
import { recordingClient } from '@/lib/background/uploads';
import { deleteVault } from '../background/vault-helpers';

const BASE = 'https://api.test';
const KEY = 'sk_live_0123456789abcdef';

beforeEach(async () => {
  await deleteVault();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('finishes an upload once the user saves the very key it was made with again after the vault was lost', async () => {
  const before = new ServiceContext({ cacheStore: storageCacheStore, ping: () => Promise.resolve() });
  await before.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: KEY }));
  // The account an upload's recording was created in (uploads.ts requestUrl).
  const account = (await before.client()).cacheScope;

  // The site data goes; a new worker starts; the key no longer opens and the user enters it again, as asked.
  await deleteVault();
  const context = new ServiceContext({ cacheStore: storageCacheStore, ping: () => Promise.resolve() });
  await context.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: KEY }));

  await expect(recordingClient(context, BASE, account)).resolves.toBeDefined();
});
