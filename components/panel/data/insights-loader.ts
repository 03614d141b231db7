/**
 * Insights asked for in the same moment (a meeting's attendees mounting, or the prefetch at start)
 * leave as one `contacts.insights` message instead of one message per person; each caller still
 * gets its own contact's reply or error, so every contact keeps its own query. Insights the
 * start-up script already asked for (entrypoints/panel-start.ts) are taken from its messages
 * instead of being asked for again.
 */
import { sendRequest } from '@/lib/messaging/send';
import { backgroundNotListening, backgroundUnavailable, errorFromInfo, readReply } from '@/lib/messaging/sender';
import { protocol, type InsightsReply, type InsightsResult } from '@/lib/messaging/protocol';
import type { EarlyInsights } from './early-start';
import { insightsMessages, type InsightsMessage } from './insights-message';

/** Per contact, how to get its reply (or its error) out of a message's answer. */
type Replies = Map<string, () => InsightsReply | Promise<InsightsReply>>;

const oneReply = (contactId: string, reply: InsightsReply): Replies => new Map([[contactId, () => reply]]);

/**
 * A contact the background marked pending (still on its way when the meeting's message was
 * answered) is asked for alone, once: that message joins the background's call for it, so the
 * others are shown at once and the service is not asked twice.
 */
function askedAlone(contactId: string): () => Promise<InsightsReply> {
  let asked: Promise<InsightsReply> | null = null;
  return () => (asked ??= sendRequest('contact.insights', { contactId, revalidate: true }));
}

const manyReplies = (results: InsightsResult[]): Replies =>
  new Map(
    results.map((result) => [
      result.contactId,
      'pending' in result
        ? askedAlone(result.contactId)
        : () => {
            if (result.ok) return result.reply;
            throw errorFromInfo(result.error);
          },
    ]),
  );

function send(message: InsightsMessage): Promise<Replies> {
  if (message.type === 'contact.insights') return sendRequest(message.type, message.payload).then((reply) => oneReply(message.contactIds[0], reply));
  return sendRequest(message.type, message.payload).then(manyReplies);
}

/**
 * The start-up script's raw answer, checked here as `sendRequest` checks its own. Refused because
 * no background listened yet (Firefox starts its background page after restoring the sidebar), the
 * message is sent again by `sendRequest`, which waits for the background a moment.
 */
async function repliesOfEarly({ message, reply }: EarlyInsights): Promise<Replies> {
  let raw: unknown;
  try {
    raw = await reply;
  } catch (error) {
    if (backgroundNotListening(error)) return send(message);
    throw backgroundUnavailable(error);
  }
  if (message.type === 'contact.insights') return oneReply(message.contactIds[0], readReply(protocol, message.type, raw));
  return manyReplies(readReply(protocol, message.type, raw));
}

function replyFor(replies: Promise<Replies>, contactId: string): Promise<InsightsReply> {
  return replies.then((byContact) => {
    const reply = byContact.get(contactId);
    if (!reply) throw new Error(`No insights result for ${contactId}`);
    return reply();
  });
}

interface Waiting {
  contactId: string;
  resolve: (reply: InsightsReply) => void;
  reject: (error: unknown) => void;
}

let queue: Waiting[] = [];

function flush(): void {
  const all = queue;
  queue = [];
  for (const message of insightsMessages(all.map((waiting) => waiting.contactId))) {
    const replies = send(message);
    const asked = new Set(message.contactIds);
    for (const waiting of all) if (asked.has(waiting.contactId)) replyFor(replies, waiting.contactId).then(waiting.resolve, waiting.reject);
  }
}

function queued(contactId: string): Promise<InsightsReply> {
  return new Promise((resolve, reject) => {
    // Everything asked for before the current task ends goes in one message.
    if (queue.length === 0) queueMicrotask(flush);
    queue.push({ contactId, resolve, reject });
  });
}

/** Replies to the start-up script's messages, per contact, each taken once. */
let early: Promise<Map<string, Promise<InsightsReply>>> | null = null;

/** Takes over the insights the start-up script asked for (before any query runs). */
export function adoptEarlyInsights(sent: Promise<EarlyInsights[]>): void {
  early = sent
    .then((messages) => {
      const byContact = new Map<string, Promise<InsightsReply>>();
      for (const sentMessage of messages) {
        const replies = repliesOfEarly(sentMessage);
        for (const contactId of sentMessage.message.contactIds) {
          const reply = replyFor(replies, contactId);
          // A reply nobody takes (the panel moved on) must not be reported as unhandled.
          reply.catch(() => undefined);
          byContact.set(contactId, reply);
        }
      }
      return byContact;
    })
    .catch(() => new Map());
}

/** A contact's insights as the panel asks for them (see `contacts.insights`), batched with its neighbours. */
export function loadInsights(contactId: string): Promise<InsightsReply> {
  if (!early) return queued(contactId);
  return early.then((byContact) => {
    const reply = byContact.get(contactId);
    if (!reply) return queued(contactId);
    // Taken once: asking again (a refresh, Try again) goes to the background anew.
    byContact.delete(contactId);
    if (byContact.size === 0) early = null;
    return reply;
  });
}
