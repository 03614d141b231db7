// @vitest-environment node
/**
 * upload-account.ts renames an earlier version's upload account to the new tag only when it
 * equals `<address in effect>|key-<hash of the key in effect>`. An upload made on another address
 * with the same key (the row says "This recording was created on A, and Primer now uses B. Set
 * Primer back to A to finish it.") is renamed to `A|tag-retired` instead, though the key that made
 * it is right here. When the user does as told and sets Primer back to A with that key, the row
 * now says "created with another API key … Save that key in Primer's options again", and no save
 * ever finishes it. Before the update, setting Primer back finished it.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { legacyAccountRenames } from '@/lib/background/upload-account';
import { ServiceContext } from '@/lib/background/service-context';
import { resetSettingsForTests, saveSettings } from '@/lib/background/settings';
import { recordingClient } from '@/lib/background/uploads';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, memoryStore, T0, uploadRecord } from './helpers';
import { fnv } from '../background/vault-helpers';

const OLD = 'https://old.api.test';
const NEW = 'https://api.test';
const KEY = 'sk_live_0123456789abcdef';

beforeEach(() => {
  resetVaultForTests();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('lets an upload made on another address with the key in effect finish once Primer is set back to that address', async () => {
  await saveSettings({ serviceUrl: NEW, apiKey: KEY });
  const store = memoryStore([uploadRecord({ state: 'processing', recordingId: 'rec-1', putDone: true, serviceUrl: OLD, account: `${OLD}|key-${fnv(KEY)}` })]);
  await new UploadService({ ...fakePlatform(store, () => T0), accountRenames: legacyAccountRenames }).resume();

  // Set back to the recording's address, with the same key, as its row asks.
  const context = new ServiceContext({ cacheStore: storageCacheStore, ping: () => Promise.resolve() });
  await context.saveAndReset(() => saveSettings({ serviceUrl: OLD, apiKey: KEY }));
  const record = (await store.get('u1'))!;
  await expect(recordingClient(context, record.serviceUrl, record.account)).resolves.toBeDefined();
});
