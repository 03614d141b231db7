/**
 * The background's uploads: starts them, resumes them after a restart, cancels, retries, watches
 * processing, and tells the user (toolbar badge, notifications). The steps themselves are the
 * runner's; the PUT goes wherever the platform sends files (transport.ts).
 */
import { newUploadRecord, isActive, isSending, type UploadFile, type UploadMeta, type UploadRecord } from './record';
import { checkProcessing, pollAll, type PollDeps } from './poller';
import { UploadRunner, type UploadDeps } from './runner';
import type { UploadStore } from './store';
import type { PresignedUpload, Recording } from '../models';
import { ApiError } from '../api/error-info';
import { checkUploadInfo } from './file-check';

export interface UploadPlatform {
  store: UploadStore;
  requestUrl: (record: UploadRecord, signal: AbortSignal) => Promise<PresignedUpload>;
  put: UploadDeps['put'];
  missingAccess: UploadDeps['missingAccess'];
  complete: (recordingId: string, signal: AbortSignal) => Promise<void>;
  getRecording: (id: string) => Promise<Recording>;
  /** Processing ended (completed or failed): notification, briefing refresh. */
  announce: (record: UploadRecord) => Promise<void>;
  /** How many uploads are still going (toolbar badge). */
  showActive: (count: number) => Promise<void>;
  schedulePoll: (delayMs: number | null) => Promise<void>;
  deleteFile: (id: string) => Promise<void>;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export class UploadService {
  readonly #platform: UploadPlatform;
  readonly #runner: UploadRunner;
  readonly #poll: PollDeps;

  constructor(platform: UploadPlatform) {
    this.#platform = platform;
    this.#runner = new UploadRunner({
      requestUrl: platform.requestUrl,
      put: platform.put,
      complete: platform.complete,
      missingAccess: platform.missingAccess,
      save: async (record) => {
        await platform.store.put(record);
      },
      now: platform.now,
      sleep: platform.sleep,
    });
    this.#poll = {
      store: platform.store,
      getRecording: platform.getRecording,
      finished: (record) => this.#finished(record),
      schedule: platform.schedulePoll,
      now: platform.now,
    };
  }

  list(): Promise<UploadRecord[]> {
    return this.#platform.store.all();
  }

  /** Starts an upload; starting the same id again returns it as it stands (no second upload). */
  async start(id: string, file: UploadFile, meta: UploadMeta): Promise<UploadRecord> {
    const existing = await this.#platform.store.get(id);
    if (existing) return existing;
    // Checked again here: the popup checked the file it was given, but a message can say anything.
    const check = checkUploadInfo(file);
    if (!check.ok) throw new ApiError('bad_request', check.message);
    const record = newUploadRecord(id, file, meta, this.#platform.now());
    await this.#platform.store.put(record);
    this.#launch(record);
    return record;
  }

  async cancel(id: string): Promise<UploadRecord> {
    const record = await this.#require(id);
    if (this.#runner.cancel(id)) return record;
    // Not running here (e.g. the worker restarted): mark it so it is not resumed.
    if (isSending(record)) {
      const cancelled = { ...record, state: 'cancelled' as const, updatedAt: this.#platform.now() };
      await this.#platform.store.put(cancelled);
      await this.#settled(cancelled);
      return cancelled;
    }
    return record;
  }

  /** Resumes a failed or cancelled upload at the step it stopped at. */
  async retry(id: string): Promise<UploadRecord> {
    const record = await this.#require(id);
    if (this.#runner.isRunning(id)) return record;
    if (record.state === 'failed' && record.failedStep === 'processing') {
      throw new ApiError('conflict', 'The service could not process this recording; upload the file again.');
    }
    if (record.state !== 'failed' && record.state !== 'cancelled') return record;
    const resumed = {
      ...record,
      state: record.putDone ? ('completing' as const) : ('requesting-url' as const),
      failedStep: null,
      error: null,
      needsAccess: null,
    };
    await this.#platform.store.put(resumed);
    this.#launch(resumed);
    return resumed;
  }

  async dismiss(id: string): Promise<boolean> {
    const record = await this.#platform.store.get(id);
    if (!record) return false;
    if (isActive(record)) throw new ApiError('conflict', 'Cancel the upload before removing it.');
    await this.#platform.store.remove(id);
    await this.#platform.deleteFile(id).catch(() => undefined);
    return true;
  }

  /** Checks one upload's processing now (an open popup wants fresh progress). */
  async check(id: string): Promise<UploadRecord> {
    const record = await this.#require(id);
    return record.state === 'processing' ? checkProcessing(record, this.#poll) : record;
  }

  /** The alarm's work: every upload being processed is checked, and the next check scheduled. */
  poll(): Promise<void> {
    return pollAll(this.#poll);
  }

  /** At start-up: uploads cut off mid-way (worker stopped, browser restarted) go on; processing is watched. */
  async resume(): Promise<void> {
    const records = await this.#platform.store.all();
    for (const record of records) if (isSending(record) && !this.#runner.isRunning(record.id)) this.#launch(record);
    if (records.some((record) => record.state === 'processing')) await this.#platform.schedulePoll(0);
    await this.#updateBadge();
  }

  #launch(record: UploadRecord): void {
    void this.#updateBadge();
    void this.#runner.run(record).then((done) => this.#settled(done));
  }

  async #settled(record: UploadRecord): Promise<void> {
    if (record.state === 'processing') await this.#platform.schedulePoll(0);
    await this.#updateBadge();
  }

  async #finished(record: UploadRecord): Promise<void> {
    // The file is on the service: no need to keep a copy.
    if (record.state === 'completed') await this.#platform.deleteFile(record.id).catch(() => undefined);
    await this.#platform.announce(record);
    await this.#updateBadge();
  }

  async #updateBadge(): Promise<void> {
    const active = (await this.#platform.store.all()).filter(isActive).length;
    await this.#platform.showActive(active);
  }

  async #require(id: string): Promise<UploadRecord> {
    const record = await this.#platform.store.get(id);
    if (!record) throw new ApiError('not_found', 'Primer has no such upload.');
    return record;
  }
}
