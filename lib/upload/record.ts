/**
 * One upload of a meeting recording, as the background tracks it and every view shows it. Kept in
 * storage.local (see store.ts), so an upload outlives the popup, the service worker and a restart.
 */
import { z } from 'zod/mini';
import { API_ERROR_KINDS } from '../api/error-info';
import { REFUSED_ON_EVERY_RETRY } from '../api/errors';

export const UPLOAD_STATES = ['requesting-url', 'uploading', 'completing', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The steps in the interface's order; `processing` is the service's work after complete-upload. */
export const UPLOAD_STEPS = ['request-url', 'put', 'complete', 'processing'] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number];

/** The longest title an upload takes: the form's field and its pre-filled title keep to it. */
export const TITLE_MAX_LENGTH = 500;

/** The longest contact name an upload's record keeps. */
export const CONTACT_NAME_MAX_LENGTH = 300;

export const UploadMetaSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(TITLE_MAX_LENGTH)),
  /** ISO timestamp. */
  meetingDate: z.string().check(z.maxLength(64)),
  speakersExpected: z.nullable(z.int().check(z.minimum(1), z.maximum(100))),
  primaryContactId: z.nullable(z.string().check(z.maxLength(200))),
  primaryContactName: z.nullable(z.string().check(z.maxLength(CONTACT_NAME_MAX_LENGTH))),
  /** Present when the contact was tied to the meeting by a unique full name, not an address: said wherever it is named. */
  primaryContactMatchedBy: z.optional(z.literal('name')),
});
export type UploadMeta = z.infer<typeof UploadMetaSchema>;

export const UploadFileSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(1000)),
  size: z.number().check(z.minimum(1)),
  type: z.string().check(z.maxLength(200)),
});
export type UploadFile = z.infer<typeof UploadFileSchema>;

export const UploadRecordSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  file: UploadFileSchema,
  meta: UploadMetaSchema,
  state: z.enum(UPLOAD_STATES),
  recordingId: z.nullable(z.string()),
  uploadUrl: z.nullable(z.string()),
  uploadHeaders: z.record(z.string(), z.string()),
  urlExpiresAt: z.nullable(z.string()),
  /** The file is stored at the upload URL (PUT answered 2xx). */
  putDone: z.boolean(),
  sentBytes: z.number(),
  failedStep: z.nullable(z.enum(UPLOAD_STEPS)),
  error: z.nullable(z.string()),
  /** Processing as the service reports it, after complete-upload. */
  processingStatus: z.nullable(z.string()),
  processingProgress: z.nullable(z.number()),
  /** How many scheduled status checks so far (the poller's backoff grows with it; a view's checks do not count). */
  polls: z.number(),
  /** When the next scheduled check is due (ms since the epoch), while processing. Older records lack it. */
  nextCheckAt: z._default(z.nullable(z.number()), null),
  /**
   * Until when the service asked not to be asked about it again (a rate limit's Retry-After, ms
   * since the epoch): an open view's checks wait it out too, and a stopped upload's Retry is held
   * until then (every call before is refused at once). Older records lack it.
   */
  serviceWaitUntil: z._default(z.nullable(z.number()), null),
  /**
   * Recordings created for upload URLs that expired or were refused before the file arrived. The
   * interface offers no way to renew a URL, so a new presigned-url call creates a new recording;
   * these are never completed and never processed.
   */
  abandonedRecordingIds: z.array(z.string()),
  /**
   * The host pattern (`https://storage.example/*`) Primer must be allowed to reach before the file
   * can be sent; the user grants it from a click in the popup, then retries.
   */
  needsAccess: z.nullable(z.string()),
  /**
   * The service (base URL) the recording was created on: only it knows the recording's id, so
   * complete-upload and the status checks go there or nowhere. Null before the recording exists,
   * and on records from before (taken as the service in effect).
   */
  serviceUrl: z._default(z.nullable(z.string().check(z.maxLength(2048))), null),
  /**
   * The account there (the key's tag: ServiceClient.cacheScope): one address serves every account
   * of a hosted service, and another key's account does not have the recording. Null before the
   * recording exists, and on records from before.
   */
  account: z._default(z.nullable(z.string().check(z.maxLength(2200))), null),
  /**
   * What kind of failure `error` is, when known: a refused key or a missing setup leads to the
   * options. A kind a later version wrote (after a downgrade) is unknown, not a reason to drop the upload.
   */
  errorKind: z.catch(z._default(z.nullable(z.enum(API_ERROR_KINDS)), null), null),
  /**
   * The HTTP status of the answer that stopped the upload, when one did: a 413 or 415 refused the
   * file itself (its size, its type), which no other detail of the upload changes. Older records lack it.
   */
  errorStatus: z._default(z.nullable(z.int().check(z.minimum(100), z.maximum(599))), null),
});
export type UploadRecord = z.infer<typeof UploadRecordSchema>;

/** The upload's details naming no contact: its recording is not tied to the one chosen. */
export function withoutContact(meta: UploadMeta): UploadMeta {
  const { primaryContactMatchedBy: _matchedBy, ...rest } = meta;
  return { ...rest, primaryContactId: null, primaryContactName: null };
}

export function newUploadRecord(id: string, file: UploadFile, meta: UploadMeta, now: number): UploadRecord {
  return {
    id, createdAt: now, updatedAt: now, file, meta, state: 'requesting-url',
    recordingId: null, uploadUrl: null, uploadHeaders: {}, urlExpiresAt: null, putDone: false, sentBytes: 0,
    failedStep: null, error: null, processingStatus: null, processingProgress: null, polls: 0, nextCheckAt: null, serviceWaitUntil: null, abandonedRecordingIds: [], needsAccess: null, serviceUrl: null, account: null, errorKind: null, errorStatus: null,
  };
}

/** Still moving: sending, or waiting for the service to finish processing. */
export function isActive(record: Pick<UploadRecord, 'state'>): boolean {
  return record.state !== 'completed' && record.state !== 'failed' && record.state !== 'cancelled';
}

/** Running on our side (the three steps), as opposed to processing on the service's. */
export function isSending(record: Pick<UploadRecord, 'state'>): boolean {
  return record.state === 'requesting-url' || record.state === 'uploading' || record.state === 'completing';
}

/**
 * Why an upload is not gone on with (Firefox builds only): its record in storage.local is not as
 * the background signed it (lib/upload/store.ts). Content scripts can write that area there, so a
 * page may have rewritten its contact, service, account or host to allow, or stripped the
 * signature (records of the version before carry none): nothing of it is acted upon, and the way
 * on is a new upload. The store shows such a record as failed with these words (untrustedUpload).
 */
export const UNTRUSTED_UPLOAD = 'Primer cannot trust this upload’s saved details. Upload the file again.';

/**
 * A record the store read as not the background's (UNTRUSTED_UPLOAD): no Retry, no run, no check.
 * Only Firefox's store makes one: callers test `import.meta.env.FIREFOX` first, so Chrome's build has none of it.
 */
export function untrustedUpload(record: Pick<UploadRecord, 'state' | 'error'>): boolean {
  return record.state === 'failed' && record.error === UNTRUSTED_UPLOAD;
}

/** Why a PUT failed when the file itself is gone (file-sender.ts): a retry cannot send it. */
export const MISSING_FILE = 'The recording’s file is no longer available to Primer; pick it again.';

/**
 * Why finishing failed when complete-upload answered 404 or 410: the service no longer has the
 * recording (one it let expire unfinished). Finishing can never succeed, and the file was let go of
 * once it was stored, so the way on is a new upload. The poller says the same of its 404.
 */
export const RECORDING_GONE = 'The service no longer has this recording; upload the file again.';

/** complete-upload answered 404 or 410 (records from before RECORDING_GONE too): no Retry can finish it. */
export function recordingGone(record: Pick<UploadRecord, 'state' | 'failedStep' | 'errorKind'>): boolean {
  return record.state === 'failed' && record.failedStep === 'complete' && record.errorKind === 'not_found';
}

/**
 * Why an upload is no longer followed: its scheduled checks ran out (the poller's MAX_POLLS, about a
 * day) while the service still said it was processing. The service never said it failed, and may
 * yet finish it: a new upload would be a second recording of the same meeting.
 */
export const NO_LONGER_FOLLOWED = 'Processing did not finish; check the recording on the service later.';

/** Primer stopped checking on the recording (NO_LONGER_FOLLOWED), not the service failing it. */
export function noLongerFollowed(record: Pick<UploadRecord, 'state' | 'failedStep' | 'error'>): boolean {
  return record.state === 'failed' && record.failedStep === 'processing' && record.error === NO_LONGER_FOLLOWED;
}

/**
 * The upload address was refused as every retry would be (REFUSED_ON_EVERY_RETRY: a form upload,
 * a file too large for Azure, an address on this computer), each retry making the service another
 * recording: no Retry is offered.
 */
export function refusedOnEveryRetry(record: Pick<UploadRecord, 'state' | 'failedStep' | 'error'>): boolean {
  const error = record.error;
  return record.state === 'failed' && record.failedStep === 'request-url' && error !== null && REFUSED_ON_EVERY_RETRY.some((start) => error.startsWith(start));
}
