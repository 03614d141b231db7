/**
 * Firefox: content scripts can write storage.local, where the uploads are kept (UPLOADS_KEY). The
 * upload address of one upload, copied over another upload's record by a page that took over the
 * content script's context, must not be where that other upload's recording goes: the user's
 * recording of one meeting would land in the object the service made for another (a recording the
 * page may have started itself). And an address a version before this one kept in plain text is not
 * followed either (anyone could have written it): the upload asks the service for a new one, as
 * for an expired address, and goes on. What the user would see: nothing, the upload goes on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { uploadStore } from '@/lib/background/upload-store';
import { parseUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { isSending, UNTRUSTED_UPLOAD } from '@/lib/upload/record';
import { fakePlatform, T0, withUrl } from '../upload/helpers';

// A Firefox build: its pages can write storage.local (Chrome's cannot, and reads an earlier version's plain address).
beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

/** The run has ended (the vault's IndexedDB takes a few turns): the file sent, or the upload stopped. */
async function settled(): Promise<void> {
  await vi.waitFor(async () => expect(isSending((await uploadStore().get('u1'))!)).toBe(false));
}

const stored = async () => (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];

function background() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  return { platform, service: new UploadService(platform) };
}

describe('a stored upload address', () => {
  it('copied from another upload’s record is not where this upload sends its recording', async () => {
    const store = uploadStore();
    // The page's own upload (its recording rec-9 at an address of its choosing), and the user's.
    await store.put(withUrl({ id: 'page', state: 'failed', failedStep: 'put', error: 'x', recordingId: 'rec-9', uploadUrl: 'https://storage.example/rec-9?sig=page' }, 'page'));
    await store.put(withUrl({ state: 'failed', failedStep: 'put', error: 'The connection dropped.', errorKind: 'network' }));
    const [page, mine] = [(await stored()).find((r) => r.id === 'page')!, (await stored()).find((r) => r.id === 'u1')!];
    // Everything of the page's record but the user's upload's id and recording.
    const forged = { ...page, id: mine.id, recordingId: mine.recordingId, createdAt: mine.createdAt, state: 'uploading', failedStep: null, error: null };
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [forged] });

    const { platform, service } = background();
    await service.resume();
    await settled();
    const sentTo = platform.put.mock.calls.map(([record]) => record.uploadUrl);
    expect(sentTo).not.toContain('https://storage.example/rec-9?sig=page');
    // Nor anywhere: the record, not as the background signed it, is untrusted (upload-record-rewritten-by-page.test.ts).
    expect(sentTo).toEqual([]);
    expect(await uploadStore().get('u1')).toMatchObject({ state: 'failed', error: UNTRUSTED_UPLOAD });
  });

  it('kept in plain text by an earlier version is not followed: the record, unsigned, is untrusted and not resumed', async () => {
    // As the version before wrote it: the address and its headers in the record.
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [withUrl({ state: 'uploading', uploadUrl: 'https://storage.example/elsewhere?sig=old' })] });

    const { platform, service } = background();
    await service.resume();
    await settled();
    // An earlier version's record is unsigned, as one a page stripped: nothing of it is gone on with.
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put).not.toHaveBeenCalled();
    const [record] = await uploadStore().all();
    expect(record).toMatchObject({ state: 'failed', error: UNTRUSTED_UPLOAD, uploadUrl: null });
  });

  it('sealed by the background is opened again at the next start: the upload goes on at it, no new recording', async () => {
    await uploadStore().put(withUrl({ state: 'uploading' }));
    // Nothing of it readable in storage.local, nor in what views read from there.
    expect(JSON.stringify(await stored())).not.toContain('sig=1');
    expect(parseUploads(await stored())[0]).toMatchObject({ recordingId: 'rec-1', uploadUrl: null, uploadHeaders: {} });

    const { platform, service } = background();
    await service.resume();
    await settled();
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put.mock.calls.map(([record]) => [record.uploadUrl, record.uploadHeaders])).toEqual([
      ['https://storage.example/rec-1?sig=1', { 'x-amz-server-side-encryption': 'AES256' }],
    ]);
  });

  it('sealed by a vault since lost (site data cleared) is none, and the records, their signatures lost with it, are untrusted', async () => {
    await uploadStore().put(withUrl({ state: 'uploading' }));
    await uploadStore().put(withUrl({ id: 'u2', state: 'completing', putDone: true, createdAt: T0 - 1 }, 'u2'));
    await new Promise<void>((resolve) => {
      resetVaultForTests();
      indexedDB.deleteDatabase('primer-vault').onsuccess = () => resolve();
    });

    const { platform, service } = background();
    await service.resume();
    await settled();
    // The signer's key went with the vault: what it signed cannot be told from a page's writing.
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put).not.toHaveBeenCalled();
    expect(platform.complete).not.toHaveBeenCalled();
    expect((await uploadStore().all()).map((record) => [record.id, record.state, record.error])).toEqual([
      ['u1', 'failed', UNTRUSTED_UPLOAD],
      ['u2', 'failed', UNTRUSTED_UPLOAD],
    ]);
  });
});
