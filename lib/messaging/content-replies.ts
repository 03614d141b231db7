/**
 * The schemas of the replies to the always-injected content scripts' messages: all those scripts
 * check at run time (their requests are checked by the background, lib/background/broker.ts).
 * Apart from content-protocol.ts, which declares the messages with their requests, so that the
 * requests' schemas stay out of the per-site injected bundle: a bundler keeps a schema built with
 * `.check()` (a method call) even when nothing reads it.
 */
import { z } from 'zod/mini';
import type { ContactMatch } from '../models/contact';
import type { ReplyCheck } from './sender';

/** The longest name a page's person may be looked up by (longer is page text, not a name). */
export const LONGEST_NAME = 200;

/** A person who could not be looked up (timeout, rate limit, server error): unknown, not "not a contact". */
export const LOOKUP_FAILED = 'failed';
/** One person's answer: the match, null for not a contact, or LOOKUP_FAILED (ask again later). Its schema: content-protocol.ts. */
export type PersonAnswer = ContactMatch | typeof LOOKUP_FAILED | null;

/** A field of the object `value` (null when it is no object): zod's objects are neither null nor arrays. */
const fieldsOf = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const isText = (value: unknown) => value === null || typeof value === 'string';

/**
 * `z.array(PersonAnswer)` (content-protocol.ts) checked by hand: it accepts, refuses and returns
 * exactly what that schema does (the known fields only, copied). zod checked a 300-person reply
 * with a union per answer and two objects per match, which allocated for every field.
 */
function personAnswers(value: unknown): PersonAnswer[] | null {
  if (!Array.isArray(value)) return null;
  const out: PersonAnswer[] = [];
  for (const answer of value as unknown[]) {
    if (answer === null || answer === LOOKUP_FAILED) {
      out.push(answer);
      continue;
    }
    const match = fieldsOf(answer);
    const contact = fieldsOf(match?.contact);
    const matchedBy = match?.matchedBy;
    if (!contact || (matchedBy !== 'email' && matchedBy !== 'name')) return null;
    const { id, name, email, company, title } = contact;
    if (typeof id !== 'string' || !isText(name) || !isText(email) || !isText(company) || !isText(title)) return null;
    out.push({ contact: { id, name, email, company, title }, matchedBy });
  }
  return out;
}

/**
 * A true or false: the same check as `z.boolean()`, as a literal of both values. Nothing else the
 * injected scripts check is a boolean, and zod's boolean type was ~90 B gzipped on every page.
 */
const Flag = z.literal([true, false]);

/** Each content message's reply check (the `response` of its definition in content-protocol.ts). */
export const contentReplies = {
  /** One PersonAnswer per person asked about, in the same order. */
  'people.find': {
    safeParse: (value: unknown) => {
      const data = personAnswers(value);
      return data ? { success: true, data } : { success: false };
    },
  } as ReplyCheck<PersonAnswer[]>,
  'page.status': z.object({ recorded: Flag }),
  'page.left': z.object({ forgotten: Flag }),
  'card.load': z.object({ loaded: Flag }),
};
