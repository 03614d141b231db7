/**
 * The upload state machine, in the interface's order: presigned-url, PUT of the raw bytes, then
 * complete-upload. It resumes where an upload stopped (a retry, or a restarted background), so a
 * retried step never repeats one that succeeded: the recording is created once, the file is sent
 * to that recording's URL, and complete-upload (idempotent) is called for it. Only an upload URL
 * that expired or was refused is requested again. Platform-free: every effect is a dependency.
 */
import { ApiError, serviceWaitMs, toErrorInfo } from '../api/error-info';
import { SERVER_TEXT_MAX, sentence, serverText } from '../format/text';
import { waitEnds } from '../format/wait';
import type { PresignedUpload } from '../models';
import { pollDelayMs } from './poller';
import { RECORDING_GONE, type UploadMeta, type UploadRecord, type UploadStep } from './record';

export interface UploadDeps {
  /** A new recording and its upload URL, with the service it was created on when known. */
  /** `meta`: the upload's details as the new recording has them (a contact left out on another service). */
  requestUrl(record: UploadRecord, signal: AbortSignal): Promise<PresignedUpload & { serviceUrl?: string; account?: string; meta?: UploadMeta }>;
  put(record: UploadRecord & { uploadUrl: string }, onProgress: (sent: number) => void, signal: AbortSignal): Promise<void>;
  /**
   * Whether the file of upload `id` is on its way to `url` already, sent by a context that outlived
   * this run (Chrome's offscreen document goes on while the service worker restarts).
   */
  sending(id: string, url: string): Promise<boolean>;
  /** `serviceUrl`, `account`: the service and account the recording was created on (null: the ones in effect). */
  complete(recordingId: string, signal: AbortSignal, serviceUrl?: string | null, account?: string | null): Promise<void>;
  save(record: UploadRecord): Promise<void>;
  /**
   * Null when this context may send to `url`; else the host pattern to ask the user for, or an
   * ApiError thrown when no permission could ever allow it.
   */
  missingAccess(url: string): Promise<string | null>;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** A URL this close to expiry is renewed before sending: a large file takes a while. */
const EXPIRY_MARGIN_MS = 60_000;
/**
 * Transient PUT failures (network, server error) are retried this many times, with these waits:
 * about a minute in all, for a dropped Wi-Fi or a router's restart (5 s ended a long upload for
 * good). Each wait stays under the 30 s Chrome lets an idle service worker live: the wait is the
 * worker's, and a worker stopped mid-wait would leave the upload until its next start.
 */
const PUT_RETRY_DELAYS_MS = [1000, 4000, 10_000, 20_000, 25_000];
/** How an upload stopped on a new URL refused as the one before ends its words (storage's, before it). */
export const REFUSED_THE_SAME_WAY = 'A new upload address was refused the same way.';
/** Why a run stopped when storage refused to save it (full: "QUOTA_BYTES quota exceeded"). */
export const NOT_SAVED = 'Primer could not save this upload’s progress: the browser’s storage for Primer is full or unavailable.';
/** URLs requested per run at most (the first plus renewals after expiry or refusal). */
const MAX_URLS_PER_RUN = 3;
/**
 * Progress is written to storage (which every open view watches) at most this often: each write
 * costs a storage round trip and a redraw in every view, CPU the upload itself needs.
 */
const PROGRESS_SAVE_MS = 1000;

const TRANSIENT = new Set(['network', 'timeout', 'server', 'rate_limited']);
/**
 * Error codes object storage gives an expired or revoked presigned URL when it answers 400 or 401
 * rather than 403 (Google Cloud Storage: ExpiredToken; S3-compatible servers: AccessDenied).
 */
const EXPIRED_CODES = new Set(['AccessDenied', 'ExpiredToken', 'RequestExpired', 'TokenRefreshRequired', 'AuthenticationFailed']);

/**
 * Whether storage refused the URL itself (expired, revoked, signature no longer valid), so a new
 * one may work: any 403 (S3: AccessDenied "Request has expired", SignatureDoesNotMatch; Azure:
 * AuthenticationFailed), any 410 (a signed-upload endpoint of the service's own says an expired or
 * used URL is Gone), and a 400 or 401 only when its body says the URL expired or was denied.
 * Any other refusal (a malformed request, a file too large) would fail again with a new URL.
 */
export function refusesUrl(error: ApiError): boolean {
  if (error.status === 403 || error.status === 410) return true;
  if (error.status !== 400 && error.status !== 401) return false;
  return (error.code !== null && EXPIRED_CODES.has(error.code)) || /\bexpired\b/i.test(error.message);
}

/**
 * Whether storage says the URL's time ran out, so that a new one can work: an expiry code, or
 * "expired" in its words. AccessDenied alone, or SignatureDoesNotMatch, says no such thing.
 */
function saysExpired(error: ApiError): boolean {
  return (error.code !== null && EXPIRED_CODES.has(error.code) && error.code !== 'AccessDenied') || /\bexpired\b/i.test(error.message);
}

/**
 * A failure the service said to wait out (a rate limit's Retry-After, an hour of an upload quota):
 * every Retry before then is refused at once, so the words say when one can work, not Primer's
 * "try again in a moment".
 */
function saidWithWait(message: string, until: number, waitMs: number): string {
  // The service's words are cut short enough that the row (SERVER_TEXT_MAX) still shows when.
  const said = serverText(message.replace(/ Try again in a moment\.$/, ''), SERVER_TEXT_MAX - 80) ?? '';
  return `${said === '' ? '' : `${sentence(said)} `}The service asked for a wait: Retry can work ${waitEnds(until, waitMs)}.`;
}

function hostOf(pattern: string): string {
  return /^[a-z]+:\/\/([^/]+)/.exec(pattern)?.[1] ?? pattern;
}

export function urlUsable(record: UploadRecord, now: number): boolean {
  if (!record.uploadUrl) return false;
  if (!record.urlExpiresAt) return true;
  const expires = Date.parse(record.urlExpiresAt);
  return Number.isNaN(expires) || expires - now > EXPIRY_MARGIN_MS;
}

export class UploadRunner {
  readonly #deps: UploadDeps;
  readonly #running = new Map<string, { controller: AbortController; done: Promise<UploadRecord> }>();

  constructor(deps: UploadDeps) {
    this.#deps = deps;
  }

  isRunning(id: string): boolean {
    return this.#running.has(id);
  }

  /**
   * Runs (or resumes) an upload; a second call while it runs joins the first, never starts another.
   * `stopped`: the upload as it stopped, when this run is its Retry (the service saves it resumed first).
   */
  run(record: UploadRecord, stopped: UploadRecord = record): Promise<UploadRecord> {
    const running = this.#running.get(record.id);
    if (running) return running.done;
    const controller = new AbortController();
    const done = this.#run(record, stopped, controller.signal).finally(() => this.#running.delete(record.id));
    this.#running.set(record.id, { controller, done });
    return done;
  }

  /** Stops a running upload; it ends `cancelled`. Returns false when it was not running. */
  cancel(id: string): boolean {
    const running = this.#running.get(id);
    running?.controller.abort();
    return running !== undefined;
  }

  async #run(start: UploadRecord, stopped: UploadRecord, signal: AbortSignal): Promise<UploadRecord> {
    let record: UploadRecord = { ...start, failedStep: null, error: null, errorKind: null, errorStatus: null, needsAccess: null, serviceWaitUntil: null };
    /** The record as storage last took it (the run is given one stored). */
    let stored = start;
    const save = async (patch: Partial<UploadRecord>) => {
      record = { ...record, ...patch, updatedAt: this.#deps.now() };
      try {
        await this.#deps.save(record);
      } catch (error) {
        throw new ApiError('http', NOT_SAVED, { cause: error });
      }
      stored = record;
      return record;
    };
    /**
     * The run's end, saved. When storage refuses it (full: it grows the record), the record as
     * storage last took it is marked ended instead: a shorter state word, so it lands, and no later
     * start resumes it (each resume of one asking for an address made one more recording on the
     * service, never recorded). Resolves with the end either way, to be announced.
     */
    const end = async (patch: Partial<UploadRecord>) => {
      try {
        return await save(patch);
      } catch {
        await this.#deps.save({ ...stored, state: record.state, failedStep: null, updatedAt: record.updatedAt }).catch(() => undefined);
        return record;
      }
    };
    let step: UploadStep = 'request-url';
    try {
      let urls = 0;
      /** Storage's last refusal of a URL: said as it is if no new URL helps. */
      let refusal: ApiError | null = null;
      /**
       * URLs refused in this run (a run may start from a URL an earlier one was given). A Retry of a
       * run that stopped on a new URL refused the same way counts that refusal: it asks for one new
       * URL (one more recording at the service), not two, unless storage says that one expired.
       */
      let refused = stopped.state === 'failed' && !stopped.putDone && stopped.error?.endsWith(REFUSED_THE_SAME_WAY) === true ? 1 : 0;
      // A restarted background finds the PUT it started still running: it waits for that PUT (put
      // joins it) instead of sending the file again from the start, even if the URL is close to expiry.
      let adopt = start.state === 'uploading' && !start.putDone && start.uploadUrl !== null && (await this.#deps.sending(start.id, start.uploadUrl));
      while (!record.putDone) {
        if (!adopt) {
          if (!record.recordingId || !urlUsable(record, this.#deps.now())) {
            // A fresh URL refused as the last one was, for no expiry (a signature that does not
            // match: a type or header storage did not sign), is refused again: each new URL is a
            // new recording at the service, so it is asked for once, not until the limit.
            const again = refusal !== null && refused >= 2 && !saysExpired(refusal);
            if (refusal !== null && (again || urls >= MAX_URLS_PER_RUN)) {
              // Storage's own words, so the cause can be told (and passed on to whoever runs it), cut
              // short enough that the row and the notification (SERVER_TEXT_MAX) still show Primer's
              // after them: S3's SignatureDoesNotMatch alone took the whole row.
              const ending = again ? REFUSED_THE_SAME_WAY : 'Every new upload address was refused too; try again later.';
              const said = serverText(refusal.message, SERVER_TEXT_MAX - ending.length - 1) ?? '';
              throw new ApiError('forbidden', `${said === '' ? '' : `${sentence(said)} `}${ending}`, {
                status: refusal.status,
                code: refusal.code,
              });
            }
            step = 'request-url';
            await save({ state: 'requesting-url' });
            const abandoned = record.recordingId ? [...record.abandonedRecordingIds, record.recordingId] : record.abandonedRecordingIds;
            const presigned = await this.#deps.requestUrl(record, signal);
            urls++;
            await save({
              recordingId: presigned.recordingId,
              uploadUrl: presigned.uploadUrl,
              uploadHeaders: presigned.headers,
              urlExpiresAt: presigned.expiresAt,
              abandonedRecordingIds: abandoned,
              serviceUrl: presigned.serviceUrl ?? null,
              account: presigned.account ?? null,
              meta: presigned.meta ?? record.meta,
            });
          }
          step = 'put';
          const missing = await this.#deps.missingAccess(record.uploadUrl!);
          if (missing) {
            // Permission prompts need the user's click: stop here; the popup offers "Allow and upload".
            return await save({
              state: 'failed',
              failedStep: 'put',
              needsAccess: missing,
              error: `Primer needs your permission to send the recording to ${hostOf(missing)}.`,
            });
          }
          await save({ state: 'uploading', sentBytes: 0 });
        }
        step = 'put';
        adopt = false;
        const outcome = await this.#putWithRetries(record as UploadRecord & { uploadUrl: string }, save, signal);
        if (outcome instanceof ApiError) {
          refusal = outcome;
          refused++;
          // Expired or refused: the next turn asks for a new URL.
          await save({ uploadUrl: null, urlExpiresAt: null });
          continue;
        }
        // Storage has the file: the URL (a credential to write the recording's object) and the headers
        // chosen for the PUT (S3's SSE-C customer key) serve no later step, and are not kept the record's 30 days.
        await save({ putDone: true, sentBytes: record.file.size, uploadUrl: null, uploadHeaders: {}, urlExpiresAt: null });
      }
      step = 'complete';
      await save({ state: 'completing' });
      await this.#deps.complete(record.recordingId!, signal, record.serviceUrl, record.account);
      return await save({ state: 'processing', processingStatus: 'queued', processingProgress: null, polls: 0, nextCheckAt: this.#deps.now() + pollDelayMs(0) });
    } catch (error) {
      if (signal.aborted || (error instanceof ApiError && error.kind === 'aborted')) {
        return end({ state: 'cancelled', failedStep: null, error: null, errorKind: null, errorStatus: null });
      }
      // complete-upload answered 404 or 410: the service no longer has the recording, and every
      // Retry would be answered so again. Said as final (recordingGone), with what to do instead.
      if (step === 'complete' && error instanceof ApiError && error.kind === 'not_found') {
        return end({ state: 'failed', failedStep: step, error: RECORDING_GONE, errorKind: 'not_found' });
      }
      const info = toErrorInfo(error);
      const waitMs = serviceWaitMs(info);
      if (waitMs !== null) {
        const until = this.#deps.now() + waitMs;
        return end({ state: 'failed', failedStep: step, error: saidWithWait(info.message, until, waitMs), errorKind: info.kind, errorStatus: info.status, serviceWaitUntil: until });
      }
      return end({ state: 'failed', failedStep: step, error: info.message, errorKind: info.kind, errorStatus: info.status });
    }
  }

  /** 'ok', storage's refusal of the URL (ask for a new one), or throws for a failure the user must see. */
  async #putWithRetries(
    record: UploadRecord & { uploadUrl: string },
    save: (patch: Partial<UploadRecord>) => Promise<UploadRecord>,
    signal: AbortSignal,
  ): Promise<'ok' | ApiError> {
    for (let attempt = 0; ; attempt++) {
      let lastSaved = 0;
      let pending: Promise<unknown> = Promise.resolve();
      try {
        await this.#deps.put(
          record,
          (sent) => {
            const now = this.#deps.now();
            if (now - lastSaved < PROGRESS_SAVE_MS) return;
            lastSaved = now;
            pending = pending.then(() => save({ sentBytes: sent })).catch(() => undefined);
          },
          signal,
        );
        await pending;
        return 'ok';
      } catch (error) {
        await pending;
        if (!(error instanceof ApiError)) throw error;
        if (refusesUrl(error)) return error;
        const delay = PUT_RETRY_DELAYS_MS[attempt];
        if (!TRANSIENT.has(error.kind) || delay === undefined) throw error;
        await this.#deps.sleep(delay, signal);
        await save({ sentBytes: 0 });
      }
    }
  }
}
