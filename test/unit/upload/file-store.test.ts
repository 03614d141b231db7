/**
 * The kept copy in IndexedDB (file-store.ts): written, read back, deleted; and a copy no longer
 * wanted (the file was sent while it was being written) is stopped and leaves nothing behind.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUploadFile, listUploadFileIds, loadUploadFile, saveUploadFile } from '@/lib/upload/file-store';

afterEach(async () => {
  for (const id of await listUploadFileIds()) await deleteUploadFile(id);
});

describe('file-store', () => {
  it('keeps a copy and deletes it', async () => {
    await saveUploadFile('u1', new Blob(['recording']));
    expect(await listUploadFileIds()).toEqual(['u1']);
    await deleteUploadFile('u1');
    expect(await listUploadFileIds()).toEqual([]);
    expect(await loadUploadFile('u1')).toBeNull();
  });

  it('writes nothing when the copy is no longer wanted before it starts', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(saveUploadFile('u1', new Blob(['recording']), stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await listUploadFileIds()).toEqual([]);
  });

  it('stops a copy being written and keeps nothing of it', async () => {
    const stop = new AbortController();
    // Stopped while the write is under way: right after the put was asked for, before it commits.
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const request = put.apply(this, args);
      stop.abort();
      return request;
    });
    try {
      await expect(saveUploadFile('u1', new Blob(['recording']), stop.signal)).rejects.toBeDefined();
    } finally {
      spy.mockRestore();
    }
    expect(await listUploadFileIds()).toEqual([]);
  });
});
