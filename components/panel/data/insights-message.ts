/**
 * How the side panel asks the background for contacts' insights: one contact alone as
 * `contact.insights` (revalidated: answered from a copy under a minute old, else the service),
 * several as `contacts.insights`, at most MAX_INSIGHTS_BATCH a message. Shared by the batching
 * loader and the start-up script, which sends before the protocol's schemas are loaded.
 */
import type { z } from 'zod/mini';
import { MAX_INSIGHTS_BATCH } from '@/lib/messaging/limits';
import type { protocol } from '@/lib/messaging/protocol';

type Payload<T extends keyof typeof protocol> = z.input<(typeof protocol)[T]['request']>;

export type InsightsMessage =
  | { type: 'contact.insights'; contactIds: [string]; payload: Payload<'contact.insights'> }
  | { type: 'contacts.insights'; contactIds: string[]; payload: Payload<'contacts.insights'> };

export function insightsMessages(contactIds: readonly string[]): InsightsMessage[] {
  const ids = [...new Set(contactIds)];
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return [{ type: 'contact.insights', contactIds: [only], payload: { contactId: only, revalidate: true } }];
  const messages: InsightsMessage[] = [];
  for (let start = 0; start < ids.length; start += MAX_INSIGHTS_BATCH) {
    const batch = ids.slice(start, start + MAX_INSIGHTS_BATCH);
    messages.push({ type: 'contacts.insights', contactIds: batch, payload: { contactIds: batch } });
  }
  return messages;
}
