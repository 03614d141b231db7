/**
 * Starts asking for a briefing as soon as the panel knows what it briefs, before React has
 * rendered and while the saved cache is still being read: the queries the views mount later find
 * these requests under way (same keys) instead of starting their own. A meeting's insights leave
 * as one message (insights-loader.ts). What the saved cache holds is not asked for: it is shown
 * from the cache and asked for again once painted (PanelApp's stale-while-revalidate pass).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContactMatch } from '@/lib/models';
import { personFromPage, subjectOf, type SubjectPerson } from '@/lib/panel/subject';
import type { PanelTarget } from '@/lib/panel/target';
import { contactOptions, insightsOptions, personQuery, recordingsOptions } from './queries';

/** What is not worth asking for before the first paint: contacts whose briefing the saved cache holds. */
type Skip = ReadonlySet<string>;

function prefetchInsights(client: QueryClient, contactId: string, withRecordings: boolean, skip: Skip): void {
  // Restored in a moment, and asked for again once painted (or at once by the view, if too old).
  if (skip.has(contactId)) return;
  const insights = client.prefetchQuery(insightsOptions(contactId));
  // Recordings are drawn below the briefing: asked for once the insights are in, not competing with them.
  if (withRecordings) void insights.then(() => client.prefetchInfiniteQuery(recordingsOptions(contactId)));
}

function prefetchPerson(client: QueryClient, person: SubjectPerson, withRecordings: boolean, skip: Skip): void {
  if (person.match) {
    prefetchInsights(client, person.match.contact.id, withRecordings, skip);
    return;
  }
  if (!personQuery(person)) return;
  const options = contactOptions(person);
  void client.prefetchQuery(options).then(() => {
    const match = client.getQueryData<ContactMatch | null>(options.queryKey);
    if (match) prefetchInsights(client, match.contact.id, withRecordings, skip);
  });
}

/** `saved`: contacts whose insights are in the saved cache being restored (not asked for here). */
export function prefetchBriefing(client: QueryClient, target: PanelTarget, saved: Skip = new Set()): void {
  const subject = subjectOf(target);
  if (subject.kind === 'person') prefetchPerson(client, subject.person, true, saved);
  // subjectOf has already listed each attendee once.
  if (subject.kind === 'meeting') for (const person of subject.surface.people) prefetchPerson(client, personFromPage(person), false, saved);
}
