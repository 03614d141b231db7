/**
 * Insights asked for in the same moment (a meeting's attendees mounting, or the prefetch at start)
 * leave as one `contacts.insights` message instead of one message per person; each caller still
 * gets its own contact's reply or error, so every contact keeps its own query.
 */
import { sendRequest } from '@/lib/messaging/send';
import { errorFromInfo } from '@/lib/messaging/sender';
import { MAX_INSIGHTS_BATCH, type InsightsReply } from '@/lib/messaging/protocol';

interface Waiting {
  contactId: string;
  resolve: (reply: InsightsReply) => void;
  reject: (error: unknown) => void;
}

let queue: Waiting[] = [];

async function send(batch: Waiting[]): Promise<void> {
  const ids = [...new Set(batch.map((waiting) => waiting.contactId))];
  try {
    if (ids.length === 1) {
      const reply = await sendRequest('contact.insights', { contactId: ids[0]!, revalidate: true });
      for (const waiting of batch) waiting.resolve(reply);
      return;
    }
    const results = new Map((await sendRequest('contacts.insights', { contactIds: ids })).map((result) => [result.contactId, result]));
    for (const waiting of batch) {
      const result = results.get(waiting.contactId);
      if (!result) waiting.reject(new Error(`No insights result for ${waiting.contactId}`));
      else if (result.ok) waiting.resolve(result.reply);
      else waiting.reject(errorFromInfo(result.error));
    }
  } catch (error) {
    for (const waiting of batch) waiting.reject(error);
  }
}

function flush(): void {
  const all = queue;
  queue = [];
  for (let start = 0; start < all.length; start += MAX_INSIGHTS_BATCH) void send(all.slice(start, start + MAX_INSIGHTS_BATCH));
}

/** A contact's insights as the panel asks for them (see `contacts.insights`), batched with its neighbours. */
export function loadInsights(contactId: string): Promise<InsightsReply> {
  return new Promise((resolve, reject) => {
    // Everything asked for before the current task ends goes in one message.
    if (queue.length === 0) queueMicrotask(flush);
    queue.push({ contactId, resolve, reject });
  });
}
