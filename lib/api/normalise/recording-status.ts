/**
 * A recording’s processing status word and its progress, however the server writes them.
 */
import type { RecordingStatus } from '../../models';
import { isObj, numberOf, scalarText } from './values';

const STATUS_WORDS: Record<Exclude<RecordingStatus, 'unknown'>, string[]> = {
  // "transcribed" is the last status of transcription services (Rev.ai's, for one); "available" and
  // "analyzed" are how others say the conversation is there to read.
  // Also the words of servers whose last step is named: the transcript is what "completed" promises.
  completed: [
    'completed', 'complete', 'done', 'succeeded', 'success', 'processed', 'ready', 'finished', 'transcribed', 'analyzed', 'analysed', 'available',
    'transcription_completed', 'completed_with_errors', 'finalized', 'finalised', 'insights_ready',
    'processing_complete', 'processing_completed', 'processing_done', 'analysis_complete', 'analysis_completed',
  ],
  failed: ['failed', 'failure', 'error', 'errored', 'cancelled', 'canceled', 'rejected', 'timed_out', 'timeout', 'expired', 'aborted'],
  processing: [
    'processing', 'transcribing', 'analyzing', 'analysing', 'in_progress', 'running', 'started',
    'transcription_in_progress', 'summarizing', 'summarising', 'diarizing', 'diarising', 'generating_insights',
  ],
  // The file is there and processing has not begun: an upload's completion is not the recording's.
  queued: ['queued', 'pending', 'waiting', 'scheduled', 'uploaded', 'upload_complete', 'upload_completed', 'enqueued', 'in_queue', 'not_started'],
  uploading: ['uploading', 'pending_upload', 'awaiting_upload', 'created', 'initiated', 'new'],
};

export function toStatus(raw: string | null): RecordingStatus {
  if (raw === null) return 'unknown';
  // "InProgress" / "notStarted" (an enum serialised by name) are the words "in_progress",
  // "not_started"; a word known whole is read whole first ("TimeOut" is "timeout", "EnQueued" "enqueued").
  const joined = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const word = raw.trim().replace(/(?<=\p{L}\p{Ll})(?=\p{Lu}\p{Ll})/gu, '_').toLowerCase().replace(/[\s-]+/g, '_');
  for (const candidate of [joined, word]) {
    for (const [status, words] of Object.entries(STATUS_WORDS) as [RecordingStatus, string[]][]) {
      if (words.includes(candidate)) return status;
    }
  }
  // A failure named with more words, first or last ("failed_to_process", "cancelled_by_user",
  // "processing_failed", "transcription_error") is the recording's: else the upload was watched
  // until it timed out, its error never shown, or at 100 % it read as done. Not after "no",
  // "not", "un", "pre", "with", "without", "after" or "on" ("completed_with_error",
  // "retrying_on_error", "UnProcessed"), nor
  // beside a retry ("failed_retrying", "requeued_due_to_timeout", "error_free"): those go on.
  const parts = word.split('_');
  const said = (index: number, words: string[]) => words.includes(parts[index] ?? '') && !NOT_BEFORE.includes(parts[index - 1] ?? '');
  const last = parts.length - 1;
  const goesOn = parts.some((part) => /^(retry|retrying|retried|recover|recovered|recovering|requeue|requeued|free)$/.test(part));
  if (!goesOn && (said(0, STATUS_WORDS.failed) || said(last, STATUS_WORDS.failed))) return 'failed';
  // A stage named as done ("processing_finished", "transcription_done").
  if (said(last, STATUS_WORDS.completed)) return 'completed';
  // A stage under way or to come, named first ("transcribing_audio", "queued_for_processing"):
  // looked at again, as the plain word is.
  if (STATUS_WORDS.processing.includes(parts[0] ?? '')) return 'processing';
  if (STATUS_WORDS.queued.includes(parts[0] ?? '')) return 'queued';
  // Named last, after the stage ("analysis_in_progress", "transcription_pending", "job_not_started").
  return endingStatus(parts) ?? 'unknown';
}

/** Words that undo or shift the status word after them ("not_started", "pre_processing", "done_with_processing"). */
const NOT_BEFORE = ['no', 'not', 'un', 'pre', 'with', 'without', 'after', 'on'];

/**
 * Stages that follow the transcript: while they wait or run ("insights_pending") the transcript
 * may be there to read, and a recording of a status Primer does not know is asked for it (one
 * queued or processing is not).
 */
const AFTER_TRANSCRIPT = ['insights', 'insight', 'summary'];

/**
 * The status of a code that ends with a word of a stage under way or waiting: the longest such
 * word ("not_started" before "started"), not after a word in NOT_BEFORE.
 */
function endingStatus(parts: string[]): 'processing' | 'queued' | null {
  if (AFTER_TRANSCRIPT.includes(parts[0] ?? '')) return null;
  let found: { status: 'processing' | 'queued'; length: number } | null = null;
  for (const status of ['processing', 'queued'] as const) {
    for (const known of STATUS_WORDS[status]) {
      const length = known.split('_').length;
      const before = parts.length - length - 1;
      if (before < 0 || parts.slice(before + 1).join('_') !== known || NOT_BEFORE.includes(parts[before] ?? '')) continue;
      if (found === null || length > found.length) found = { status, length };
    }
  }
  return found?.status ?? null;
}

export const PROGRESS_KEYS = ['progress', 'progress_percent', 'percent_complete'];

/**
 * Progress as sent: a number or numeric text (percent or a 0–1 fraction, settled by the caller),
 * text with a percent sign ("45%", percent whatever its size), or an object holding either
 * (`{percent: 45}`, `{value: 0.45}`) or a count of steps (`{current: 45, total: 100}`).
 */
export function progressOf(value: unknown): { value: number; percent: boolean } | null {
  if (isObj(value)) {
    const done = numberOf(value, 'current', 'completed', 'done', 'processed');
    const total = numberOf(value, 'total');
    if (done !== null && total !== null) return total > 0 ? { value: Math.round((done / total) * 100), percent: true } : null;
    return ['percent', 'percentage', 'value', 'progress'].map((key) => progressOf(value[key])).find((inner) => inner !== null) ?? null;
  }
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(scalarText(value) ?? '');
  if (percent) return { value: Number(percent[1]), percent: true };
  const number = numberOf({ value }, 'value');
  return number === null ? null : { value: number, percent: false };
}
