/**
 * View models: the one normalised shape of the service's data that every part of the extension
 * uses. Whatever dialect the server speaks, `lib/api/normalise/` turns it into these. They are
 * zod schemas because they also cross the message boundary between background and UI.
 */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from './api/error-info';

// Contacts live in their own module so content scripts can import them without the rest.
export * from './models/contact';
import { ContactSchema } from './models/contact';
// Insights too: the hover card validates them without bundling the recordings' and uploads' schemas.
export * from './models/insights';
import { ActionItemSchema } from './models/insights';

/**
 * A contact as the background knows it, to match it: `emails` holds every address it has
 * (trimmed, one of each whatever its case, the primary first, as `email`). Optional: contacts
 * stored before it (the local index's snapshot) have only `email`, which then is their one address.
 */
export const ContactRecordSchema = z.extend(ContactSchema, { emails: z.optional(z.array(z.string())) });
export type ContactRecord = z.infer<typeof ContactRecordSchema>;

/** A last copy served instead of the service's answer: when it was had, and why the service was not heard. */
export const CopySchema = z.object({ asOf: z.number(), problem: ApiErrorInfoSchema });
export type Copy = z.infer<typeof CopySchema>;

export const RECORDING_STATUSES = ['uploading', 'queued', 'processing', 'completed', 'failed', 'unknown'] as const;
export const RecordingStatusSchema = z.enum(RECORDING_STATUSES);
export type RecordingStatus = z.infer<typeof RecordingStatusSchema>;

export const ParticipantSchema = z.object({
  contactId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /**
   * A bare `id` given beside a name or an address: the contact's, or the participant row's own.
   * Read as a contact id only where the page shows it is one (ServiceClient.listRecordings).
   */
  id: z.optional(z.string()),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const RecordingSchema = z.object({
  id: z.string(),
  filename: z.nullable(z.string()),
  title: z.nullable(z.string()),
  meetingDate: z.nullable(z.string()),
  /** When the service made its record: no meeting's date (optional: copies kept before it was read have none). */
  createdAt: z.optional(z.nullable(z.string())),
  status: RecordingStatusSchema,
  /** The server's own word, kept so an unknown status can still be shown. */
  rawStatus: z.nullable(z.string()),
  progress: z.nullable(z.number()),
  primaryContactId: z.nullable(z.string()),
  /**
   * Set when the server gave no primary contact field at all (not one said empty): the null above
   * then says nothing of whose the recording is, only that this server does not tell.
   */
  primaryContactUnreported: z.optional(z.literal(true)),
  participants: z.array(ParticipantSchema),
  error: z.nullable(z.string()),
  /** Set only on the background's last copy, served because the service could not answer. */
  copy: z.optional(CopySchema),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingPageSchema = z.object({
  recordings: z.array(RecordingSchema),
  /**
   * How many entries the server listed on this page, malformed ones (left out of `recordings`)
   * included: the next page starts this many after `offset`.
   */
  received: z.number(),
  /**
   * The ids of the recordings the server listed, set only where some were left out of
   * `recordings` as someone else's: whether a later page repeats the ones before is judged by them.
   */
  listed: z.optional(z.array(z.string())),
  total: z.nullable(z.number()),
  limit: z.number(),
  offset: z.number(),
  hasMore: z.boolean(),
  /** Set only on the background's last copy, served because the service could not answer. */
  copy: z.optional(CopySchema),
});
export type RecordingPage = z.infer<typeof RecordingPageSchema>;

export const ContactPageSchema = z.object({
  items: z.array(ContactRecordSchema),
  total: z.nullable(z.number()),
  /** Opaque position of the next page, whatever paging style the server uses. */
  next: z.nullable(z.string()),
  /** The server paged this reply by its `Link` header: there, no rel="next" is the end, whatever the page's size. */
  linkPaged: z.optional(z.boolean()),
  /** The last page by the server's own word (has_more false, no next link, its total reached). */
  complete: z.optional(z.boolean()),
  /** The server said more follows (named the next page, or `has_more: true`): the same page again is the paging ignored. */
  moreSaid: z.optional(z.boolean()),
  /**
   * More follows by the server's `has_more` alone, the next page asked as Primer works it out (an
   * offset, a page number, Stripe's `starting_after`): a server paging after its last id may read it by another name.
   */
  nextUnnamed: z.optional(z.boolean()),
  /** The reply's `count` was this page's own length (so no total): the whole list, from a server sending it every time. */
  countedItself: z.optional(z.boolean()),
});
export type ContactPage = z.infer<typeof ContactPageSchema>;

export const TranscriptSegmentSchema = z.object({
  speaker: z.nullable(z.string()),
  /** Seconds from the start of the recording. */
  start: z.nullable(z.number()),
  end: z.nullable(z.number()),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;

export const TranscriptSchema = z.object({
  recordingId: z.string(),
  segments: z.array(TranscriptSegmentSchema),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

export const RecordingInsightsSchema = z.object({
  recordingId: z.string(),
  actionItems: z.array(ActionItemSchema),
  keyDecisions: z.array(z.string()),
  topicsDiscussed: z.array(z.string()),
});
export type RecordingInsights = z.infer<typeof RecordingInsightsSchema>;

/**
 * Answers that may be early rather than final: a transcript with no line (one not written out
 * yet reads the same), a recording's insights with nothing in any list (`null`: none to give).
 * The background keeps them briefly, the panel looks again for them for a while.
 */
export const isEmptyTranscript = (transcript: Transcript): boolean => transcript.segments.length === 0;
export const isEmptyRecordingInsights = (insights: RecordingInsights | null): boolean =>
  insights !== null && insights.actionItems.length + insights.keyDecisions.length + insights.topicsDiscussed.length === 0;

export const PresignedUploadSchema = z.object({
  uploadUrl: z.string(),
  recordingId: z.string(),
  expiresAt: z.nullable(z.string()),
  /** Extra headers the server asks to send with the PUT (Content-Type always included). */
  headers: z.record(z.string(), z.string()),
});
export type PresignedUpload = z.infer<typeof PresignedUploadSchema>;

export const WEBHOOK_EVENTS = [
  'recording.processing.started',
  'recording.processing.completed',
  'insights.generated',
  'contact.updated',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookSchema = z.object({
  id: z.nullable(z.string()),
  url: z.nullable(z.string()),
  events: z.array(z.string()),
  /** Signing secret; servers usually show it only in the creation response. */
  secret: z.nullable(z.string()),
  active: z.nullable(z.boolean()),
  createdAt: z.nullable(z.string()),
  /** The service says its deliveries fail (it keeps trying): not switched off. */
  failing: z.optional(z.boolean()),
});
export type Webhook = z.infer<typeof WebhookSchema>;
