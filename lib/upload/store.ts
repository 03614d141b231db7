/**
 * Where uploads are kept: storage.local under one key, newest first, the most recent few only.
 * Views watch the key for progress, so nothing has to be sent to whichever view is open.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { UploadRecordSchema, type UploadRecord } from './record';

export const UPLOADS_KEY = 'uploads';
/** How many uploads the list keeps (finished ones beyond it go, oldest first); the popup says so. */
export const UPLOADS_KEPT = 20;
const KEEP = UPLOADS_KEPT;

export interface UploadStore {
  all(): Promise<UploadRecord[]>;
  get(id: string): Promise<UploadRecord | null>;
  put(record: UploadRecord): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * Reads one record and writes `change(record)` in one step, with no other write in between
   * (returning the record unchanged, or null for a missing one, writes nothing). The way to make
   * a transition happen once when two callers race for it: only one sees the old state.
   */
  update(id: string, change: (current: UploadRecord) => UploadRecord): Promise<{ before: UploadRecord | null; after: UploadRecord | null }>;
  /** Removes the finished uploads last changed before `cutoff` (ms); resolves with their ids. */
  dropFinishedBefore(cutoff: number): Promise<string[]>;
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

const isFinished = (record: UploadRecord) => record.state === 'completed' || record.state === 'cancelled' || record.state === 'failed';

/** Oldest finished uploads go first when the list is full; active ones are never dropped. */
function trim(records: UploadRecord[]): UploadRecord[] {
  if (records.length <= KEEP) return records;
  const finished = records.filter(isFinished);
  const drop = new Set(finished.slice(-(records.length - KEEP)).map((r) => r.id));
  return records.filter((r) => !drop.has(r.id));
}

export interface StoreOptions {
  /** Uploads dropped to keep the list short: their files can never be used again. */
  onDropped?: (ids: string[]) => void;
}

export function storageUploadStore({ onDropped }: StoreOptions = {}): UploadStore {
  // Writes are chained so concurrent updates of two uploads never overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();
  const read = async () => parseUploads((await browser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY]);
  const write = (change: (records: UploadRecord[]) => UploadRecord[]) => {
    const next = queue.then(async () => {
      const current = await read();
      const changed = change(current);
      // Nothing to change (an update that found the record already moved on): nothing written.
      if (changed === current) return;
      const kept = trim(changed);
      await browser.storage.local.set({ [UPLOADS_KEY]: kept });
      if (kept.length < changed.length) onDropped?.(changed.filter((record) => !kept.includes(record)).map((record) => record.id));
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const put = (records: UploadRecord[], record: UploadRecord) => [record, ...records.filter((r) => r.id !== record.id)].sort((a, b) => b.createdAt - a.createdAt);
  return {
    all: read,
    get: async (id) => (await read()).find((record) => record.id === id) ?? null,
    put: (record) => write((records) => put(records, record)),
    remove: (id) => write((records) => records.filter((r) => r.id !== id)),
    update: async (id, change) => {
      let before: UploadRecord | null = null;
      let after: UploadRecord | null = null;
      await write((records) => {
        before = records.find((record) => record.id === id) ?? null;
        after = before ? change(before) : null;
        return after && after !== before ? put(records, after) : records;
      });
      return { before, after };
    },
    dropFinishedBefore: async (cutoff) => {
      let dropped: string[] = [];
      await write((records) => {
        dropped = records.filter((record) => isFinished(record) && record.updatedAt < cutoff).map((record) => record.id);
        return dropped.length > 0 ? records.filter((record) => !dropped.includes(record.id)) : records;
      });
      return dropped;
    },
  };
}
