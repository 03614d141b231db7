/**
 * The side panel's query keys and, for those kept across openings, the schema their data must fit
 * when it is read back from storage.
 */
import { z } from 'zod/mini';
import { InsightsReplySchema } from '@/lib/messaging/protocol';
import { ContactMatchSchema, RecordingPageSchema } from '@/lib/models';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { nameKey } from '@/lib/api/contact-index';

export const keys = {
  // A name's key changes with the matching rules (nameKey): a saved answer under the old rules is not read again.
  contact: (query: PersonQuery) => ['contact', 'email' in query ? `email:${query.email.toLowerCase()}` : `name-key:${nameKey(query.name)}`] as const,
  insights: (contactId: string) => ['insights', contactId] as const,
  recordings: (contactId: string) => ['recordings', contactId] as const,
  recording: (id: string) => ['recording', id] as const,
  transcript: (id: string) => ['transcript', id] as const,
  recordingInsights: (id: string) => ['recording-insights', id] as const,
};

/**
 * What is persisted: enough for a briefing to open instantly and offline. Transcripts and single
 * recordings are fetched when opened and not kept (they can be large, and are one click away).
 */
export const PERSISTED: Record<string, z.ZodMiniType> = {
  contact: z.nullable(ContactMatchSchema),
  insights: InsightsReplySchema,
  recordings: z.object({ pages: z.array(RecordingPageSchema), pageParams: z.array(z.number()) }),
};
