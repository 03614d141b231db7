/**
 * Firefox: content scripts can write storage.local, where the uploads are kept. An open side panel
 * asks the service again for every briefing and recording list it shows when an upload turns
 * `completed` there: a page writing a made-up "completed" upload, again and again, had the panel
 * call the service each time (into its rate limit). Only an upload the background signed counts.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { someCompleted } from '@/components/panel/data/useRefreshOnUploads';
import { uploadStore } from '@/lib/background/upload-store';
import { record } from '../popup/records';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UPLOADS_KEY } from '@/lib/upload/store';

afterEach(() => vi.unstubAllEnvs());

it('on Firefox counts only an upload the background signed as completed', async () => {
  vi.stubEnv('FIREFOX', true as never);
  expect(await someCompleted([], [record({ state: 'completed' })])).toBe(false);
  await uploadStore().put(record({ state: 'completed' }));
  expect(await someCompleted([], (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY])).toBe(true);
});
