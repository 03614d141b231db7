/** Contact view models: the part of lib/models.ts that content scripts need (kept small). */
import { z } from 'zod/mini';

/**
 * A contact as pages and the side panel see it: `email` is its primary address, the one shown.
 * Its other addresses serve only to match it, in the background (`ContactRecordSchema`,
 * lib/models.ts): they never cross to a page.
 */
export const ContactSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  company: z.nullable(z.string()),
  title: z.nullable(z.string()),
});
export type Contact = z.infer<typeof ContactSchema>;

/**
 * How a person on a page was tied to a contact: exact address, or a unique exact full name. A
 * literal of two values accepts and refuses what `z.enum` of them would; the content scripts bundle
 * no `z.enum` (its code would cost every page of the three sites about 0.2 KB gzipped).
 */
export const MatchKindSchema = z.literal(['email', 'name']);
export type MatchKind = z.infer<typeof MatchKindSchema>;

/** A contact as named anywhere Primer shows them: a name match always says so (the owner's rule). */
export function withMatchNote(who: string, matchedBy: MatchKind | null | undefined): string {
  return matchedBy === 'name' ? `${who} (matched by name)` : who;
}

export const ContactMatchSchema = z.object({
  contact: ContactSchema,
  matchedBy: MatchKindSchema,
});
export type ContactMatch = z.infer<typeof ContactMatchSchema>;
