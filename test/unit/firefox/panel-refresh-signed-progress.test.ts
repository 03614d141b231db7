/**
 * Firefox: the side panel compares the uploads list before and after each write (someCompleted).
 * Once each signed write carries its generation (lib/storage/write-generation.ts), the list before
 * a write is from an older generation: read as untrusted, it counted no upload as completed, so
 * every progress save of an upload being sent (one a second) looked like an upload of the list
 * turning completed, and the panel asked the service again for every briefing it shows each time.
 * And a completing write read just after a later write landed must still refresh the panel once.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { someCompleted } from '@/components/panel/data/useRefreshOnUploads';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { record } from '../popup/records';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

const storedList = async () => (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];

it('a progress save of another upload does not count a completed one as newly completed', async () => {
  const store = uploadStore();
  await store.put(record({ id: 'done', state: 'completed', createdAt: 1 }));
  await store.put(record({ id: 'sending', state: 'uploading', createdAt: 2 }));
  const before = await storedList();
  await store.update('sending', (current) => ({ ...current, sentBytes: current.sentBytes + 1024 }));

  expect(await someCompleted(before, await storedList())).toBe(false);
});

it('an upload that completed counts once even when the panel reads it after a later write landed', async () => {
  const store = uploadStore();
  await store.put(record({ id: 'u1', state: 'processing' }));
  const before = await storedList();
  await store.update('u1', (current) => ({ ...current, state: 'completed' }));
  const completing = await storedList();
  // A later write (another upload started) lands before the panel handles the completing one.
  await store.put(record({ id: 'u2', state: 'requesting-url', createdAt: 5 }));

  expect(await someCompleted(before, completing)).toBe(true);
  expect(await someCompleted(completing, await storedList())).toBe(false);
});
