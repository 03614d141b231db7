/**
 * Simulated processing of an uploaded recording: queued 0 → processing 10 → 40 → 70 → completed 100,
 * one step per `stepMs`. A filename containing "fail" ends in `failed` at the last step instead.
 */
import { ACCOUNT_USER, buildTranscript } from './sample-data.ts';
import type { ContactInsights, PendingActionItem, RecordingInsights } from './sample-data.ts';
import type { ServerState, StoredRecording } from './state.ts';
import type { EmittedEventType } from './webhooks.ts';

export type Publish = (type: EmittedEventType, data: Record<string, unknown>) => void;

const STEPS: readonly number[] = [10, 40, 70];
const DAY = 86_400_000;
/** Bytes per second assumed when estimating a duration from the file size (128 kbit/s). */
const BYTES_PER_SECOND = 16_000;

export class Processor {
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly state: () => ServerState,
    private readonly stepMs: () => number,
    private readonly publish: Publish,
  ) {}

  /** Starts processing (the recording must be in `uploading`); announces `recording.processing.started`. */
  start(recording: StoredRecording, uploadedBytes: number): void {
    recording.status = 'queued';
    recording.progress = 0;
    recording.fileSize = uploadedBytes;
    this.publish('recording.processing.started', { recording_id: recording.id, status: 'queued' });
    this.#schedule(recording, 0);
  }

  #schedule(recording: StoredRecording, step: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      // The state may have been reset meanwhile: only touch a recording that is still current.
      if (this.state().recordings.get(recording.id) !== recording) return;
      const progress = STEPS[step];
      if (progress !== undefined) {
        recording.status = 'processing';
        recording.progress = progress;
        this.#schedule(recording, step + 1);
      } else if (/fail/i.test(recording.filename)) {
        this.#fail(recording);
      } else {
        this.#complete(recording);
      }
    }, this.stepMs());
    this.#timers.add(timer);
  }

  #fail(recording: StoredRecording): void {
    recording.status = 'failed';
    recording.error = 'Audio could not be decoded';
    this.publish('recording.processing.failed', { recording_id: recording.id, status: 'failed', error: recording.error });
  }

  #complete(recording: StoredRecording): void {
    const state = this.state();
    const contact = recording.primary_contact_id !== null ? state.contactById.get(recording.primary_contact_id) : undefined;
    const topics = [recording.title, 'timeline and next steps', 'budget'];
    recording.status = 'completed';
    recording.progress = 100;
    recording.duration_seconds = Math.max(1, Math.round((recording.fileSize ?? 0) / BYTES_PER_SECOND));
    recording.transcript = buildTranscript([ACCOUNT_USER.name, contact?.name ?? 'Speaker 2'], topics);
    const due = new Date(Date.parse(recording.meeting_date) + 7 * DAY).toISOString().slice(0, 10);
    const insights: RecordingInsights = {
      action_items: [
        { text: `Send follow-up notes for "${recording.title}"`, owner: ACCOUNT_USER.name, due_date: due },
        { text: 'Schedule the next meeting', owner: contact?.name ?? null, due_date: null },
      ],
      key_decisions: [`Agreed next steps for ${recording.title}`],
      topics_discussed: topics,
    };
    recording.insights = insights;
    if (contact !== undefined) updateContactInsights(state, contact.id, recording, insights);
    this.publish('recording.processing.completed', { recording_id: recording.id, status: 'completed' });
    this.publish('insights.generated', { recording_id: recording.id, contact_id: contact?.id ?? null });
    if (contact !== undefined) this.publish('contact.updated', { contact_id: contact.id });
  }

  cancelAll(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

function updateContactInsights(state: ServerState, contactId: string, recording: StoredRecording, insights: RecordingInsights): void {
  const current: ContactInsights = state.insights.get(contactId) ?? { contact_id: contactId };
  const last = current.last_conversation_date;
  const pending: PendingActionItem[] = insights.action_items.map((a) => ({ text: a.text, due_date: a.due_date, owner: a.owner, status: 'open', recording_id: recording.id }));
  const next: ContactInsights = {
    ...current,
    total_conversations: (current.total_conversations ?? 0) + 1,
    last_conversation_date:
      typeof last === 'string' && Date.parse(last) > Date.parse(recording.meeting_date) ? last : recording.meeting_date,
    recent_topics: [...new Set([...insights.topics_discussed, ...(current.recent_topics ?? [])])].slice(0, 10),
    pending_action_items: [...(current.pending_action_items ?? []), ...pending],
    updated_at: new Date().toISOString(),
  };
  state.insights.set(contactId, next);
}
