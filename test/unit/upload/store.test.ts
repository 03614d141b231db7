/** The uploads list in storage.local: validation, order, concurrent writes and trimming. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UNTRUSTED_UPLOAD, type UploadRecord } from '@/lib/upload/record';
import { parseUploads, storageUploadStore, UPLOADS_KEY } from '@/lib/upload/store';
import { T0, uploadRecord, withUrl } from './helpers';

const at = (id: string, createdAt: number, patch: Partial<UploadRecord> = {}) => uploadRecord({ createdAt, updatedAt: createdAt, ...patch }, id);

/** As views read it: never an upload's address (store.ts: kept only sealed, for the background). */
const viewed = (record: UploadRecord): UploadRecord => ({ ...record, uploadUrl: null, uploadHeaders: {} });

async function stored(): Promise<unknown> {
  return (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
}

describe('parseUploads', () => {
  it('keeps valid records and drops what does not fit', () => {
    const good = withUrl();
    const { needsAccess: _dropped, ...older } = uploadRecord({}, 'old');
    expect(parseUploads([good, null, 'x', { id: 'u2' }, { ...good, id: 'u3', state: 'paused' }, older, { ...good, id: 'u4', file: { ...good.file, size: 0 } }])).toEqual([viewed(good)]);
  });

  it('keeps an upload whose failure kind a later version wrote, its kind unknown', () => {
    const failed = withUrl({ state: 'failed', failedStep: 'put', error: 'x', errorKind: 'server' });
    expect(parseUploads([{ ...failed, errorKind: 'quota_exceeded' }])).toEqual([viewed({ ...failed, errorKind: null })]);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'uploads'],
    ['an object', { 0: withUrl() }],
  ])('reads %s as no uploads', (_name, raw) => {
    expect(parseUploads(raw)).toEqual([]);
  });
});

describe('storageUploadStore', () => {
  it('puts, gets and removes, newest first', async () => {
    const store = storageUploadStore();
    expect(await store.all()).toEqual([]);
    expect(await store.get('a')).toBeNull();
    await store.put(at('a', T0));
    await store.put(at('c', T0 + 2));
    await store.put(at('b', T0 + 1));
    expect((await store.all()).map((record) => record.id)).toEqual(['c', 'b', 'a']);
    expect(await store.get('b')).toEqual(at('b', T0 + 1));
    await store.remove('c');
    expect((await store.all()).map((record) => record.id)).toEqual(['b', 'a']);
    expect(((await stored()) as UploadRecord[]).map((record) => record.id)).toEqual(['b', 'a']);
  });

  it('replaces a record with the same id, keeping its place', async () => {
    const store = storageUploadStore();
    await store.put(at('a', T0));
    await store.put(at('b', T0 + 1));
    await store.put(at('a', T0, { state: 'uploading', sentBytes: 500 }));
    const all = await store.all();
    expect(all.map((record) => [record.id, record.state])).toEqual([['b', 'requesting-url'], ['a', 'uploading']]);
    expect(all[1]!.sentBytes).toBe(500);
  });

  it('keeps both of two records written at the same time', async () => {
    const store = storageUploadStore();
    await Promise.all([store.put(at('a', T0)), store.put(at('b', T0 + 1)), store.put(at('a', T0, { state: 'uploading' }))]);
    expect((await store.all()).map((record) => [record.id, record.state])).toEqual([['b', 'requesting-url'], ['a', 'uploading']]);
  });

  it('two stores over the same storage read what the other wrote', async () => {
    await storageUploadStore().put(at('a', T0));
    expect(await storageUploadStore().get('a')).toEqual(at('a', T0));
  });

  it('goes on writing after a write failed', async () => {
    const store = storageUploadStore();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(store.put(at('a', T0))).rejects.toThrow('QUOTA_BYTES');
    await store.put(at('b', T0 + 1));
    expect((await store.all()).map((record) => record.id)).toEqual(['b']);
  });

  it('keeps at most 20, dropping the oldest finished ones', async () => {
    const store = storageUploadStore();
    for (let i = 0; i < 22; i++) await store.put(at(`r${i}`, T0 + i, { state: i % 2 ? 'completed' : 'failed' }));
    const ids = (await store.all()).map((record) => record.id);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe('r21');
    expect(ids).not.toContain('r0');
    expect(ids).not.toContain('r1');
    expect(ids.at(-1)).toBe('r2');
  });

  it('says which uploads it dropped, so their files are deleted too', async () => {
    const dropped: string[][] = [];
    const store = storageUploadStore({ onDropped: (ids) => dropped.push(ids) });
    for (let i = 0; i < 20; i++) await store.put(at(`r${i}`, T0 + i, { state: 'completed' }));
    expect(dropped).toEqual([]);
    await store.put(at('r20', T0 + 20, { state: 'uploading' }));
    await store.put(at('r21', T0 + 21, { state: 'uploading' }));
    expect(dropped).toEqual([['r0'], ['r1']]);
  });

  it('never drops an active upload, however old', async () => {
    const store = storageUploadStore();
    await store.put(at('old-processing', T0 - 3, { state: 'processing' }));
    await store.put(at('old-uploading', T0 - 2, { state: 'uploading' }));
    await store.put(at('old-cancelled', T0 - 1, { state: 'cancelled' }));
    for (let i = 0; i < 20; i++) await store.put(at(`done${i}`, T0 + i, { state: 'completed' }));
    const ids = (await store.all()).map((record) => record.id);
    expect(ids).toHaveLength(20);
    expect(ids).toContain('old-processing');
    expect(ids).toContain('old-uploading');
    expect(ids).not.toContain('old-cancelled');
    expect(ids).not.toContain('done0');
    expect(ids).not.toContain('done1');
    expect(ids.at(-1)).toBe('old-processing');
    expect(ids.at(-3)).toBe('done2');
  });

  it('forgets finished uploads last changed before a time, never active ones, and says which', async () => {
    const store = storageUploadStore();
    await store.put(at('old-done', T0 - 30, { state: 'completed' }));
    await store.put(at('old-failed', T0 - 20, { state: 'failed' }));
    await store.put(at('old-cancelled', T0 - 10, { state: 'cancelled', updatedAt: T0 + 5 }));
    await store.put(at('old-processing', T0 - 5, { state: 'processing' }));
    await store.put(at('new-done', T0 + 1, { state: 'completed' }));
    expect((await store.dropFinishedBefore(T0)).sort()).toEqual(['old-done', 'old-failed']);
    expect((await store.all()).map((record) => record.id)).toEqual(['new-done', 'old-processing', 'old-cancelled']);
    expect(await store.dropFinishedBefore(T0)).toEqual([]);
  });

  it('update(): reads and writes one record in one step, so only one of two racing callers sees the old state', async () => {
    const store = storageUploadStore();
    await store.put(at('a', T0, { state: 'processing' }));
    const finish = (current: UploadRecord) => (current.state === 'processing' ? { ...current, state: 'completed' as const } : current);
    const [first, second] = await Promise.all([store.update('a', finish), store.update('a', finish)]);
    expect([first.before?.state, first.after?.state]).toEqual(['processing', 'completed']);
    expect([second.before?.state, second.after?.state]).toEqual(['completed', 'completed']);
    expect((await store.get('a'))?.state).toBe('completed');
  });

  it('update(): writes nothing when the record is missing or left as it is', async () => {
    const store = storageUploadStore();
    await store.put(at('a', T0));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await store.update('nope', (current) => ({ ...current, state: 'failed' }))).toEqual({ before: null, after: null });
    const same = await store.update('a', (current) => current);
    expect(same.after).toEqual(at('a', T0));
    expect(set).not.toHaveBeenCalled();
  });

  it('reads a record saved before due times existed as having none', () => {
    const { nextCheckAt: _missing, ...older } = withUrl({ state: 'processing' });
    expect(parseUploads([older])).toEqual([viewed(withUrl({ state: 'processing', nextCheckAt: null }))]);
  });

  it('keeps no upload address in plain text: none without a sealer; one written there in plain text is none on Firefox', async () => {
    await storageUploadStore().put(withUrl({ state: 'failed' }));
    expect(JSON.stringify(await stored())).not.toMatch(/sig=1|x-amz/);
    expect(await storageUploadStore().get('u1')).toEqual(viewed(withUrl({ state: 'failed' })));
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [withUrl({ state: 'failed' })] });
    vi.stubEnv('FIREFOX', true as never);
    try {
      // Unsigned, the whole record is untrusted there (upload-record-rewritten-by-page.test.ts), its address none.
      expect(await storageUploadStore().get('u1')).toMatchObject({ uploadUrl: null, uploadHeaders: {}, recordingId: null, state: 'failed', error: UNTRUSTED_UPLOAD });
    } finally {
      vi.unstubAllEnvs();
    }
    // Chrome's pages cannot write there: the earlier version's address is used, and sealed at the next write.
    expect(await storageUploadStore().get('u1')).toEqual(withUrl({ state: 'failed' }));
  });

  it('keeps an upload address sealed for its record and recording, opened only for them', async () => {
    const sealer = {
      seal: vi.fn((value: unknown, binding: string) => Promise.resolve({ iv: binding, data: JSON.stringify(value) })),
      open: vi.fn((sealed: { iv: string; data: string }, binding: string) => Promise.resolve(sealed.iv === binding ? (JSON.parse(sealed.data) as unknown) : null)),
    };
    const store = storageUploadStore({ sealer });
    await store.put(withUrl({ state: 'failed' }));
    expect(await store.get('u1')).toEqual(withUrl({ state: 'failed' }));
    const [entry] = (await stored()) as Record<string, unknown>[];
    expect(entry).toMatchObject({ uploadUrl: null, uploadHeaders: {} });
    // Another recording's (or another record's) address: none. A vault that cannot be read: none either.
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [{ ...entry, recordingId: 'rec-9' }] });
    expect(await store.get('u1')).toMatchObject({ recordingId: 'rec-9', uploadUrl: null, uploadHeaders: {} });
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [entry] });
    sealer.open.mockRejectedValueOnce(new Error('IndexedDB unavailable'));
    expect(await store.get('u1')).toMatchObject({ uploadUrl: null });
    expect(await store.get('u1')).toEqual(withUrl({ state: 'failed' }));
  });

  it('keeps more than 20 when they are all active', async () => {
    const store = storageUploadStore();
    for (let i = 0; i < 22; i++) await store.put(at(`a${i}`, T0 + i, { state: 'uploading' }));
    expect(await store.all()).toHaveLength(22);
  });
});
