/**
 * Firefox: each upload record is signed over its content alone (lib/upload/store.ts signedEntry),
 * so any copy the background ever wrote verifies for good. A page that took over a matched site's
 * renderer can read storage.local: it keeps the signed entry of an upload while it is being sent,
 * and writes it back after the user cancelled the upload. What the user sees: at the background's
 * next start the upload they cancelled (the wrong recording picked, say) is resumed and its file
 * sent to the service and filed for the contact, though they pressed Cancel; nothing says a page
 * wrote the record. A record "not as the background signed it" was refused, but an older one the
 * background signed was taken as the current one. Now each write's generation is signed with it
 * and kept in the vault (lib/storage/write-generation.ts): an entry from before the last write is untrusted.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uploadStore } from '@/lib/background/upload-store';
import { readUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { UNTRUSTED_UPLOAD } from '@/lib/upload/record';
import { beginWrite } from '@/lib/storage/write-generation';
import { withUrl } from '../upload/helpers';
import { restartedBackground } from './vault-failures';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

const background = restartedBackground;

it('an upload the user cancelled is not resumed when a page writes back the signed entry it had while sending', async () => {
  // Cut off mid-PUT (the worker stopped); the page keeps what storage held then.
  await uploadStore().put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const whileSending = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];

  // The user cancels it (not running in this background: marked cancelled so it is never resumed).
  const first = background();
  first.platform.put.mockImplementation(() => new Promise(() => undefined));
  await first.service.cancel('u1');
  expect((await uploadStore().get('u1'))?.state).toBe('cancelled');

  // The page writes the old entry back; the background starts again.
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: whileSending });
  const { platform, service } = background();
  await service.resume();
  await new Promise((resolve) => setTimeout(resolve, 20));

  expect(platform.put).not.toHaveBeenCalled();
  expect(platform.complete).not.toHaveBeenCalled();
});

it('the popup shows an entry the page wrote back from before the last write as untrusted, and the current one as it is', async () => {
  const store = uploadStore();
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const whileSending = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
  await store.update('u1', (record) => ({ ...record, state: 'cancelled' }));

  const [current] = await readUploads((await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  expect(current).toMatchObject({ state: 'cancelled', error: null });

  // The page writes it back: the popup is told of the change.
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: whileSending });
  const [replayed] = await readUploads(whileSending);
  expect(replayed).toMatchObject({ state: 'failed', error: UNTRUSTED_UPLOAD });
});

it('the popup told of a list after a later write landed shows the list stored now, not an untrusted row', async () => {
  const store = uploadStore();
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const told = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
  await store.update('u1', (record) => ({ ...record, state: 'cancelled' }));

  const [shown] = await readUploads(told);
  expect(shown).toMatchObject({ state: 'cancelled', error: null });
});

it('a write begun but never landed (the worker stopped between its steps) leaves the stored upload trusted, and the next write refuses both older entries', async () => {
  const store = uploadStore();
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const first = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
  // The worker stopped after taking the next write's generation, before writing anything.
  await beginWrite(UPLOADS_KEY);

  expect(await uploadStore().get('u1')).toMatchObject({ state: 'uploading', error: null });
  const [shown] = await readUploads(first);
  expect(shown).toMatchObject({ state: 'uploading', error: null });

  await uploadStore().update('u1', (record) => ({ ...record, state: 'cancelled' }));
  expect(await uploadStore().get('u1')).toMatchObject({ state: 'cancelled', error: null });
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: first });
  expect(await uploadStore().get('u1')).toMatchObject({ state: 'failed', error: UNTRUSTED_UPLOAD });
  const [replayed] = await readUploads(first);
  expect(replayed).toMatchObject({ state: 'failed', error: UNTRUSTED_UPLOAD });
});

it('a read the background makes while its own write lands takes what it read as trusted', async () => {
  const store = uploadStore();
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));
  const writer = uploadStore();
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  // The list is read; before the reader goes on, another write (a progress save) lands.
  const readThenWrite = async (keys: string) => {
    const read = await get(keys);
    await writer.update('u1', (record) => ({ ...record, sentBytes: 1024 }));
    return read;
  };
  vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce(readThenWrite as never);

  expect(await store.get('u1')).toMatchObject({ state: 'uploading', error: null });
});
