/**
 * The messages the hover card sends. Kept in their own module (with only the schemas they need) so
 * the card's bundle builds no schema of the rest of the protocol (uploads, webhooks, recordings)
 * on its first hover; lib/messaging/protocol.ts includes them in the one protocol the background
 * serves, as it does the content scripts' (content-protocol.ts).
 */
import { z } from 'zod/mini';
import { InsightsSchema } from '../models/insights';
import { ApiErrorInfoSchema } from '../api/error-info';
import { isPathSafeId } from '../api/path-segment';
import { PanelFocusSchema } from '../panel/context';
import { message } from './message-definition';

/** Goes into request paths: never `.` or `..` (lib/api/path-segment.ts). */
export const Id = z.string().check(z.minLength(1), z.maxLength(200), z.refine(isPathSafeId));

export const InsightsReplySchema = z.object({
  insights: InsightsSchema,
  /** When the service gave these insights (ms since the epoch). */
  asOf: z.number(),
  /** Why they could not be refreshed (offline, rate limited, server error); null when current. */
  problem: z.nullable(ApiErrorInfoSchema),
});
export type InsightsReply = z.infer<typeof InsightsReplySchema>;

export const cardProtocol = {
  /**
   * "Open briefing" on a hover card: brief this person (or meeting) in the side panel of the
   * sender's tab. Sent from a click, so the background may open the panel (Chrome; Firefox does
   * not allow it). `opened: false` means the user must open it: `shortcut` is the keys that do;
   * `popout`: the tab is in a pop-out window (Outlook's popped-out message), which has no panel.
   */
  'panel.focus': message(
    'any',
    z.object({ focus: PanelFocusSchema }),
    z.object({ opened: z.boolean(), shortcut: z.nullable(z.string().check(z.maxLength(100))), popout: z.optional(z.literal(true)) }),
  ),
  /**
   * "Open Primer options" on a hover card whose briefing failed for want of a setup or a valid key:
   * a content script cannot call runtime.openOptionsPage, so the background opens the page.
   */
  'options.open': message('any', z.object({}), z.object({})),
  /**
   * A contact's insights and how current they are. `revalidate` (the side panel) is answered from a
   * copy under a minute old, else asks the service first (failing fast: someone is waiting) and
   * falls back to the last known insights only when it cannot answer; without it the background
   * serves its cache stale-while-revalidate (the hover card).
   */
  'contact.insights': message(
    'any',
    z.object({ contactId: Id, revalidate: z.optional(z.boolean()) }),
    InsightsReplySchema,
  ),
} as const;
