/**
 * The one place where the service's replies become view models (lib/models.ts): each file of this
 * folder reads one kind of reply; this index is what the client and the tests use.
 *
 * The interface leaves many details "not shown", so each raw schema accepts the plausible
 * alternatives (snake_case and camelCase names, lists of strings or of objects, flags as booleans,
 * strings or 0/1, wrapped `{data:…}` envelopes), ignores unknown fields, and throws an
 * `invalid_response` ApiError when a reply lacks what the view needs (an id, an upload URL).
 */
export { sameId, toFlag } from './values';
export { toTextList } from './text-lists';
export type { PageRequest } from './envelope';
export { toActionItems } from './action-items';
export { toContact } from './contacts';
export { toContactPage } from './contact-page';
export { toInsights, toRecordingInsights, embeddedRecordingInsights, recordingInsightsNotYet } from './insights';
export { toStatus } from './recording-status';
export { toRecording, toRecordingPage } from './recordings';
export { toTranscript, transcriptNotYet } from './transcripts';
export { toPresignedUpload } from './uploads';
export { refusedDeletion, toWebhook, toWebhookList, toWebhookPage } from './webhooks';
