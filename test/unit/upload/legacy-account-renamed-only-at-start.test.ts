// @vitest-environment node
/**
 * Upload records an earlier version filed under the key's plain hash are renamed only inside
 * UploadService.resume, and only if a key is in effect right then. When it is not (the vault could
 * not be read for a moment as the worker started, or the key is saved again only after the
 * update), nothing renames them later in that worker's life: an upload the service still waits
 * to complete, retried with the very key it was made with, fails with "This recording was created
 * with another API key … Save that key in Primer's options again" — and saving it again changes
 * nothing. Firefox's background page lives as long as the browser, so until the browser restarts.
 * Before this change the same key always matched the record's account.
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
import { fakePlatform, idle, memoryStore, T0, withUrl } from './helpers';
import { deleteVault, fnv } from '../background/vault-helpers';

const BASE = 'https://api.test';
const KEY = 'sk_live_0123456789abcdef';

beforeEach(async () => {
  await deleteVault();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('lets an upload made with the key in effect finish once the vault reads again after a start that could not rename it', async () => {
  await saveSettings({ serviceUrl: BASE, apiKey: KEY });
  // Sent and waiting for complete-upload, as an earlier version left it (its account the key's plain hash).
  const store = memoryStore([
    withUrl({ state: 'failed', failedStep: 'complete', putDone: true, error: 'Offline', serviceUrl: BASE, account: `${BASE}|key-${fnv(KEY)}` }),
  ]);
  // The first start after the update: the vault cannot be opened for a moment.
  resetVaultForTests();
  const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store', 'UnknownError');
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, ping: () => Promise.resolve() });
  const platform = fakePlatform(store, () => T0);
  platform.complete.mockImplementation(async (_id, _signal, serviceUrl, account) => {
    await recordingClient(context, serviceUrl, account);
  });
  const uploads = new UploadService({ ...platform, accountRenames: legacyAccountRenames });
  await uploads.resume();
  open.mockRestore();

  // The vault reads again (lookups work again); the user presses Retry on the upload.
  await context.client();
  await uploads.retry('u1');
  await idle();
  await idle();
  const after = await store.get('u1');
  expect(after?.error ?? null).toBeNull();
  expect(after?.state).not.toBe('failed');
});
