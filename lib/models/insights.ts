/**
 * The insights view model (lib/models.ts re-exports it): in a module of its own so the hover
 * card, which validates insights, builds no schema of recordings, transcripts or webhooks.
 */
import { z } from 'zod/mini';

/**
 * Where an action item came from, when the server says: the recording it was raised in (its id,
 * and its title when given) and when it was raised. Each part is null when not given.
 */
export const ItemSourceSchema = z.object({
  recordingId: z.nullable(z.string()),
  title: z.nullable(z.string()),
  /** ISO date or timestamp as the server gave it. */
  date: z.nullable(z.string()),
});
export type ItemSource = z.infer<typeof ItemSourceSchema>;

export const ActionItemSchema = z.object({
  text: z.string(),
  owner: z.nullable(z.string()),
  /** ISO date or timestamp as the server gave it. */
  dueDate: z.nullable(z.string()),
  status: z.nullable(z.string()),
  /**
   * True when the server says the item is finished (a done status such as "completed", or a
   * completion flag or time); left out otherwise. Only lists that keep finished items have any.
   */
  done: z.optional(z.boolean()),
  /** Optional: briefings saved before it was read have none, and stay readable offline. */
  source: z.optional(z.nullable(ItemSourceSchema)),
});
export type ActionItem = z.infer<typeof ActionItemSchema>;

export const PREFERENCE_FLAGS = [
  'prefersDataDriven',
  'prefersDirect',
  'valuesRelationships',
  'dislikesSmallTalk',
  'prefersBrevity',
  'dislikesJargon',
] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

/** A flag the server did not send is `null`, not `false`: "unknown" must not read as "no". */
export const PreferenceFlagsSchema = z.object({
  prefersDataDriven: z.nullable(z.boolean()),
  prefersDirect: z.nullable(z.boolean()),
  valuesRelationships: z.nullable(z.boolean()),
  dislikesSmallTalk: z.nullable(z.boolean()),
  prefersBrevity: z.nullable(z.boolean()),
  dislikesJargon: z.nullable(z.boolean()),
});
export type PreferenceFlags = z.infer<typeof PreferenceFlagsSchema>;

export const InsightsSchema = z.object({
  contactId: z.string(),
  communicationApproach: z.nullable(z.string()),
  preferredTone: z.nullable(z.string()),
  personalitySummary: z.nullable(z.string()),
  recentTopics: z.array(z.string()),
  favoriteTopics: z.array(z.string()),
  interests: z.array(z.string()),
  sensitiveTopics: z.array(z.string()),
  pendingActionItems: z.array(ActionItemSchema),
  lastConversationDate: z.nullable(z.string()),
  totalConversations: z.nullable(z.number()),
  flags: PreferenceFlagsSchema,
  updatedAt: z.nullable(z.string()),
});
export type Insights = z.infer<typeof InsightsSchema>;
