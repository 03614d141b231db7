/**
 * Where uploads are kept: storage.local under one key, newest first, the most recent few only.
 * Views watch the key for progress, so nothing has to be sent to whichever view is open.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { UploadRecordSchema, type UploadRecord } from './record';

export const UPLOADS_KEY = 'uploads';
const KEEP = 20;

export interface UploadStore {
  all(): Promise<UploadRecord[]>;
  get(id: string): Promise<UploadRecord | null>;
  put(record: UploadRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Reads the stored list; entries that do not fit the schema (an older version wrote them) are dropped. */
export function parseUploads(raw: unknown): UploadRecord[] {
  const list = z.array(z.unknown()).safeParse(raw);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const parsed = UploadRecordSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Oldest finished uploads go first when the list is full; active ones are never dropped. */
function trim(records: UploadRecord[]): UploadRecord[] {
  if (records.length <= KEEP) return records;
  const finished = records.filter((r) => r.state === 'completed' || r.state === 'cancelled' || r.state === 'failed');
  const drop = new Set(finished.slice(-(records.length - KEEP)).map((r) => r.id));
  return records.filter((r) => !drop.has(r.id));
}

export function storageUploadStore(): UploadStore {
  // Writes are chained so concurrent updates of two uploads never overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();
  const read = async () => parseUploads((await browser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  const write = (change: (records: UploadRecord[]) => UploadRecord[]) => {
    const next = queue.then(async () => browser.storage.local.set({ [UPLOADS_KEY]: trim(change(await read())) }));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    all: read,
    get: async (id) => (await read()).find((record) => record.id === id) ?? null,
    put: (record) => write((records) => [record, ...records.filter((r) => r.id !== record.id)].sort((a, b) => b.createdAt - a.createdAt)),
    remove: (id) => write((records) => records.filter((r) => r.id !== id)),
  };
}
