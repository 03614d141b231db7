/**
 * The schemas of the replies to the always-injected content scripts' messages: all those scripts
 * check at run time (their requests are checked by the background, lib/background/broker.ts).
 * Apart from content-protocol.ts, which declares the messages with their requests, so that the
 * requests' schemas stay out of the per-site injected bundle: a bundler keeps a schema built with
 * `.check()` (a method call) even when nothing reads it.
 */
import { z } from 'zod/mini';
import { ContactMatchSchema } from '../models/contact';

/** The longest name a page's person may be looked up by (longer is page text, not a name). */
export const LONGEST_NAME = 200;

/** A person who could not be looked up (timeout, rate limit, server error): unknown, not "not a contact". */
export const LOOKUP_FAILED = 'failed';
/** One person's answer: the match, null for not a contact, or LOOKUP_FAILED (ask again later). */
export const PersonAnswer = z.nullable(z.union([ContactMatchSchema, z.literal(LOOKUP_FAILED)]));
export type PersonAnswer = z.infer<typeof PersonAnswer>;

/**
 * A true or false: the same check as `z.boolean()`, as a literal of both values. Nothing else the
 * injected scripts check is a boolean, and zod's boolean type was ~90 B gzipped on every page.
 */
const Flag = z.literal([true, false]);

/** Each content message's reply schema (the `response` of its definition in content-protocol.ts). */
export const contentReplies = {
  /** One PersonAnswer per person asked about, in the same order. */
  'people.find': z.array(PersonAnswer),
  'page.status': z.object({ recorded: Flag }),
  'page.left': z.object({ forgotten: Flag }),
};
