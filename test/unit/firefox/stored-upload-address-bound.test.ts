/**
 * Firefox: content scripts can write storage.local, where the uploads are kept (UPLOADS_KEY). The
 * upload address of one upload, copied over another upload's record by a page that took over the
 * content script's context, must not be where that other upload's recording goes: the user's
 * recording of one meeting would land in the object the service made for another (a recording the
 * page may have started itself). And an address a version before this one kept in plain text is not
 * followed either (anyone could have written it): the upload asks the service for a new one, as
 * for an expired address, and goes on. What the user would see: nothing, the upload goes on.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadService } from '@/lib/upload/service';
import { storageUploadStore, UPLOADS_KEY } from '@/lib/upload/store';
import { fakePlatform, idle, T0, withUrl } from '../upload/helpers';

const stored = async () => (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];

function background() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const platform = fakePlatform(storageUploadStore(), () => T0 + 60_000);
  return { platform, service: new UploadService(platform) };
}

describe('a stored upload address', () => {
  it('copied from another upload’s record is not where this upload sends its recording', async () => {
    const store = storageUploadStore();
    // The page's own upload (its recording rec-9 at an address of its choosing), and the user's.
    await store.put(withUrl({ id: 'page', state: 'failed', failedStep: 'put', error: 'x', recordingId: 'rec-9', uploadUrl: 'https://storage.example/rec-9?sig=page' }, 'page'));
    await store.put(withUrl({ state: 'failed', failedStep: 'put', error: 'The connection dropped.', errorKind: 'network' }));
    const [page, mine] = [(await stored()).find((r) => r.id === 'page')!, (await stored()).find((r) => r.id === 'u1')!];
    // Everything of the page's record but the user's upload's id and recording.
    const forged = { ...page, id: mine.id, recordingId: mine.recordingId, createdAt: mine.createdAt, state: 'uploading', failedStep: null, error: null };
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [forged] });

    const { platform, service } = background();
    await service.resume();
    await idle();
    const sentTo = platform.put.mock.calls.map(([record]) => record.uploadUrl);
    expect(sentTo).not.toContain('https://storage.example/rec-9?sig=page');
    expect(sentTo).toEqual(['https://storage.example/rec-2?sig=2']);
  });

  it('kept in plain text by an earlier version is not followed: a new one is asked for, and the upload goes on', async () => {
    // As the version before wrote it: the address and its headers in the record.
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [withUrl({ state: 'uploading', uploadUrl: 'https://storage.example/elsewhere?sig=old' })] });

    const { platform, service } = background();
    await service.resume();
    await idle();
    expect(platform.requestUrl).toHaveBeenCalledTimes(1);
    expect(platform.put.mock.calls.map(([record]) => record.uploadUrl)).toEqual(['https://storage.example/rec-2?sig=2']);
    const [record] = await storageUploadStore().all();
    expect(record).toMatchObject({ state: 'processing', recordingId: 'rec-2', abandonedRecordingIds: ['rec-1'] });
  });
});
