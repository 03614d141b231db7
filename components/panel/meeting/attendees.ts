/**
 * Each attendee of a meeting with where their briefing stands: looking them up, unknown to the
 * service, loading, failed, or briefed. One hook so the meeting view reads as plain data.
 */
import type { ContactMatch } from '@/lib/models';
import type { InsightsReply } from '@/lib/messaging/protocol';
import type { PageSurface } from '@/lib/panel/context';
import { displayName, personFromPage, personKey, type SubjectPerson } from '@/lib/panel/subject';
import { useContactMatches, useInsightsOf } from '../data/queries';

export type AttendeeState =
  | { status: 'looking-up' }
  | { status: 'unknown' }
  | { status: 'loading'; match: ContactMatch }
  | { status: 'failed'; match: ContactMatch | null; error: unknown }
  | { status: 'briefed'; match: ContactMatch; reply: InsightsReply };

export interface Attendee {
  key: string;
  name: string;
  person: SubjectPerson;
  state: AttendeeState;
}

export function useAttendees(surface: PageSurface): { attendees: Attendee[]; settled: boolean; refetch: () => void } {
  // The same person may appear twice (organizer and guest, To and Cc): brief them once.
  const seen = new Set<string>();
  const people = surface.people.map(personFromPage).filter((person) => {
    const key = personKey(person);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const contacts = useContactMatches(people);
  const matches = people.map((person, index) => person.match ?? contacts[index]?.data ?? null);
  const ids = [...new Set(matches.flatMap((match) => (match ? [match.contact.id] : [])))];
  const insightQueries = useInsightsOf(ids);
  const insightsOf = new Map(ids.map((id, index) => [id, insightQueries[index]]));
  const attendees = people.map((person, index): Attendee => {
    const contact = contacts[index];
    const match = matches[index] ?? null;
    const reply = match ? insightsOf.get(match.contact.id) : undefined;
    const base = { key: personKey(person), name: displayName(match ? { ...person, match } : person), person: match ? { ...person, match } : person };
    if (!match) {
      if (person.match === null && contact?.isError) return { ...base, state: { status: 'failed', match: null, error: contact.error } };
      if (person.match === null && !contact?.isSuccess) return { ...base, state: { status: 'looking-up' } };
      return { ...base, state: { status: 'unknown' } };
    }
    if (reply?.data) return { ...base, state: { status: 'briefed', match, reply: reply.data } };
    if (reply?.isError) return { ...base, state: { status: 'failed', match, error: reply.error } };
    return { ...base, state: { status: 'loading', match } };
  });
  const settled = attendees.every((attendee) => attendee.state.status !== 'looking-up' && attendee.state.status !== 'loading');
  const refetch = () => {
    for (const query of [...contacts, ...insightQueries]) if (query.isError) void query.refetch();
  };
  return { attendees, settled, refetch };
}
