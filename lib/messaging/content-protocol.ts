/**
 * The messages the always-injected content scripts send. Kept in their own module (with only the
 * schemas they need) so the per-site injected bundle stays small; lib/messaging/protocol.ts
 * includes them in the one protocol the background serves. The content scripts themselves import
 * only the replies' schemas (content-replies.ts), and this module's types.
 */
import { z } from 'zod/mini';
import { PageViewsSchema } from '../panel/context';
import { SITES } from '../sites/types';
import { ContactMatchSchema } from '../models/contact';
import { contentReplies, LONGEST_NAME, LOOKUP_FAILED } from './content-replies';
import { message } from './message-definition';

export { LOOKUP_FAILED } from './content-replies';
/**
 * One person's answer: the match, null for not a contact, or LOOKUP_FAILED (ask again later). The
 * content scripts check a reply of these by hand, the same way (content-replies.ts).
 */
export const PersonAnswer = z.nullable(z.union([ContactMatchSchema, z.literal(LOOKUP_FAILED)]));
export type PersonAnswer = z.infer<typeof PersonAnswer>;

const Email = z.string().check(z.trim(), z.minLength(3), z.maxLength(320));
export const PersonQuery = z.union([
  z.object({ email: Email }),
  z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(LONGEST_NAME)) }),
]);
export type PersonQuery = z.infer<typeof PersonQuery>;
const PageId = z.string().check(z.minLength(1), z.maxLength(100));

export const contentProtocol = {
  /** Many people at once (a page's worth); one PersonAnswer each, in the same order. */
  'people.find': message(
    'any',
    z.object({ people: z.array(PersonQuery).check(z.maxLength(1000)) }),
    z.array(PersonAnswer),
  ),
  /** A content script's self-check: whether the page's layout is recognised, and what it found. */
  'page.status': message(
    'any',
    z.object({
      site: z.enum(SITES),
      recognised: z.boolean(),
      people: z.int().check(z.minimum(0)),
      known: z.int().check(z.minimum(0)),
      /** What is in view (kinds, titles, times): the side panel notices a new view, the background a choice left behind. */
      views: PageViewsSchema,
      /** Which page load reports (page.left then forgets only its own report). */
      page: PageId,
    }),
    contentReplies['page.status'],
  ),
  /**
   * The page is going (another site, a reload, the tab closed): `page`, the one its reports named;
   * `at`, when (the page's clock), so a choice made since on the next page stays.
   */
  'page.left': message('any', z.object({ page: PageId, at: z.number() }), contentReplies['page.left']),
  /**
   * The hover card's bundle, run in the sending frame by the background: for a window the site drew
   * into (Outlook's pop-out, about:blank), where the content script's import() of it never settles.
   */
  'card.load': message('any', z.object({}), contentReplies['card.load']),
} as const;
