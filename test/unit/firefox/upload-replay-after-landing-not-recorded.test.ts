/**
 * Firefox: a write's generation is marked landed once (store.ts write: writeLanded(...).catch), not
 * tried twice like the vault's other steps (975054df). When that one step meets a momentary vault
 * failure, the write before it stays accepted (landed..begun) until the next write of the list.
 * The user's Cancel is often the last write: a page that kept the entry signed while the upload was
 * being sent writes it back, and at the next start the cancelled upload is resumed, its file sent
 * to the service and filed for the contact, though the user pressed Cancel (the replay 27341846
 * closes, reopened by one failed IndexedDB open).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { withUrl } from '../upload/helpers';
import { restartedBackground } from './vault-failures';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const background = restartedBackground;

it('a cancel whose landing met one vault failure does not let the page replay the upload being sent', async () => {
  await uploadStore().put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const whileSending = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];

  // The cancel's write lands in storage.local; marking its generation landed meets one failed open.
  const open = indexedDB.open.bind(indexedDB);
  let failed = 0;
  vi.spyOn(indexedDB, 'open').mockImplementation((...args: Parameters<typeof indexedDB.open>) => {
    if (failed === 0 && /writeLanded/.test(new Error().stack ?? '')) {
      failed++;
      throw new DOMException('Internal error opening backing store', 'UnknownError');
    }
    return open(...args);
  });
  const first = background();
  await first.service.cancel('u1');
  vi.mocked(indexedDB.open).mockRestore();
  expect(failed).toBe(1);
  expect((await uploadStore().get('u1'))?.state).toBe('cancelled');

  // The page writes the old entry back; the background starts again.
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: whileSending });
  const { platform, service } = background();
  await service.resume();
  await new Promise((resolve) => setTimeout(resolve, 20));

  expect(platform.put).not.toHaveBeenCalled();
});
