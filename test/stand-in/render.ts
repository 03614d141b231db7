/** Turns stored records into replies in the current dialect. */
import type { Dialect } from './dialect.ts';
import type {
  Contact,
  ContactInsights,
  Participant,
  PendingActionItem,
  RecordingActionItem,
  RecordingInsights,
  RecordingStatus,
  SampleRecording,
  TranscriptSegment,
} from './sample-data.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const FLAG_KEYS = ['prefers_data_driven', 'prefers_direct', 'values_relationships', 'dislikes_small_talk', 'prefers_brevity', 'dislikes_jargon'] as const;
const TOPIC_LIST_KEYS = ['recent_topics', 'favorite_topics', 'interests', 'sensitive_topics'] as const;
const TEXT_KEYS = ['communication_approach', 'preferred_tone', 'personality_summary', 'last_conversation_date', 'updated_at'] as const;

export function renderStatus(d: Dialect, status: RecordingStatus, progress: number): string {
  if (d.recordingStatus === 'standard') return status;
  switch (status) {
    case 'uploading':
      return 'pending_upload';
    case 'queued':
      return 'queued';
    case 'processing':
      return progress < 50 ? 'transcribing' : 'analyzing';
    case 'completed':
      return 'done';
    case 'failed':
      return 'error';
  }
}

export function renderFlag(d: Dialect, value: boolean | null): Json {
  if (value === null) return null;
  if (d.flags === 'string') return value ? 'true' : 'false';
  if (d.flags === 'number') return value ? 1 : 0;
  return value;
}

/** Each text as an object, the key alternating between `even` and `odd`. */
function alternate(list: readonly string[], even: string, odd: string): Json[] {
  return list.map((text, i): Json => ({ [i % 2 === 0 ? even : odd]: text }));
}

/** Topic-like strings; in 'objects' mode alternately `{name}` and `{title}`. */
export function renderTopics(d: Dialect, list: readonly string[]): Json[] {
  if (d.insightLists === 'strings') return [...list];
  return alternate(list, 'name', 'title');
}

/**
 * A pending item's recording: `recording_id` beside it, or in 'objects' mode an object of its own,
 * alternately `{recording: {id}}` and `{source: {type: 'recording', id}}`.
 */
function renderItemSource(d: Dialect, item: PendingActionItem | RecordingActionItem, i: number): JsonObject {
  if (!('recording_id' in item) || item.recording_id === undefined) return {};
  if (d.insightLists === 'strings') return { recording_id: item.recording_id };
  return i % 2 === 0 ? { recording: { id: item.recording_id } } : { source: { type: 'recording', id: item.recording_id } };
}

function renderActionItems(d: Dialect, items: readonly (PendingActionItem | RecordingActionItem)[], withStatus: boolean): Json[] {
  return items.map((item, i): JsonObject => {
    const status = item.status ?? 'open';
    if (d.insightLists === 'strings') {
      const out: JsonObject = { text: item.text, due_date: item.due_date, owner: item.owner, ...renderItemSource(d, item, i) };
      // A recording's item says its status only when it has one of its own (a finished one).
      if (withStatus || item.status !== undefined) out.status = status;
      return out;
    }
    const textKey = i % 2 === 0 ? 'title' : 'description';
    return { [textKey]: item.text, due_date: item.due_date, owner: item.owner, status, ...renderItemSource(d, item, i) };
  });
}

function renderParticipant(d: Dialect, p: Participant, i: number): Json {
  switch (d.participants) {
    case 'objects':
      return { contact_id: p.contact_id, name: p.name, email: p.email };
    case 'strings':
      return i % 2 === 0 ? (p.email ?? p.name) : p.name;
    case 'mixed':
      if (i % 3 === 0) return { email: p.email, name: p.name };
      if (i % 3 === 1) return p.email ?? p.name;
      return { contact_id: p.contact_id, name: p.name, email: p.email };
  }
}

export function renderRecording(d: Dialect, r: SampleRecording, opts: { detail: boolean }): JsonObject {
  const out: JsonObject = {
    id: r.id,
    filename: r.filename,
    title: r.title,
    meeting_date: r.meeting_date,
    status: renderStatus(d, r.status, r.progress),
    progress: r.progress,
    primary_contact_id: r.primary_contact_id,
    participants: r.participants.map((p, i) => renderParticipant(d, p, i)),
    duration_seconds: r.duration_seconds,
    created_at: r.created_at,
  };
  if (r.error !== undefined) out.error = r.error;
  if (opts.detail && d.recordingInsights === 'embedded') {
    out.insights = r.insights === null ? null : renderRecordingInsightsBody(d, r.insights);
  }
  return out;
}

function renderRecordingInsightsBody(d: Dialect, insights: RecordingInsights): JsonObject {
  return {
    action_items: renderActionItems(d, insights.action_items, false),
    key_decisions:
      d.insightLists === 'strings' ? [...insights.key_decisions] : alternate(insights.key_decisions, 'title', 'description'),
    topics_discussed: renderTopics(d, insights.topics_discussed),
  };
}

export function renderRecordingInsights(d: Dialect, recordingId: string, insights: RecordingInsights): JsonObject {
  return { recording_id: recordingId, ...renderRecordingInsightsBody(d, insights) };
}

export function renderContactInsights(d: Dialect, contactId: string, insights: ContactInsights | undefined): JsonObject {
  if (insights === undefined) return { contact_id: contactId, total_conversations: 0 };
  const out: JsonObject = { contact_id: contactId };
  for (const key of TEXT_KEYS) {
    const value = insights[key];
    if (value !== undefined) out[key] = value;
  }
  for (const key of TOPIC_LIST_KEYS) {
    const value = insights[key];
    if (value !== undefined) out[key] = value === null ? null : renderTopics(d, value);
  }
  if (insights.pending_action_items !== undefined) {
    out.pending_action_items = insights.pending_action_items === null ? null : renderActionItems(d, insights.pending_action_items, true);
  }
  if (insights.total_conversations !== undefined) out.total_conversations = insights.total_conversations;
  for (const key of FLAG_KEYS) {
    const value = insights[key];
    if (value !== undefined) out[key] = renderFlag(d, value);
  }
  return out;
}

export type TranscriptReply = { kind: 'json'; body: JsonObject } | { kind: 'text'; body: string };

export function renderTranscript(d: Dialect, recordingId: string, segments: readonly TranscriptSegment[]): TranscriptReply {
  switch (d.transcript) {
    case 'segments':
      return { kind: 'json', body: { recording_id: recordingId, language: 'en', segments: segments.map((s) => ({ ...s })) } };
    case 'utterances':
      return {
        kind: 'json',
        body: {
          recording_id: recordingId,
          language: 'en',
          utterances: segments.map((s) => ({ speaker_name: s.speaker, start_ms: Math.round(s.start * 1000), end_ms: Math.round(s.end * 1000), text: s.text })),
        },
      };
    case 'text':
      return { kind: 'json', body: { recording_id: recordingId, language: 'en', text: transcriptText(segments) } };
    case 'plain':
      return { kind: 'text', body: transcriptText(segments) };
  }
}

function transcriptText(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => `${s.speaker}: ${s.text}`).join('\n') + '\n';
}

export function renderContact(c: Contact): JsonObject {
  return { id: c.id, name: c.name, email: c.email, company: c.company, title: c.title, created_at: c.created_at };
}

export interface PresignedInput {
  uploadUrl: string;
  recording: JsonObject & { id: string };
  expiresAt: number;
  contentType: string;
  now: number;
}

export function renderPresigned(d: Dialect, p: PresignedInput): JsonObject {
  const out: JsonObject = { [d.presignedFields]: p.uploadUrl };
  switch (d.presignedId) {
    case 'recording_id':
      out.recording_id = p.recording.id;
      break;
    case 'id':
      out.id = p.recording.id;
      break;
    case 'recordingId':
      out.recordingId = p.recording.id;
      break;
    case 'recording.id':
      out.recording = p.recording;
      break;
  }
  const expiresAt = new Date(p.expiresAt).toISOString();
  switch (d.presignedExtras) {
    case 'expires_at':
      out.expires_at = expiresAt;
      break;
    case 'expires_in':
      out.expires_in = Math.max(0, Math.round((p.expiresAt - p.now) / 1000));
      break;
    case 'headers':
      out.headers = { 'Content-Type': p.contentType };
      out.expires_at = expiresAt;
      break;
    case 'none':
      break;
  }
  return out;
}
