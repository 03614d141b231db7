/**
 * What the panel calls a part of a page it briefs as a whole, by its kind: a calendar event is a
 * meeting, an e-mail thread a conversation. Said in its title when it has none, on the way back to
 * it from an attendee, and in what that attendee's topics are not to raise there. Its people are
 * attendees only when it is a meeting.
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

/** What one, and several, of a surface's people are called: a thread's are not a meeting's attendees. */
export function surfacePeople(kind: PageSurface['kind']): { one: string; many: string } {
  return kind === 'event' ? { one: 'attendee', many: 'attendees' } : { one: 'person', many: 'people' };
}
