/**
 * A transcript reply: text, a list of segments, or an object holding either.
 */
import type { Transcript } from '../../models';
import { invalid, isObj, textOf } from './values';
import { unwrap } from './envelope';
import { segmentsOf } from './transcript-segments';
import { segmentsFromText } from './transcript-text';

const SEGMENT_LIST_KEYS = ['segments', 'utterances', 'monologues', 'sentences', 'results', 'entries', 'paragraphs', 'items', 'turns', 'dialogue', 'lines'];
const TRANSCRIPT_TEXT_KEYS = ['text', 'transcript', 'content', 'full_text', 'fullText', 'transcript_text', 'transcriptText'];

export function toTranscript(raw: unknown, recordingId: string): Transcript {
  if (typeof raw === 'string') return { recordingId, segments: segmentsFromText(raw) };
  const body = unwrap(raw, ['segments', 'utterances', 'text'], ['transcript', 'data']);
  if (typeof body === 'string') return { recordingId, segments: segmentsFromText(body) };
  if (Array.isArray(body)) return { recordingId, segments: segmentsOf(body) };
  if (!isObj(body)) throw invalid('the transcript');
  const id = textOf(body, 'recording_id', 'recordingId') ?? recordingId;
  const list = SEGMENT_LIST_KEYS.map((key) => body[key]).find(Array.isArray);
  if (list) return { recordingId: id, segments: segmentsOf(list) };
  const text = textOf(body, ...TRANSCRIPT_TEXT_KEYS);
  if (text !== null) return { recordingId: id, segments: segmentsFromText(text) };
  // A null list (Go's nil slice) or blank text: a transcript with nothing said, not a broken reply.
  if (SEGMENT_LIST_KEYS.some((key) => body[key] === null)) return { recordingId: id, segments: [] };
  throw invalid('the transcript text');
}
