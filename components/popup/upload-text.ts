/** What an upload's row says: its state in words, its progress, what the user can do next. */
import { clockFormat, uiLocale } from '@/lib/format/dates';
import { nonBlank, statusAsWords } from '@/lib/format/text';
import { formatBytes } from '@/lib/upload/file-check';
import { isSending, MISSING_FILE, noLongerFollowed, recordingGone, refusedOnEveryRetry, untrustedUpload, type UploadRecord, type UploadStep } from '@/lib/upload/record';
import { TOO_LARGE_ANSWER } from '@/lib/api/errors';

const STEP_NAMES: Record<UploadStep, string> = {
  'request-url': 'asking the service where to send the file',
  put: 'sending the file',
  complete: 'telling the service the file has arrived',
  processing: 'processing',
};

export interface Progress {
  /** 0–100, or null when the amount is unknown (an indeterminate bar). */
  percent: number | null;
  text: string;
}

function percentOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.min(100, Math.floor((part / whole) * 100));
}

export function stateLabel(record: UploadRecord): string {
  switch (record.state) {
    case 'requesting-url':
      return 'Starting';
    case 'uploading':
      return 'Uploading';
    case 'completing':
      return 'Finishing upload';
    case 'processing':
      return 'Processing';
    case 'completed':
      return 'Ready';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      if (record.needsAccess) return 'Needs your permission';
      // Primer stopped checking; the service never said it failed (and may yet finish it).
      if (noLongerFollowed(record)) return 'No longer followed';
      // No step: storage (full) took only a copy of its end no larger than what it had (runner.ts).
      return record.failedStep === null ? 'Failed' : `Failed while ${STEP_NAMES[record.failedStep]}`;
  }
}

/** The bar under a row, for uploads still moving; null when there is nothing to show. */
export function progressOf(record: UploadRecord): Progress | null {
  const size = record.file.size;
  switch (record.state) {
    case 'requesting-url':
      return { percent: 0, text: `0 B of ${formatBytes(size)} · 0%` };
    case 'uploading':
    case 'completing': {
      const sent = record.state === 'completing' ? size : Math.min(record.sentBytes, size);
      const percent = percentOf(sent, size);
      return { percent, text: `${formatBytes(sent)} of ${formatBytes(size)} · ${percent}%` };
    }
    case 'processing': {
      const status = statusAsWords(nonBlank(record.processingStatus) ?? 'queued');
      const percent = record.processingProgress === null ? null : Math.max(0, Math.min(100, Math.round(record.processingProgress)));
      return { percent, text: percent === null ? `Service: ${status}` : `Service: ${status} · ${percent}%` };
    }
    default:
      return null;
  }
}

/** What retrying does, in the button's words. */
export function retryLabel(record: UploadRecord): string | null {
  if (record.state === 'cancelled') return 'Resume';
  if (record.state !== 'failed' || record.failedStep === 'processing') return null;
  // Firefox: its stored record is not as the background signed it; the row says to upload the file again.
  if (import.meta.env.FIREFOX && untrustedUpload(record)) return null;
  if (record.needsAccess) return 'Allow and upload';
  // The file is gone (a restart before a copy was kept): Retry would ask for a new upload address,
  // a new recording at the service, and fail the same way. The row says to pick the file again,
  // and offers Remove. (Storage's own 404, a place not there yet, may pass with a new URL.)
  if (!record.putDone && record.failedStep === 'put' && record.error === MISSING_FILE) return null;
  // The service no longer has the recording (complete-upload answered 404 or 410): Retry finishing
  // would be answered so again, and the file was let go of once stored. The row says to upload it again.
  if (recordingGone(record)) return null;
  // The service wants a form upload, stores in Azure a file too large for one PUT, or gives an
  // address on this computer: each Retry would make it another recording, refused alike.
  if (refusedOnEveryRetry(record)) return null;
  return record.putDone ? 'Retry finishing' : 'Retry';
}

/**
 * What to expect of Retry when the service or the storage refused the request itself (a 4xx that
 * is not about the key, access or an expired URL: a field it does not accept, a file too large):
 * Retry sends the same again, so the way on is another upload with other details, or, for the
 * file's own size or type, a word with whoever runs the service. Null otherwise.
 */
export function refusalAdvice(record: UploadRecord): string | null {
  if (record.state !== 'failed' || record.errorKind !== 'bad_request') return null;
  if (record.failedStep !== 'request-url' && record.failedStep !== 'put') return null;
  const who = record.failedStep === 'put' ? 'The storage' : 'The service';
  // Other details would change neither the file's size (storage's refusal, or presigned-url's 413)
  // nor its type (presigned-url's 415: the service's list of types, kept on the record as errorStatus).
  const service = record.failedStep === 'request-url';
  if ((service && record.errorStatus === 413) || (!service && tooLargeForStorage(record.error))) {
    return `${who} refused a file this large, and Retry sends the same file again. If it is refused again, ask whoever runs the service about the size limit.`;
  }
  if (service && record.errorStatus === 415) {
    return 'The service refused a file of this type, and Retry sends the same file again. If it is refused again, ask whoever runs the service which types of recording it takes.';
  }
  return `${who} refused this upload as it was sent, and Retry sends the same again. If it is refused again, remove it and upload the file with other details.`;
}

/**
 * Storage's refusal of the file for its size: a 413 (storage or its proxy), S3's EntityTooLarge,
 * Azure's RequestBodyTooLarge; the code after its message ("… (EntityTooLarge)"), or alone where the
 * store sends no message (Ceph RGW: "…answered 400: EntityTooLarge").
 */
function tooLargeForStorage(error: string | null): boolean {
  return error !== null && (error.startsWith(TOO_LARGE_ANSWER) || /(?:\((?:EntityTooLarge|RequestBodyTooLarge)\)|: (?:EntityTooLarge|RequestBodyTooLarge))$/.test(error));
}

export function sizeAndType(record: UploadRecord): string {
  return `${record.file.name} · ${formatBytes(record.file.size)}`;
}

/** "today 14:05", "3 Mar 2026 09:30": when the meeting was, in English as the popup is (uiLocale()). */
export function meetingWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString(uiLocale(), clockFormat());
  if (date.toDateString() === now.toDateString()) return `today ${time}`;
  return `${date.toLocaleDateString(uiLocale(), { day: 'numeric', month: 'short', year: 'numeric' })} ${time}`;
}

/**
 * Said beside a picked file that an upload in the list had too (same name and size): another
 * upload makes a second recording of the same meeting. Failed and cancelled ones are not said:
 * picking the file again is how they are done over. One no longer followed is said: the service
 * may have it processed by now.
 */
export function sameFileNote(records: readonly UploadRecord[], file: { name: string; size: number }, now: Date = new Date()): string | null {
  const earlier = records
    .filter((record) => record.file.name === file.name && record.file.size === file.size && (record.state !== 'failed' || noLongerFollowed(record)) && record.state !== 'cancelled')
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  if (!earlier) return null;
  if (isSending(earlier)) return `This file is being uploaded now, as “${earlier.meta.title}”.`;
  const when = meetingWhen(new Date(earlier.createdAt).toISOString(), now);
  return `You uploaded this file ${when.startsWith('today') ? when : `on ${when}`}, as “${earlier.meta.title}”: uploading it again makes a second recording.`;
}
