/**
 * The kept copy of a recording being uploaded, so an upload cut off by a restart (browser,
 * offscreen document) can go on without the user picking the file again. A File put in IndexedDB
 * is written by the browser to disk and read back as a disk-backed Blob: no context ever holds a
 * large recording in memory. The copy is made by the context that sends the file (held-files.ts)
 * and deleted by the background as soon as it can no longer be used.
 */
const DB_NAME = 'primer-uploads';
const STORE = 'files';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

const aborted = () => new DOMException('The copy is no longer wanted.', 'AbortError');

/** `signal` aborts the transaction (nothing it wrote is kept), unless it has already committed. */
async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw aborted();
  const db = await open();
  let onAbort: () => void = () => undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(aborted());
      const transaction = db.transaction(STORE, mode);
      onAbort = () => {
        try {
          transaction.abort();
        } catch {
          // Already committed (or finished): the background deletes the copy.
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? aborted());
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    db.close();
  }
}

/** Writes the copy of upload `id`'s file; `signal` stops it (nothing is kept). */
export async function saveUploadFile(id: string, file: Blob, signal?: AbortSignal): Promise<void> {
  await run('readwrite', (store) => store.put(file, id), signal);
}

export async function loadUploadFile(id: string): Promise<Blob | null> {
  const value: unknown = await run('readonly', (store) => store.get(id));
  return value instanceof Blob ? value : null;
}

export async function deleteUploadFile(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}

/** The ids of every kept file (the background deletes those no upload can use any more). */
export async function listUploadFileIds(): Promise<string[]> {
  const keys = await run('readonly', (store) => store.getAllKeys());
  return keys.filter((key): key is string => typeof key === 'string');
}
