/** Records, presigned URLs and an in-memory store for the upload tests. */
import { ServiceClient, type ClientOptions } from '@/lib/api/client';
import type { PresignedUpload } from '@/lib/models';
import { newUploadRecord, type UploadRecord } from '@/lib/upload/record';
import type { UploadStore } from '@/lib/upload/store';
import { UploadRunner } from '@/lib/upload/runner';
import type { UploadPlatform } from '@/lib/upload/service';
import { vi } from 'vitest';

export const T0 = Date.parse('2026-05-19T10:00:00Z');
export const FILE_SIZE = 40 * 1024 * 1024;

export function uploadRecord(patch: Partial<UploadRecord> = {}, id = 'u1'): UploadRecord {
  const base = newUploadRecord(
    id,
    { name: 'Weekly sync.m4a', size: FILE_SIZE, type: 'audio/mp4' },
    { title: 'Weekly sync', meetingDate: '2026-05-19T09:00:00.000Z', speakersExpected: 3, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' },
    T0,
  );
  return { ...base, ...patch };
}

/** The n-th URL the fake service hands out: recording `rec-n`, valid for an hour from `now`. */
export function presigned(n: number, now: number): PresignedUpload {
  return {
    uploadUrl: `https://storage.example/rec-${n}?sig=${n}`,
    recordingId: `rec-${n}`,
    expiresAt: new Date(now + 3_600_000).toISOString(),
    headers: { 'x-amz-server-side-encryption': 'AES256' },
  };
}

/** A record that already holds a usable URL for `rec-1`, as after a failed PUT. */
export function withUrl(patch: Partial<UploadRecord> = {}, id = 'u1'): UploadRecord {
  const url = presigned(1, T0);
  return uploadRecord(
    { recordingId: url.recordingId, uploadUrl: url.uploadUrl, uploadHeaders: url.headers, urlExpiresAt: url.expiresAt, ...patch },
    id,
  );
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise chain run (the fakes never use timers). */
export function idle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Rejects with `error` once `signal` aborts (as the real PUT and sleep do). */
export function untilAborted(signal: AbortSignal, error: Error): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(error);
    else signal.addEventListener('abort', () => reject(error), { once: true });
  });
}

export interface MemoryStore extends UploadStore {
  records: Map<string, UploadRecord>;
}

/** The UploadStore contract in memory: copies in and out, newest first. */
export function memoryStore(initial: UploadRecord[] = []): MemoryStore {
  const records = new Map<string, UploadRecord>(initial.map((record) => [record.id, structuredClone(record)]));
  return {
    records,
    all: () => Promise.resolve([...records.values()].sort((a, b) => b.createdAt - a.createdAt).map((record) => structuredClone(record))),
    get: (id) => {
      const record = records.get(id);
      return Promise.resolve(record ? structuredClone(record) : null);
    },
    put: (record) => {
      records.set(record.id, structuredClone(record));
      return Promise.resolve();
    },
    remove: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
    update: (id, change) => {
      const current = records.get(id);
      if (!current) return Promise.resolve({ before: null, after: null });
      const before = structuredClone(current);
      const after = change(structuredClone(current));
      records.set(id, structuredClone(after));
      return Promise.resolve({ before, after: structuredClone(after) });
    },
    dropFinishedBefore: (cutoff) => {
      const dropped = [...records.values()].filter((record) => ['completed', 'cancelled', 'failed'].includes(record.state) && record.updatedAt < cutoff).map((record) => record.id);
      for (const id of dropped) records.delete(id);
      return Promise.resolve(dropped);
    },
  };
}

/**
 * An UploadService's platform where every step succeeds at once and nothing is shown, each a mock
 * to check calls on; a test passes only what its case changes.
 */
export function fakePlatform(store: UploadStore, now: () => number) {
  return {
    store,
    requestUrl: vi.fn<UploadPlatform['requestUrl']>(() => Promise.resolve(presigned(2, now()))),
    put: vi.fn<UploadPlatform['put']>(() => Promise.resolve()),
    sending: vi.fn<UploadPlatform['sending']>(() => Promise.resolve(false)),
    missingAccess: vi.fn<UploadPlatform['missingAccess']>(() => Promise.resolve(null)),
    complete: vi.fn<UploadPlatform['complete']>(() => Promise.resolve()),
    getRecording: vi.fn<UploadPlatform['getRecording']>(),
    dropCachedResults: vi.fn<UploadPlatform['dropCachedResults']>(() => Promise.resolve()),
    announce: vi.fn<UploadPlatform['announce']>(() => Promise.resolve()),
    uploadsShown: vi.fn<UploadPlatform['uploadsShown']>(() => Promise.resolve(true)),
    showActive: vi.fn<UploadPlatform['showActive']>(() => Promise.resolve()),
    schedulePoll: vi.fn<UploadPlatform['schedulePoll']>(() => Promise.resolve()),
    prepareHandOver: vi.fn<UploadPlatform['prepareHandOver']>(() => Promise.resolve()),
    tidy: vi.fn<UploadPlatform['tidy']>(() => Promise.resolve()),
    deleteFile: vi.fn<UploadPlatform['deleteFile']>(() => Promise.resolve()),
    listFiles: vi.fn<UploadPlatform['listFiles']>(() => Promise.resolve([])),
    now,
    sleep: vi.fn<UploadPlatform['sleep']>(() => Promise.resolve()),
  } satisfies UploadPlatform;
}

/**
 * A runner whose presigned-url request goes through the real service client to `fetch` (its
 * refusals read as the client reads them); storage and the rest of the steps always succeed.
 */
export function runnerAskingService(fetch: NonNullable<ClientOptions['fetch']>, now: () => number = () => T0): UploadRunner {
  const client = new ServiceClient('https://api.test', 'secret-key', { sleep: () => Promise.resolve(), online: () => true, now, fetch });
  return new UploadRunner({
    requestUrl: (record, signal) => client.requestUpload({ filename: record.file.name, contentType: record.file.type, fileSize: record.file.size }, { signal }),
    put: () => Promise.resolve(),
    sending: () => Promise.resolve(false),
    complete: () => Promise.resolve(),
    save: () => Promise.resolve(),
    missingAccess: () => Promise.resolve(null),
    now,
    sleep: () => Promise.resolve(),
  });
}
