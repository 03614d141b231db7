// @vitest-environment node
/**
 * On the first start after the update, upload records an earlier version filed under the key's
 * plain hash are renamed inside UploadService.resume. A processing check due while the worker was
 * stopped (Chrome fires an overdue alarm as the browser starts, which is also when a pending
 * update is applied) runs beside it: poll() does not wait for start-up, reads the record before
 * it is renamed, and the check is refused. The popup's row then says "This recording was created
 * with another API key … Save that key in Primer's options again to finish it." for the key that
 * is in effect, until the next check minutes later. (A view's Retry/Cancel waits; the alarm's
 * and the view's own check() do not.)
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
import type { Recording } from '@/lib/models';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, memoryStore, T0, uploadRecord } from './helpers';
import { fnv } from '../background/vault-helpers';

const BASE = 'https://api.test';
const KEY = 'sk_live_0123456789abcdef';

const processing: Recording = {
  id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', meetingDate: null, status: 'processing', rawStatus: null,
  progress: 40, primaryContactId: 'c-maya', participants: [], error: null,
};

beforeEach(() => {
  resetVaultForTests();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('does not tell the user an upload of the key in effect was made with another key when the due check runs as the worker starts', async () => {
  await saveSettings({ serviceUrl: BASE, apiKey: KEY });
  const store = memoryStore([
    uploadRecord({ state: 'processing', recordingId: 'rec-1', putDone: true, serviceUrl: BASE, account: `${BASE}|key-${fnv(KEY)}`, nextCheckAt: T0 - 60_000 }),
  ]);
  const context = new ServiceContext({ cacheStore: storageCacheStore, ping: () => Promise.resolve() });
  const platform = fakePlatform(store, () => T0);
  platform.getRecording.mockImplementation(async (_id, serviceUrl, account) => {
    await recordingClient(context, serviceUrl, account);
    return processing;
  });
  const uploads = new UploadService({ ...platform, accountRenames: legacyAccountRenames });
  // The worker's start (index.ts) and the overdue alarm's poll, at once.
  await Promise.all([uploads.resume(), uploads.poll()]);
  const after = await store.get('u1');
  expect(after?.error ?? null).toBeNull();
});
