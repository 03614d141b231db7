/**
 * A transcript reply: text, a list of segments, or an object holding either; or a reply that says
 * there is no transcript yet.
 */
import type { Transcript } from '../../models';
import { ApiError, NOT_YET_CODE, TRANSCRIPT_FAILED_CODE } from '../errors';
import { ID_KEYS, invalid, isObj, numberOf, sameId, textOf, type Obj } from './values';
import { unwrap } from './envelope';
import { toStatus } from './recording-status';
import { isSegmentLike, isSpeakerLabel, segmentsOf, toSeconds } from './transcript-segments';
import { segmentsFromText } from './transcript-text';
import { vendorTranscript } from './transcript-vendors';
import { wordTurns } from './transcript-words';

const SEGMENT_LIST_KEYS = ['segments', 'utterances', 'monologues', 'sentences', 'results', 'entries', 'paragraphs', 'items', 'turns', 'dialogue', 'lines'];
/** `data` last: an envelope's own field, holding the text itself (`{status: "success", data: "…"}`). */
const TRANSCRIPT_TEXT_KEYS = ['text', 'transcript', 'content', 'full_text', 'fullText', 'transcript_text', 'transcriptText', 'data'];
const STATUS_KEYS = ['status', 'state', 'processing_status'];
/** What a transcript reply may say beside its transcript without saying anything of it. */
const ABOUT_KEYS = new Set([
  ...ID_KEYS, 'recording_id', 'recordingId', ...STATUS_KEYS, 'progress', 'progress_percent', 'percent_complete',
  // A transcript resource's usual metadata, there before its text is.
  'language', 'language_code', 'languageCode', 'created_at', 'createdAt', 'updated_at', 'updatedAt', 'object', 'type', 'kind',
]);
/** A sentence for people beside a status ("Transcript not ready yet"): says nothing of the transcript while it is being made. */
const NOTE_KEYS = new Set(['message', 'detail', 'details', 'msg', 'note', 'info', 'description']);

/**
 * The service answered, with no transcript yet (a 204, an empty body, `{transcript: null}`): a
 * `not_found` with NOT_YET_CODE, never cached, looked for again while on screen.
 */
export function transcriptNotYet(status: number | null = null): ApiError {
  return new ApiError('not_found', 'The service has no transcript for this recording yet.', { status, code: NOT_YET_CODE });
}

export function toTranscript(raw: unknown, recordingId: string): Transcript {
  if (typeof raw === 'string') return { recordingId, segments: segmentsFromText(raw) };
  const body = unwrap(raw, ['segments', 'utterances', 'text'], ['transcript', 'data']);
  if (typeof body === 'string') return { recordingId, segments: segmentsFromText(body) };
  if (Array.isArray(body)) return { recordingId, segments: listedSegments(body, segmentsOf(body)) };
  if (!isObj(body)) throw invalid('the transcript');
  // The levels around the transcript object: the reply, and its `data` envelope.
  const envelopes = [raw, isObj(raw) ? raw.data : null];
  refuseOtherRecording([...envelopes, body], recordingId);
  // The status may sit beside the transcript or around it (`{status, transcript: {segments}}`).
  const status = toStatus(textOf(body, ...STATUS_KEYS) ?? (isObj(raw) ? textOf(raw, ...STATUS_KEYS) : null));
  const pending = status === 'uploading' || status === 'queued' || status === 'processing';
  // Who speaks may be listed around the transcript too (`{speakers, transcript: {segments}}`); its own list wins.
  const around = envelopes.filter((level): level is Obj => isObj(level) && level !== body);
  const speakers = new Map([...around.flatMap((level) => [...speakersOf(level)]), ...speakersOf(body)]);
  const listed = (list: unknown[]) => {
    const segments = segmentsOf(list, durationOf(body) ?? (isObj(raw) ? durationOf(raw) : null), speakers);
    // No segment yet of a recording still being processed: not a transcript with nothing said.
    if (segments.length === 0 && pending) throw transcriptNotYet();
    return { recordingId, segments: listedSegments(list, segments) };
  };
  const vendor = vendorTranscript(body);
  if (typeof vendor === 'string') return { recordingId, segments: segmentsFromText(vendor) };
  if (vendor !== null) return listed(vendor);
  // `transcript` holds the list too where an envelope was read through to it (`{data: {transcript: […]}}`),
  // and `data` where the transcript object wraps its list (`{transcript: {data: […]}}`).
  const lists = [...SEGMENT_LIST_KEYS, 'transcript', 'data'].map((key) => body[key]).filter(Array.isArray);
  const text = textOf(body, ...TRANSCRIPT_TEXT_KEYS);
  // Beside the text, a list of something else (`items` of action items) is no transcript, nor is
  // an empty one (`{text, segments: []}`: no timed segments made): the text is.
  const list = text === null ? lists[0] : lists.find((entries) => entries.some(isSegmentLike));
  if (list) return listed(list);
  if (text !== null) return { recordingId, segments: segmentsFromText(text) };
  // Word timings only, each speaker's run of words a segment (words none of which reads as one: not understood).
  const turns = Array.isArray(body.words) ? wordTurns(body.words) : [];
  if (turns.length > 0) return listed(turns);
  // A null list (Go's nil slice): a transcript with nothing said, not a broken reply.
  if (SEGMENT_LIST_KEYS.some((key) => body[key] === null)) {
    if (pending) throw transcriptNotYet();
    return { recordingId, segments: [] };
  }
  // Nothing but ids and a status, and transcript fields null or blank (`{}`, `{transcript: null}`):
  // no transcript yet, as a 204 says; empty once the recording is said to be completed.
  if (saysNothing(body, pending)) {
    if (status === 'completed') return { recordingId, segments: [] };
    if (status !== 'failed') throw transcriptNotYet();
  }
  // No transcript anywhere in a reply that says it failed: said so, not as an answer Primer cannot read.
  if (status === 'failed') throw new ApiError('server', 'The service could not make a transcript of this recording.', { code: TRANSCRIPT_FAILED_CODE });
  throw invalid('the transcript text');
}

/**
 * The recording the reply says the transcript is of, at any level read through; another one than
 * asked is refused, as a recording's insights are (insights.ts): someone else's words would be
 * shown under this meeting's title.
 */
function refuseOtherRecording(levels: unknown[], asked: string): void {
  for (const level of levels) {
    const stated = isObj(level) ? textOf(level, 'recording_id', 'recordingId') : null;
    if (stated !== null && !sameId(stated, asked)) {
      throw new ApiError('invalid_response', `The service sent the transcript of another recording (${stated.slice(0, 80)}, not ${asked.slice(0, 80)}); Primer does not show it.`);
    }
  }
}

/**
 * The segments read from a list. A list with entries none of which looks like a segment is a shape
 * Primer does not know, not a transcript with nothing said (kept a week once had); one whose
 * segments are all blank is a recording in which nothing was said (a silent call).
 */
function listedSegments(list: unknown[], segments: Transcript['segments']): Transcript['segments'] {
  if (segments.length === 0 && list.length > 0 && !list.some(isSegmentLike)) throw invalid('the transcript text');
  return segments;
}

/** The recording's length as the reply gives it (seconds, a clock or ISO-8601), if it does. */
function durationOf(body: Obj): number | null {
  const ms = numberOf(body, 'duration_ms', 'durationMs');
  const value = ms !== null ? ms / 1000 : ['duration', 'duration_seconds', 'durationSeconds', 'audio_duration', 'audioDuration'].map((key) => toSeconds(body[key])).find((seconds) => seconds !== null);
  return value !== undefined && value !== null && value > 0 ? value : null;
}

/**
 * The transcript's own list of who speaks, by the label its segments name them with: `speakers:
 * [{id, name}]` or `{spk_a: "Maya Chen"}`, `participants: [{speaker_id, display_name}]`. A
 * participant's plain `id` is a contact's, not a voice's: keyed by it, a diarised voice numbered
 * alike was named after that contact. A "name" that is itself a label names no one.
 */
function speakersOf(body: Obj): Map<string, string> {
  const names = new Map<string, string>();
  const add = (label: string | null, name: string | null) => {
    if (label !== null && name !== null && label !== name && !isSpeakerLabel(name)) names.set(label, name);
  };
  if (isObj(body.speakers)) for (const [label, name] of Object.entries(body.speakers)) add(label, typeof name === 'string' ? name.trim() || null : null);
  const lists: [unknown, string[]][] = [
    [body.speakers, ['speaker_id', 'speakerId', 'label', 'id']],
    [body.participants, ['speaker_id', 'speakerId', 'speaker_label', 'label']],
  ];
  for (const [list, labelKeys] of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list.filter(isObj)) add(textOf(entry, ...labelKeys), textOf(entry, 'name', 'display_name', 'displayName', 'full_name', 'fullName'));
  }
  return names;
}

function saysNothing(body: Obj, pending: boolean): boolean {
  return Object.entries(body).every(
    ([key, value]) =>
      ABOUT_KEYS.has(key) ||
      (pending && NOTE_KEYS.has(key) && (value === null || typeof value === 'string')) ||
      (TRANSCRIPT_TEXT_KEYS.includes(key) && (value === null || (typeof value === 'string' && value.trim() === ''))),
  );
}
