/**
 * A recording (detail or list entry), why it failed, and a page of the recording list.
 */
import type { Recording, RecordingPage } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, numberOf, textOf, type Obj } from './values';
import { dateOf } from './dates';
import { toTextList } from './text-lists';
import { eachReadable, hasMoreOf, listReply, pagingOf, totalOf, unwrap, type PageRequest } from './envelope';
import { PROGRESS_KEYS, progressOf, toStatus } from './recording-status';
import { toParticipants } from './participants';

/** Where a recording's id may be (toRecording reads the same names). */
const RECORDING_ID_KEYS = [...ID_KEYS, 'recording_id', 'recordingId', 'uuid'];

/**
 * How to tell a recording from an envelope around it: by an id, or by a status, except where the
 * status is the envelope's own (JSend `{status: "success", data: {…}}`, `{status: 200, data: {…}}`).
 */
export function recordingProbes(raw: unknown): string[] {
  const wrapped = isObj(raw) && !RECORDING_ID_KEYS.some((key) => key in raw) && (isObj(raw.data) || isObj(raw.recording));
  return wrapped ? RECORDING_ID_KEYS : [...RECORDING_ID_KEYS, 'status'];
}

/**
 * The recording in a reply. An object under `recording` that has an id of its own is the
 * recording, whatever ids the outside carries (`{recording_id, recording: {…}}`); so is one under
 * `data` when the outside has no `id` (JSON:API, envelopes with a request's own uuid). Else as
 * recordingProbes tells.
 */
export function recordingBody(raw: unknown): unknown {
  if (isObj(raw)) {
    const inner = isObj(raw.recording) ? raw.recording : isObj(raw.data) && !ID_KEYS.some((key) => key in raw) ? raw.data : null;
    if (inner !== null && RECORDING_ID_KEYS.some((key) => key in inner)) return unwrap(inner, [...RECORDING_ID_KEYS, 'status'], []);
  }
  return unwrap(raw, recordingProbes(raw), ['recording', 'data']);
}

/** Where a recording's primary contact id may be (`primary_contact: {id}` aside). */
const PRIMARY_CONTACT_KEYS = ['primary_contact_id', 'primaryContactId', 'contact_id'];

export function toRecording(raw: unknown): Recording {
  const body = recordingBody(raw);
  if (!isObj(body)) throw invalid('the recording');
  const id = idOf(body, ...RECORDING_ID_KEYS);
  if (id === null) throw invalid('the recording’s id');
  // The status may be an object naming it: {name|value|state|code: "…"}, with why beside it.
  const rawStatus = (isObj(body.status) ? textOf(body.status, 'name', 'value', 'state', 'code', 'status') : null) ?? textOf(body, 'status', 'state', 'processing_status');
  const sent = PROGRESS_KEYS.map((key) => progressOf(body[key])).find((value) => value !== null) ?? null;
  const sentProgress = sent?.value ?? null;
  let progress = sentProgress;
  // Some servers report progress as a 0–1 fraction; "0.5%" says it is not one.
  if (progress !== null && !sent?.percent && progress > 0 && progress < 1) progress = Math.round(progress * 100);
  if (progress !== null) progress = Math.min(100, Math.max(0, progress));
  const known = toStatus(rawStatus);
  // A word Primer does not know, at 100 %: the interface pairs 100 with the end of processing.
  // Only a real 100, not a nonsense value cut down to it.
  const status = known === 'unknown' && sentProgress === 100 ? 'completed' : known;
  const primaryContactId = textOf(body, ...PRIMARY_CONTACT_KEYS) ?? (isObj(body.primary_contact) ? idOf(body.primary_contact, ...ID_KEYS, 'contact_id') : null);
  // None said (null, ""), or not a word of it: only the first says the recording is nobody's.
  const saidNone = [...PRIMARY_CONTACT_KEYS, 'primary_contact'].some((key) => body[key] === null || (typeof body[key] === 'string' && body[key].trim() === ''));
  return {
    id,
    filename: fileNameOf(textOf(body, 'filename', 'file_name', 'fileName')),
    title: textOf(body, 'title', 'name', 'topic'),
    meetingDate: dateOf(body, 'meeting_date', 'meetingDate', 'date', 'started_at', 'startedAt', 'recorded_at'),
    createdAt: dateOf(body, 'created_at', 'createdAt', 'uploaded_at', 'uploadedAt'),
    status,
    rawStatus,
    progress,
    primaryContactId,
    ...(primaryContactId === null && !saidNone ? { primaryContactUnreported: true as const } : {}),
    participants: toParticipants(body.participants ?? body.attendees ?? body.speakers),
    error: failureOf(body),
  };
}

/**
 * The file's own name, where a server sends where it is kept: the last part of a storage key or a
 * path ("recordings/7f3e…/weekly-sync.m4a", "C:\\Users\\…\\call.mp3") or of its URL, without the
 * query a signed URL carries, decoded ("Q3%20review.m4a"). A name has no slash; one ending in a
 * slash is kept as written.
 */
function fileNameOf(text: string | null): string | null {
  if (text === null) return null;
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(text);
  const path = url ? text.replace(/[?#].*$/, '') : text;
  const last = path.split(/[/\\]/).at(-1)?.trim();
  if (!last) return text;
  if (!url) return last;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const FAILURE_TEXT_KEYS = ['message', 'detail', 'reason', 'description', 'error_message', 'errorMessage'];

/**
 * Why a recording failed: text beside it (snake_case or camelCase), inside an error object
 * (`{code, reason}`), or a list of errors (`errors: [{message}]`, joined); else the status's own
 * sentence (`status_message`) or Rev.ai's `failure_detail` (its `failure` is a code). Shown only
 * for a failed recording.
 */
function failureOf(body: Obj): string | null {
  const nested = isObj(body.error) ? textOf(body.error, ...FAILURE_TEXT_KEYS) : null;
  const listed = Array.isArray(body.errors) ? toTextList(body.errors, FAILURE_TEXT_KEYS).join('; ') : '';
  const ofStatus = isObj(body.status) ? textOf(body.status, ...FAILURE_TEXT_KEYS) : null;
  return (
    nested ??
    textOf(body, 'error', 'error_message', 'errorMessage', 'failure_reason', 'failureReason') ??
    (listed || ofStatus) ??
    textOf(body, 'failure_detail', 'failureDetail', 'failure_message', 'failureMessage', 'status_message', 'statusMessage', 'status_detail', 'statusDetail')
  );
}

/**
 * False when the reply says this is the last page otherwise than by a flag: a next link, offset or
 * cursor given as null, or the last page number reached; null when it does not say. (A full last
 * page offered "More", which found nothing.)
 */
function lastPageSaid(body: Obj, paging: Obj): false | null {
  for (const source of [body, paging]) {
    if (['next', 'next_offset', 'nextOffset', 'next_cursor', 'nextCursor', 'next_page', 'nextPage'].some((key) => key in source && source[key] === null)) return false;
    const page = numberOf(source, 'page', 'current_page', 'currentPage');
    const pages = numberOf(source, 'total_pages', 'totalPages', 'pages', 'last_page', 'lastPage');
    if (page !== null && pages !== null && page >= pages) return false;
  }
  return null;
}

export function toRecordingPage(raw: unknown, request: PageRequest): RecordingPage {
  const { body, list } = listReply(raw, ['recordings', 'items', 'data', 'results'], 'the recording list');
  const paging = pagingOf(body);
  const recordings = eachReadable(list, toRecording);
  const total = totalOf(body, paging, list.length, request);
  const limit = numberOf(body, 'limit') ?? numberOf(paging, 'limit') ?? request.limit;
  const offset = numberOf(body, 'offset') ?? numberOf(paging, 'offset') ?? request.offset;
  // An offset echoed below the one asked: the server ignores it, and every later page is its
  // first again ("More recordings" stayed for ever, adding nothing).
  const offsetIgnored = offset < request.offset;
  const hasMore = hasMoreOf(body, paging) ?? (total !== null ? offset + list.length < total : (lastPageSaid(body, paging) ?? list.length >= limit));
  return { recordings, received: list.length, total, limit, offset, hasMore: list.length > 0 && !offsetIgnored && hasMore };
}
