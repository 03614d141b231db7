/**
 * The briefing on one person: how to talk to them, what to raise and avoid, what they are owed,
 * when you last spoke, and the recordings it all comes from. Each part shows only what the server
 * gave; a briefing served from its last copy says so and as of when.
 */
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isEmptyBriefing } from '@/lib/format/briefing';
import { provenance } from '@/lib/format/provenance';
import { displayName, personKey, type SubjectPerson } from '@/lib/panel/subject';
import { keys } from '../data/keys';
import { problemOf, useContactMatch, useInsights } from '../data/queries';
import { usePaintedMark } from '../paint-mark';
import { usePreferences } from '../data/usePreferences';
import { leftOutPerson } from '@/lib/panel/left-out';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { useSayWhenLoaded } from '../announcer';
import { withMatchNote } from '@/lib/models/contact';
import type { PaintDetail } from '@/lib/panel/paint-mark';
import { RecordingsSection } from '../recordings/RecordingsSection';
import { AsOf } from '../states/AsOf';
import { FreshnessNote } from '../states/FreshnessNote';
import { ProblemNotice } from '../states/ProblemNotice';
import { problemKind } from '../states/problem-text';
import { RefreshNote } from '../states/RefreshNote';
import { Skeleton } from '../states/Skeleton';
import { Conversations } from './Conversations';
import { HowToTalk } from './HowToTalk';
import { PendingItems } from './PendingItems';
import { PersonHeader } from './PersonHeader';
import { Topics, type MeetingAvoids } from './Topics';
import { UnknownPersonNote } from './UnknownPerson';
import { UpdatedNote } from './UpdatedNote';

interface PersonBriefingProps {
  person: SubjectPerson;
  onOpenRecording: (id: string) => void;
  /** Shown above the header (e.g. "Back to the meeting"). */
  nav?: ReactNode;
  /** Offered when the service does not know their address (upload a recording of a conversation with them). */
  unknownAction?: ReactNode;
  /** Told once the briefing is on screen (the panel saves a copy of it: useSaveBriefing.ts). */
  onPainted?: (detail: PaintDetail) => void;
  /** Opened from a meeting's briefing: what the meeting is not to raise, and whom each concerns. */
  meetingAvoids?: MeetingAvoids;
  now?: Date;
}

export function PersonBriefing({ person, onOpenRecording, nav, unknownAction, onPainted, meetingAvoids, now: givenNow }: PersonBriefingProps) {
  const now = givenNow ?? new Date();
  const contact = useContactMatch(person);
  // The user, or someone in an excluded domain (chosen before it was excluded, or found by name or
  // by another of the user's addresses to be one of them), is not briefed: pages leave them out
  // (scanner.ts), and so does the meeting.
  const preferences = usePreferences();
  const leftOutAs = leftOutPerson(person.email, contact.match, preferences);
  const contactId = leftOutAs ? null : (contact.match?.contact.id ?? null);
  const insights = useInsights(contactId);
  const reply = insights.data;
  usePaintedMark(reply !== undefined || (contact.resolved && contact.match === null) || leftOutAs !== null, 'person', personKey(person), onPainted);
  const contactProblem = problemOf(contact);
  const insightsProblem = problemOf(insights);
  const matchName = contact.match ? withMatchNote(contact.match.contact.name?.trim() || contact.match.contact.email || displayName(person), contact.match.matchedBy) : null;
  useSayWhenLoaded(
    (!contact.resolved && !contactProblem) || (!leftOutAs && contact.match !== null && !reply && !insightsProblem),
    leftOutAs
      ? `${displayName(person)} is left out in Primer’s options.`
      : reply && matchName
        ? `Briefing of ${matchName} loaded.`
        : contact.resolved && !contact.match
          ? // As the note on screen says it (UnknownPerson.tsx): someone shown by name only may well be in Primer, under their address.
            `${displayName(person)} ${person.email ? 'is not in Primer yet.' : 'is shown by name only: no single contact has exactly this full name.'}`
          : null,
    personKey(person),
  );
  const client = useQueryClient();
  // The recordings below leave a failure of the same kind to this briefing's notice: its Try again
  // asks for them too.
  const retry = () => {
    void insights.refetch();
    if (contactId !== null) void client.refetchQueries({ queryKey: keys.recordings(contactId), predicate: (query) => query.state.status === 'error' });
  };

  let body: ReactNode;
  if (leftOutAs) {
    body = (
      <div className="empty-note" role="status">
        <p>
          <strong>Left out.</strong> {leftOutAs === 'own' ? 'This is one of your own addresses' : 'This address is in a domain you excluded'} in Primer’s options: Primer does
          not brief it.
        </p>
        <OpenOptionsButton />
      </div>
    );
  } else if (!contact.resolved && contactProblem) {
    body = <ProblemNotice error={contactProblem.error} what="this person" onRetry={() => void contact.refetch()} retrying={contactProblem.retrying} />;
  } else if (!contact.resolved) {
    body = <Skeleton label="Looking up this person" />;
  } else if (!contact.match) {
    body = <UnknownPersonNote person={person} action={unknownAction} />;
  } else if (!reply) {
    body = insightsProblem ? (
      <ProblemNotice error={insightsProblem.error} what="this briefing" onRetry={retry} retrying={insightsProblem.retrying} />
    ) : (
      <Skeleton label="Loading the briefing" lines={6} />
    );
  } else {
    const data = reply.insights;
    const source = provenance(data, now);
    body = (
      <>
        {reply.problem && !insightsProblem ? <FreshnessNote asOf={reply.asOf} problem={reply.problem} updatedAt={insights.dataUpdatedAt} onRetry={() => insights.refetch()} /> : null}
        {!reply.problem && !insightsProblem ? <RefreshNote refreshing={insights.isFetching} asOf={reply.asOf} /> : null}
        {insightsProblem ? (
          <ProblemNotice error={insightsProblem.error} what="the latest briefing" onRetry={retry} retrying={insightsProblem.retrying}>
            {/* The panel's own copy is shown: how old it is, as the offline note says it. */}
            Showing the briefing as of <AsOf asOf={reply.asOf} now={givenNow?.getTime()} />.
          </ProblemNotice>
        ) : null}
        {isEmptyBriefing(data) ? (
          <p className="empty-note">No insights yet: they appear after a recorded conversation with this person is processed.</p>
        ) : (
          <>
            {/* Where every section below comes from, said once above them. */}
            {source ? <p className="source provenance">{source}</p> : null}
            <HowToTalk insights={data} />
            <Topics insights={data} meetingAvoids={meetingAvoids} />
            {contactId !== null ? <PendingItems insights={data} contactId={contactId} onOpenRecording={onOpenRecording} now={now} /> : null}
            <Conversations insights={data} now={now} />
          </>
        )}
        <UpdatedNote updatedAt={data.updatedAt} now={givenNow?.getTime()} />
      </>
    );
  }

  return (
    // Not aria-busy: what loads says so itself (Skeleton's status), and an alert of the recordings
    // (or of the briefing) inside a busy article sat in a subtree screen readers may wait on.
    <article className="briefing">
      {nav}
      <PersonHeader match={contact.match} fallbackName={displayName(person)} fallbackEmail={person.email} />
      {body}
      {/* The recordings need only the contact: shown while the insights load, and when they fail. */}
      {contactId !== null ? (
        <RecordingsSection key={contactId} contactId={contactId} onOpen={onOpenRecording} saidAbove={insightsProblem ? problemKind(insightsProblem.error) : null} />
      ) : null}
    </article>
  );
}
