/**
 * The picked file, handed from the popup to whatever runs the upload. A File put in IndexedDB is
 * kept by the browser on disk and read back as a disk-backed Blob, so neither side ever holds a
 * large recording in memory, and the upload does not depend on the popup staying open.
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

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export async function saveUploadFile(id: string, file: Blob): Promise<void> {
  await run('readwrite', (store) => store.put(file, id));
}

export async function loadUploadFile(id: string): Promise<Blob | null> {
  const value: unknown = await run('readonly', (store) => store.get(id));
  return value instanceof Blob ? value : null;
}

export async function deleteUploadFile(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}
