/**
 * The background's uploads: starts them, resumes them after a restart, cancels, retries, watches
 * processing, and tells the user (toolbar badge, notifications). The steps themselves are the
 * runner's; the PUT goes wherever the platform sends files (transport.ts).
 */
import { MISSING_FILE, RECORDING_GONE, UNTRUSTED_UPLOAD, newUploadRecord, isActive, isSending, noLongerFollowed, recordingGone, untrustedUpload, type UploadFile, type UploadMeta, type UploadRecord } from './record';
import { checkProcessing, nextPollAt, pollDue, type PollDeps } from './poller';
import { UploadRunner, type UploadDeps } from './runner';
import type { UploadStore } from './store';
import { ApiError } from '../api/error-info';
import { checkUploadInfo } from './file-check';

/** A stopped upload seen in an open view is looked at again this much later: announced if none is open then. */
export const UNSEEN_CHECK_MS = 10_000;

/** How long the copy of a stopped upload's file is kept for a retry. */
export const STOPPED_COPY_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * When the alarm comes back while the uploads cannot be read or an end is still unsaved (Firefox:
 * the vault, without which nothing can be checked or written, failing for a while): the alarm is
 * the one timer that outlives a worker, and its poll saves those ends first.
 */
export const UNREADABLE_RETRY_MS = 60_000;

export interface UploadPlatform {
  store: UploadStore;
  requestUrl: UploadDeps['requestUrl'];
  put: UploadDeps['put'];
  sending: UploadDeps['sending'];
  missingAccess: UploadDeps['missingAccess'];
  complete: UploadDeps['complete'];
  getRecording: PollDeps['getRecording'];
  /** Processing ended: cached results it changes (the contact's briefing, recordings) are dropped. Runs before the state is saved. */
  dropCachedResults: (record: UploadRecord) => Promise<void>;
  /** Processing ended (completed or failed), or sending stopped on a failure: the notification. */
  announce: (record: UploadRecord) => Promise<void>;
  /** Whether a view that lists the uploads (the popup, or its form in a tab) is open. */
  uploadsShown: () => Promise<boolean>;
  /** How many uploads are still going (toolbar badge). */
  showActive: (count: number) => Promise<void>;
  /** Sets the processing alarm for `at` (ms since the epoch), or clears it (null). */
  schedulePoll: (at: number | null) => Promise<void>;
  /** Gets the receiver of the popup's hand-over ready (transport.ts). */
  prepareHandOver: () => Promise<void>;
  /** At start-up, with nothing to resume: closes what was left open for nothing. */
  tidy: () => Promise<void>;
  /** Deletes the kept copy of upload `id`'s file, and has whatever holds the file let go of it. */
  deleteFile: (id: string) => Promise<void>;
  /** The ids of every kept file. */
  listFiles: () => Promise<string[]>;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * At start-up, before anything is launched: how accounts written by earlier versions are renamed
   * (lib/background/upload-account.ts); null, or none given, renames nothing.
   */
  accountRenames?: () => Promise<((account: string) => string) | null>;
}

export class UploadService {
  readonly #platform: UploadPlatform;
  /** The platform's store, with the runs' ends storage refused over what it holds (#unsaved). */
  readonly #store: UploadStore;
  /**
   * Uploads whose run ended while storage refused every save of it (full), as they ended: storage
   * still says they are going, but the badge, list() and the announcement go by how they ended,
   * until a save of theirs lands. For this worker's life (a later start resumes them).
   */
  readonly #unsaved = new Map<string, UploadRecord>();
  readonly #runner: UploadRunner;
  readonly #poll: PollDeps;
  /** Alarm decisions, one after another (see #reschedule). */
  #scheduling: Promise<unknown> = Promise.resolve();
  /** Start-up's resume failed (the uploads could not be read): the alarm's next poll does it. */
  #resumePending = false;
  /** Uploads launched by this worker: a resume the alarm runs again never launches them a second time. */
  readonly #launched = new Set<string>();
  /**
   * Start-up's own work on the uploads (resume): done once the uploads cut off are launched again.
   * What a view asks (the click that woke the worker) waits for it: a Cancel of an upload about to
   * be launched again found no run and saved a cancelled copy the launched run then wrote over.
   */
  #startup: Promise<void> = Promise.resolve();
  /** Uploads a view acted on since start-up: their kept files are not start-up's to delete. */
  readonly #asked = new Set<string>();
  /**
   * Uploads a view acted on while an hourly pass over the kept copies runs, one set per pass: their
   * copies are not that pass's to delete. (#asked would hold nearly every upload on a background
   * page that lives as long as the browser, Firefox's, and the pass would delete nothing.)
   */
  readonly #askedDuringPass = new Set<Set<string>>();
  /** Kept files being deleted now, by upload: what a view asks about one waits for it. */
  readonly #deleting = new Map<string, Promise<void>>();

  constructor(platform: UploadPlatform) {
    this.#platform = platform;
    const store = platform.store;
    this.#store = {
      all: async () => (await store.all()).map((record) => this.#unsaved.get(record.id) ?? record),
      get: async (id) => this.#unsaved.get(id) ?? (await store.get(id)),
      put: async (record) => {
        await store.put(record);
        this.#unsaved.delete(record.id);
      },
      remove: async (id) => {
        await store.remove(id);
        this.#unsaved.delete(id);
      },
      update: (id, change) => store.update(id, change),
      dropFinishedBefore: (cutoff) => store.dropFinishedBefore(cutoff),
    };
    this.#runner = new UploadRunner({
      requestUrl: platform.requestUrl,
      put: platform.put,
      sending: platform.sending,
      complete: platform.complete,
      missingAccess: platform.missingAccess,
      save: async (record) => {
        try {
          await this.#store.put(record);
        } catch (error) {
          this.#unsaved.set(record.id, record);
          throw error;
        }
      },
      now: platform.now,
      sleep: platform.sleep,
    });
    this.#poll = {
      store: this.#store,
      getRecording: platform.getRecording,
      beforeFinish: platform.dropCachedResults,
      finished: (record) => this.#finished(record),
      now: platform.now,
    };
  }

  list(): Promise<UploadRecord[]> {
    return this.#store.all();
  }

  /**
   * Saves what a view asked for before acting on it. Refused (storage.local full, "QUOTA_BYTES quota
   * exceeded"; on Firefox the vault unreadable), nothing is done, and the view says why in Primer's
   * words: the message layer says "Something went wrong inside Primer" of an error it does not know.
   */
  async #record(record: UploadRecord, what: string): Promise<void> {
    try {
      await this.#store.put(record);
    } catch (error) {
      throw new ApiError('http', `Primer could not ${what}: the browser’s storage for Primer is full or unavailable.`, { cause: error });
    }
  }

  /** The popup has a file to hand over soon: the context that receives it is made ready. */
  prepare(): Promise<void> {
    return this.#platform.prepareHandOver();
  }

  /** Starts an upload; starting the same id again returns it as it stands (no second upload). */
  async start(id: string, file: UploadFile, meta: UploadMeta): Promise<UploadRecord> {
    // A new id: nothing of start-up's to wait for (its file is the view's: #asked).
    this.#markAsked(id);
    const existing = await this.#store.get(id);
    if (existing) return existing;
    // Checked again here: the popup checked the file it was given, but a message can say anything.
    const check = checkUploadInfo(file);
    if (!check.ok) throw new ApiError('bad_request', check.message);
    const record = newUploadRecord(id, file, meta, this.#platform.now());
    await this.#record(record, 'start this upload');
    this.#launch(record);
    return record;
  }

  async cancel(id: string): Promise<UploadRecord> {
    await this.#afterStartup(id);
    const record = await this.#require(id);
    if (this.#runner.cancel(id)) return record;
    // Not running here (e.g. the worker restarted): mark it so it is not resumed.
    if (isSending(record)) {
      const cancelled = { ...record, state: 'cancelled' as const, updatedAt: this.#platform.now() };
      await this.#record(cancelled, 'cancel this upload');
      await this.#settled(cancelled);
      return cancelled;
    }
    return record;
  }

  /**
   * Resumes a failed or cancelled upload at the step it stopped at. Asked twice at once (the
   * popup's click and a permission granted), it runs once: the runner joins a run it has.
   */
  async retry(id: string): Promise<UploadRecord> {
    await this.#afterStartup(id);
    const record = await this.#require(id);
    if (this.#runner.isRunning(id)) return record;
    // Firefox: its stored record is not as the background signed it (a page may have rewritten its
    // contact, service or account): nothing of it is gone on with, its kept file sent nowhere.
    if (import.meta.env.FIREFOX && untrustedUpload(record)) throw new ApiError('conflict', UNTRUSTED_UPLOAD);
    if (record.state === 'failed' && record.failedStep === 'processing') {
      if (noLongerFollowed(record)) throw new ApiError('conflict', 'Primer no longer follows this recording; check it on the service.');
      throw new ApiError('conflict', 'The service could not process this recording; upload the file again.');
    }
    // Its file went (its copy deleted a day after it stopped, as the row now says): a new upload
    // address would only create a recording on the service with no file to send.
    if (record.state === 'failed' && !record.putDone && record.error === MISSING_FILE) throw new ApiError('conflict', MISSING_FILE);
    // The service no longer has the recording (complete-upload answered 404 or 410): finishing is
    // answered so again, and the file was let go of once stored. Only a new upload can follow.
    if (recordingGone(record)) throw new ApiError('conflict', RECORDING_GONE);
    if (record.state !== 'failed' && record.state !== 'cancelled') return record;
    const resumed = {
      ...record,
      state: record.putDone ? ('completing' as const) : ('requesting-url' as const),
      failedStep: null,
      error: null,
      errorKind: null,
      needsAccess: null,
    };
    await this.#record(resumed, 'try this upload again');
    // The run is told how it stopped: a refusal it already met counts (UploadRunner.run).
    this.#launch(resumed, record);
    return resumed;
  }

  /**
   * Host access was granted: uploads that stopped for want of it go on. Chrome closes the popup
   * when its permission prompt takes the focus, and the popup's retry after the grant never ran.
   */
  async accessGranted(): Promise<void> {
    for (const record of await this.#store.all()) {
      if (record.state !== 'failed' || record.needsAccess === null || record.uploadUrl === null) continue;
      const missing = await this.#platform.missingAccess(record.uploadUrl).catch(() => 'refused');
      if (missing === null) await this.retry(record.id).catch(() => undefined);
    }
  }

  /**
   * Removes an upload from the list: one that ended, or one the service is processing (the
   * recording is the service's; Primer only stops following it). One being sent is cancelled first.
   */
  async dismiss(id: string): Promise<boolean> {
    await this.#afterStartup(id);
    const record = await this.#store.get(id);
    if (!record) return false;
    if (isSending(record)) throw new ApiError('conflict', 'Cancel the upload before removing it.');
    await this.#store.remove(id);
    await this.#deleteFile(id);
    if (record.state === 'processing') {
      await this.#reschedule();
      await this.#updateBadge();
    }
    return true;
  }

  /**
   * Forgets the uploads finished before `cutoff` (ms), with any file kept for a retry, and deletes
   * the copies of uploads stopped more than STOPPED_COPY_KEPT_MS ago (hourly upkeep). Start-up
   * deletes those too, but Firefox's background page starts once per browser session: with the
   * browser left open, a copy of gigabytes stayed until its row went, 30 days on.
   */
  async forgetFinishedBefore(cutoff: number): Promise<void> {
    for (const id of await this.#store.dropFinishedBefore(cutoff)) await this.#deleteFile(id);
    const asked = new Set<string>();
    this.#askedDuringPass.add(asked);
    try {
      const files = new Set(await this.#platform.listFiles().catch(() => []));
      if (files.size === 0) return;
      const records = (await this.#store.all()).filter((record) => files.has(record.id));
      await this.#deleteStoppedCopies(records, asked);
    } finally {
      this.#askedDuringPass.delete(asked);
    }
  }

  /**
   * Checks one upload's processing now, for an open view that wants fresh progress. Not a
   * scheduled check: the backoff and the give-up count stay as they are.
   */
  async check(id: string): Promise<UploadRecord> {
    const record = await this.#require(id);
    return record.state === 'processing' ? checkProcessing(record, this.#poll, 'viewer') : record;
  }

  /** The alarm's work: the uploads whose check is due are checked, and the alarm set for the next one. */
  async poll(): Promise<void> {
    try {
      if (this.#resumePending) await this.resume().catch(() => undefined);
      await this.#saveUnsaved();
      await pollDue(this.#poll);
    } finally {
      await this.#reschedule();
    }
  }

  /**
   * At start-up: uploads cut off mid-way (worker stopped, browser restarted) go on, joining a PUT
   * still on its way; kept files no upload can use are deleted; processing is watched.
   */
  async resume(): Promise<void> {
    try {
      await this.#resumeOnce(this.#resumePending);
      this.#resumePending = false;
    } catch (error) {
      // Firefox: the uploads could not be read (the vault failing). The alarm comes back in a
      // minute (#reschedule), and its poll starts over (poll).
      this.#resumePending = true;
      await this.#reschedule().catch(() => undefined);
      throw error;
    }
  }

  /**
   * `again`: the alarm's poll runs it after start-up's failed. Uploads may have been launched or
   * acted on since (a run ended while the list was read; a Cancel on its way): those it leaves
   * alone, or a finished upload was sent again and a cancelled one resumed.
   */
  async #resumeOnce(again: boolean): Promise<void> {
    const launched = (async () => {
      // A record left with its old account still waits, saying why; it is not lost for this.
      await this.#renameAccounts().catch(() => undefined);
      const records = await this.#store.all();
      const leftAlone = (id: string) => this.#runner.isRunning(id) || (again && (this.#launched.has(id) || this.#asked.has(id)));
      for (const record of records) if (isSending(record) && !leftAlone(record.id)) this.#launch(record);
      return records;
    })();
    // Released once the launches are made, before the kept files are tidied: listing them waits
    // behind a copy being written (gigabytes), and a Cancel must not wait for that.
    this.#startup = launched.then(
      () => undefined,
      () => undefined,
    );
    const records = await launched;
    // Never a file of an upload launched above (sending), nor of one a view asked about meanwhile.
    await this.#deleteUnusableFiles();
    if (!records.some(isSending)) await this.#platform.tidy().catch(() => undefined);
    await this.#reschedule();
    await this.#updateBadge();
  }

  async #renameAccounts(): Promise<void> {
    const rename = await this.#platform.accountRenames?.().catch(() => null);
    if (!rename) return;
    for (const record of await this.#store.all()) {
      if (record.account === null || rename(record.account) === record.account) continue;
      await this.#store.update(record.id, (current) => (current.account === null ? current : { ...current, account: rename(current.account) }));
    }
  }

  /** Waits for start-up's launches (and for `id`'s kept file, if it is being deleted); the file is the view's from now on. */
  async #afterStartup(id: string): Promise<void> {
    this.#markAsked(id);
    await this.#startup;
    await this.#deleting.get(id)?.catch(() => undefined);
  }

  #markAsked(id: string): void {
    this.#asked.add(id);
    for (const asked of this.#askedDuringPass) asked.add(id);
  }

  #launch(record: UploadRecord, stopped?: UploadRecord): void {
    // Launched already (two retries at once: the popup's click and the permission granted): its
    // end is seen to once, or it was announced twice.
    if (this.#runner.isRunning(record.id)) return;
    this.#launched.add(record.id);
    // Neither rejects unhandled: the badge is redrawn on the next change.
    this.#updateBadge().catch(() => undefined);
    this.#runner
      .run(record, stopped)
      .then((done) => {
        // Its end refused too: kept as it ended (the runner’s last try may be a shorter copy of it).
        if (this.#unsaved.has(done.id)) this.#unsaved.set(done.id, done);
        return this.#settled(done);
      })
      .catch(() => undefined);
  }

  async #settled(record: UploadRecord): Promise<void> {
    // Stored at its URL: the file is never sent again (a retry only completes; a failed processing
    // cannot be retried), so neither the copy nor the File is kept: once storage says so too (its
    // save refused, a Retry or the next start goes by a record that still has the file to send).
    if (record.putDone && (await this.#platform.store.get(record.id).catch(() => null))?.putDone === true) await this.#deleteFile(record.id);
    // Its end unsaved too: the alarm comes back to save it (#saveUnsaved).
    if (record.state === 'processing' || this.#unsaved.has(record.id)) await this.#reschedule();
    // Unreadable now (Firefox's vault failing), the badge waits for the next change; the announcement does not.
    await this.#updateBadge().catch(() => undefined);
    // Stopped on the way (a permission to give, a refusal): the popup that said "you can close
    // this window" may be closed, and the badge going out would read as done.
    if (record.state === 'failed') await this.#announceUnseen(record);
  }

  /**
   * Announces a stopped upload unless a view of the uploads shows it: now, or UNSEEN_CHECK_MS on
   * (the popup closed right after the click that started it). Not once it was retried or removed.
   * Whatever is shown when storage took the end without its words, or not at all (full: runner.ts
   * NOT_SAVED): the row cannot say why it stopped, or even that it did.
   */
  async #announceUnseen(record: UploadRecord): Promise<void> {
    for (const wait of [0, UNSEEN_CHECK_MS]) {
      if (wait > 0) await this.#platform.sleep(wait, new AbortController().signal).catch(() => undefined);
      const current = await this.#store.get(record.id);
      if (current?.state !== 'failed' || current.updatedAt !== record.updatedAt) return;
      if (this.#unsaved.has(record.id) || current.error !== record.error || !(await this.#platform.uploadsShown().catch(() => false))) {
        await this.#platform.announce(record);
        return;
      }
    }
  }

  async #finished(record: UploadRecord): Promise<void> {
    await this.#platform.announce(record);
    await this.#updateBadge();
    await this.#reschedule();
  }

  /**
   * Sets the one alarm for the earliest due check, or clears it when nothing is processed. Each
   * decision reads the stored uploads afresh and waits for the previous one, so a decision taken
   * from an older reading (a poll that started before another upload began processing) can never
   * undo a newer one.
   */
  #reschedule(): Promise<void> {
    const decided = this.#scheduling.then(async () => {
      const now = this.#platform.now();
      // Unreadable now (Firefox's vault failing): whether anything is processed is unknown, so the
      // alarm comes back soon rather than being cleared. Likewise while a run's end is unsaved, on
      // Firefox only: its background page keeps #unsaved; Chrome's worker is gone by then, and the
      // next one, woken by the alarm, would resume the upload from storage and announce it again.
      const records = await this.#store.all().catch(() => null);
      const due = records === null ? null : nextPollAt(records, now);
      const retry = records === null || (import.meta.env.FIREFOX && this.#unsaved.size > 0) ? now + UNREADABLE_RETRY_MS : null;
      await this.#platform.schedulePoll(due === null ? retry : retry === null ? due : Math.min(due, retry));
    });
    this.#scheduling = decided.catch(() => undefined);
    return decided;
  }

  /**
   * Saves the runs' ends storage refused (Firefox: the vault could not be read, and nothing could be
   * written): the popup reads storage, and showed the upload still "Finishing…" with no button.
   */
  async #saveUnsaved(): Promise<void> {
    let saved = false;
    for (const [id, record] of [...this.#unsaved]) {
      // A run still going saves its own, and an end saved or replaced meanwhile is not this one.
      if (this.#runner.isRunning(id) || this.#unsaved.get(id) !== record) continue;
      saved = (await this.#store.put(record).then(() => true, () => false)) || saved;
    }
    if (saved) await this.#updateBadge().catch(() => undefined);
  }

  #deleteFile(id: string): Promise<void> {
    return this.#platform.deleteFile(id).catch(() => undefined);
  }

  /**
   * Deletes every kept file whose upload is gone (removed, dropped from the list, never started),
   * already stored at its URL, or stopped more than a day ago (#deleteStoppedCopies). Files are
   * listed before uploads: an upload is saved before its file is kept, so a file found first has
   * its upload listed too, unless it really has none.
   */
  async #deleteUnusableFiles(): Promise<void> {
    const files = await this.#platform.listFiles().catch(() => []);
    if (files.length === 0) return;
    const records = new Map((await this.#store.all()).map((record) => [record.id, record]));
    const kept: UploadRecord[] = [];
    for (const id of files) {
      const record = records.get(id);
      if (!record || record.putDone) await this.#deleteFile(id);
      else kept.push(record);
    }
    await this.#deleteStoppedCopies(kept, this.#asked);
  }

  /**
   * Deletes the kept copies of these uploads (each with a copy) that stopped (failed, cancelled)
   * more than STOPPED_COPY_KEPT_MS ago: a recording of gigabytes is not kept on disk for a retry
   * that is not coming (its row then asks for the file). Not the copy of one a view asked about
   * (`asked`: a Retry as the worker woke), one running, one that moved since it was read, or one
   * another pass is deleting. On Firefox, an upload whose stored record is untrusted (record.ts
   * UNTRUSTED_UPLOAD) keeps its copy as long as any stopped one (never sent while it is untrusted):
   * a vault unreadable at one start reads every record so, and they are trusted again at the next.
   */
  async #deleteStoppedCopies(records: readonly UploadRecord[], asked: ReadonlySet<string>): Promise<void> {
    const stoppedLongAgo = (record: UploadRecord) =>
      !record.putDone && (record.state === 'failed' || record.state === 'cancelled') && this.#platform.now() - record.updatedAt > STOPPED_COPY_KEPT_MS;
    for (const record of records) {
      if (!stoppedLongAgo(record)) continue;
      const id = record.id;
      // Read again: it may have moved meanwhile (a Retry keeps updatedAt until its run saves).
      const now = await this.#store.get(id);
      // Nor one another pass deletes now (start-up's and the hourly one at once: the alarm woke the
      // worker): the second's entry in #deleting, dropped as the first ended, held nothing back.
      if (this.#deleting.has(id)) continue;
      if (asked.has(id) || this.#runner.isRunning(id) || now === null || now.updatedAt !== record.updatedAt || !stoppedLongAgo(now)) continue;
      const deleting = (async () => {
        // Untrusted (Firefox): its row says so already, and nothing of it is written back signed.
        if (import.meta.env.FIREFOX && untrustedUpload(now)) return this.#deleteFile(id);
        // Its row says to pick the file again, with no Retry: one would ask for a new upload address
        // (a new recording on the service) only to find no file to send. Said before the file goes:
        // a worker stopped between the two leaves a copy the next pass deletes, never a row
        // offering Retry for a file that is gone (no pass would come back to it).
        await this.#store.put({ ...record, state: 'failed', failedStep: 'put', error: MISSING_FILE, errorKind: null, errorStatus: null, needsAccess: null });
        await this.#deleteFile(id);
      })();
      this.#deleting.set(id, deleting);
      await deleting.finally(() => this.#deleting.delete(id));
    }
  }

  async #updateBadge(): Promise<void> {
    const active = (await this.#store.all()).filter(isActive).length;
    await this.#platform.showActive(active);
  }

  async #require(id: string): Promise<UploadRecord> {
    const record = await this.#store.get(id);
    if (!record) throw new ApiError('not_found', 'Primer has no such upload.');
    return record;
  }
}
