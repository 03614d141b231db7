/**
 * Each attendee of a meeting with where their briefing stands: looking them up, unknown to the
 * service, loading, failed, or briefed. One hook so the meeting view reads as plain data.
 */
import type { ContactMatch } from '@/lib/models';
import type { InsightsReply } from '@/lib/messaging/protocol';
import type { PageSurface } from '@/lib/panel/context';
import { disownedByName, displayName, personFromPage, personKey, uniquePeople, type SubjectPerson } from '@/lib/panel/subject';
import { leftOutPerson } from '@/lib/panel/left-out';
import { problemOf, useContactMatches, useInsightsOf } from '../data/queries';
import { usePreferences } from '../data/usePreferences';

export type AttendeeState =
  | { status: 'looking-up' }
  | { status: 'unknown' }
  | { status: 'loading'; match: ContactMatch }
  /** `retrying`: Primer asks again by itself (a busy service's wait, a second try). */
  | { status: 'failed'; match: ContactMatch | null; error: unknown; retrying: boolean }
  /**
   * `updatedAt`: when the panel last had this reply (the query's), for when it is asked again.
   * `refreshProblem`: asking for a newer one failed (or is being retried): the reply is a copy.
   */
  | { status: 'briefed'; match: ContactMatch; reply: InsightsReply; updatedAt: number; refreshProblem: { error: unknown; retrying: boolean } | null };

export interface Attendee {
  key: string;
  name: string;
  person: SubjectPerson;
  state: AttendeeState;
}

export interface Attendees {
  attendees: Attendee[];
  /** Nobody is still being looked up or loaded (failures count as settled). */
  settled: boolean;
  /** Asks again for what failed or came from a copy; settles when every answer is in. */
  refetch: () => Promise<unknown>;
  /** A newer copy is being asked for behind what is shown. */
  refreshing: boolean;
  /** Why each person the page named and the options leave out is left out: one of the user's own addresses, an excluded domain. */
  leftOut: ('own' | 'excluded')[];
}

export function useAttendees(surface: PageSurface): Attendees {
  // The same person may appear twice (organizer and guest, To and Cc): looked up once.
  const entries = uniquePeople(surface.people);
  const people = entries.map(personFromPage);
  const contacts = useContactMatches(people);
  // The lookups may find two entries to be one contact (by address, and by the name shown without
  // it, or before the page's own lookups were done): one attendee, kept matched by address.
  const preferences = usePreferences();
  // The user, and anyone in an excluded domain, are left out as the page leaves them out
  // (scanner.ts): also someone the page showed by name only, or under another of the user's
  // addresses, whom the lookup finds to be one of them, and a meeting chosen on a card before the
  // domain was excluded (it is kept).
  const leftOutAs = (entry: PageSurface['people'][number], found: ContactMatch | null) => leftOutPerson(entry.email, found, preferences);
  const matches = entries.map((entry, index) => entry.match ?? contacts[index]?.data ?? null);
  // A match by name the page contradicts is shown by name only.
  const disowned = disownedByName(entries, matches);
  const leftOut: ('own' | 'excluded')[] = [];
  const resolved = uniquePeople(
    entries.flatMap((entry, index) => {
      const match = disowned[index] ? null : (matches[index] ?? null);
      const why = leftOutAs(entry, match);
      if (why) leftOut.push(why);
      return why ? [] : [{ ...entry, match, index }];
    }),
  );
  const ids = [...new Set(resolved.flatMap(({ match }) => (match ? [match.contact.id] : [])))];
  const insightQueries = useInsightsOf(ids);
  const insightsOf = new Map(ids.map((id, index) => [id, insightQueries[index]]));
  const attendees = resolved.map(({ index, match }): Attendee => {
    // Not the page's match either, when the page contradicts it.
    const person = disowned[index] ? { ...people[index]!, match: null } : people[index]!;
    const contact = contacts[index];
    const reply = match ? insightsOf.get(match.contact.id) : undefined;
    const base = { key: personKey(person), name: displayName(match ? { ...person, match } : person), person: match ? { ...person, match } : person };
    if (!match) {
      if (disowned[index]) return { ...base, state: { status: 'unknown' } };
      const problem = contact && person.match === null && !contact.isSuccess ? problemOf(contact) : null;
      if (problem) return { ...base, state: { status: 'failed', match: null, ...problem } };
      if (person.match === null && !contact?.isSuccess) return { ...base, state: { status: 'looking-up' } };
      return { ...base, state: { status: 'unknown' } };
    }
    const problem = reply ? problemOf(reply) : null;
    if (reply?.data) return { ...base, state: { status: 'briefed', match, reply: reply.data, updatedAt: reply.dataUpdatedAt, refreshProblem: problem } };
    if (problem) return { ...base, state: { status: 'failed', match, ...problem } };
    return { ...base, state: { status: 'loading', match } };
  });
  const settled = attendees.every((attendee) => attendee.state.status !== 'looking-up' && attendee.state.status !== 'loading');
  const refetch = () =>
    Promise.all([
      ...contacts.filter((query) => query.isError).map((query) => query.refetch()),
      ...insightQueries.filter((query) => query.isError || query.data?.problem).map((query) => query.refetch()),
    ]);
  return { attendees, settled, refetch, refreshing: insightQueries.some((query) => query.data !== undefined && query.isFetching), leftOut };
}
