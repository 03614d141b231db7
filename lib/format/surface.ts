/**
 * What the panel calls a part of a page it briefs as a whole, by its kind: a calendar event is a
 * meeting, an e-mail thread a conversation. Said in its title when it has none, on the way back to
 * it from an attendee, and in what that attendee's topics are not to raise there.
 */
import type { PageSurface } from '@/lib/panel/context';

const NOUNS: Record<PageSurface['kind'], string> = {
  event: 'meeting',
  thread: 'conversation',
  message: 'message',
  compose: 'draft',
  list: 'list',
};

export function surfaceNoun(kind: PageSurface['kind']): string {
  return NOUNS[kind];
}
