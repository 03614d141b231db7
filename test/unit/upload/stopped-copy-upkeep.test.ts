/**
 * The copy of a stopped upload's file (gigabytes, in IndexedDB) is kept one day for a retry
 * (STOPPED_COPY_KEPT_MS), then deleted and its row set to ask for the file again. Start-up does so,
 * and so does the hourly upkeep (forgetFinishedBefore): Firefox's background page is persistent and
 * starts once per browser session, so with the browser left open start-up alone kept the copy until
 * the row went, 30 days on. The upkeep leaves alone an upload a view acts on while it runs (a
 * Retry), one running, and one that moved since it was read; one a view acted on earlier in the
 * session (a Retry that failed again) is not spared for good.
 */
import { describe, expect, it, vi } from 'vitest';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';
import { ApiError } from '@/lib/api/error-info';
import { MISSING_FILE, type UploadRecord } from '@/lib/upload/record';
import { STOPPED_COPY_KEPT_MS, UploadService, type UploadPlatform } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, T0, withUrl } from './helpers';

const HOUR = 3_600_000;
const NETWORK_FAILURE = { state: 'failed', failedStep: 'put', errorKind: 'network', error: 'The upload server could not be reached.' } as const;

function setup(initial: UploadRecord[]) {
  const store = memoryStore(initial);
  const clock = { now: T0 };
  const platform = {
    ...fakePlatform(store, () => clock.now),
    // Storage refuses the file: a retry stops again.
    put: vi.fn<UploadPlatform['put']>(() => Promise.reject(new ApiError('bad_request', 'The upload server answered 400.', { status: 400 }))),
    listFiles: vi.fn<UploadPlatform['listFiles']>(() => Promise.resolve(initial.map((record) => record.id))),
  };
  const service = new UploadService(platform);
  /** The hourly upkeep, at `now`. */
  const upkeep = (now: number) => {
    clock.now = now;
    return service.forgetFinishedBefore(now - STORED_ANSWER_MAX_AGE_MS);
  };
  return { service, store, platform, clock, upkeep };
}

describe('a stopped upload’s kept copy, with the browser left open (Firefox’s persistent background page)', () => {
  it('is deleted by the hourly upkeep once it is more than a day old, its row then asking for the file', async () => {
    const { service, store, platform, upkeep } = setup([withUrl({ ...NETWORK_FAILURE, updatedAt: T0 })]);
    // The background page starts with the browser, the upload having just stopped.
    await service.resume();
    await idle();
    expect(platform.deleteFile).not.toHaveBeenCalled();

    // The upkeep within the day keeps it, for a retry.
    for (let hour = 1; hour <= 24; hour++) await upkeep(T0 + hour * HOUR);
    expect(platform.deleteFile).not.toHaveBeenCalled();
    expect(await store.get('u1')).toMatchObject(NETWORK_FAILURE);

    await upkeep(T0 + 25 * HOUR);
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('u1');
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'put', error: MISSING_FILE, errorKind: null });
  });

  it('is deleted too when a view retried it earlier in the session and it stopped again', async () => {
    const { service, store, platform, clock, upkeep } = setup([withUrl({ ...NETWORK_FAILURE, updatedAt: T0 })]);
    await service.resume();
    clock.now = T0 + HOUR;
    await service.retry('u1');
    await idle();
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'put', updatedAt: T0 + HOUR });
    await upkeep(T0 + 24 * HOUR);
    expect(platform.deleteFile).not.toHaveBeenCalled();
    await upkeep(T0 + 26 * HOUR);
    expect(platform.deleteFile).toHaveBeenCalledExactlyOnceWith('u1');
  });

  it('is left alone when a view retries it while the upkeep runs', async () => {
    const { service, store, platform, upkeep } = setup([withUrl({ ...NETWORK_FAILURE, updatedAt: T0 })]);
    platform.put.mockImplementation(() => new Promise(() => undefined));
    const all = store.all.bind(store);
    const click: { retry?: Promise<unknown> } = {};
    vi.spyOn(store, 'all').mockImplementationOnce(async () => {
      const before = await all();
      // The retry arrives while the upkeep reads the uploads.
      click.retry = service.retry('u1');
      return before;
    });
    await upkeep(T0 + 2 * STOPPED_COPY_KEPT_MS);
    await click.retry;
    await idle();
    expect(platform.deleteFile).not.toHaveBeenCalled();
    expect(await store.get('u1')).toMatchObject({ state: 'uploading' });
  });

  it('is left alone by the upkeep when its upload moved since it was read', async () => {
    const moved = withUrl({ ...NETWORK_FAILURE, updatedAt: T0 }, 'moved');
    const { store, platform, upkeep } = setup([moved]);
    const get = store.get.bind(store);
    // Retried meanwhile: the resumed record keeps its updatedAt until its run saves.
    vi.spyOn(store, 'get').mockImplementationOnce(async (id) => ({ ...(await get(id))!, state: 'requesting-url', failedStep: null }));
    await upkeep(T0 + 2 * STOPPED_COPY_KEPT_MS);
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });

  it('leaves the files of uploads still going, or stored, to their runs', async () => {
    const { platform, upkeep } = setup([
      withUrl({ state: 'uploading', updatedAt: T0, createdAt: T0 - 1 }, 'going'),
      withUrl({ state: 'completing', putDone: true, updatedAt: T0, createdAt: T0 - 2 }, 'stored'),
      withUrl({ state: 'cancelled', updatedAt: T0 + 3 * HOUR, createdAt: T0 - 3 }, 'cancelled-today'),
    ]);
    await upkeep(T0 + STOPPED_COPY_KEPT_MS + 2 * HOUR);
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });
});
