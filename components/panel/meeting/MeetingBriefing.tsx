/**
 * The whole meeting (or conversation) at a glance: what to avoid and whom it concerns, topics
 * several people share, every pending action item grouped by person, a short brief per attendee,
 * and who the service does not know yet.
 */
import { useEffect, useId, type ReactNode } from 'react';
import type { PageSurface } from '@/lib/panel/context';
import type { SubjectPerson } from '@/lib/panel/subject';
import { actionItemsByPerson, avoidedInMeeting, namesakeDetails, personLabel, sharedTopics, topicsToAvoid, type BriefedAttendee, type LabelledPerson, type MeetingActionItem, type TopicPeople } from '@/lib/format/meeting';
import { meetingProvenance } from '@/lib/format/provenance';
import { surfaceNoun, surfacePeople } from '@/lib/format/surface';
import { calendarWhen, rangesApart } from '@/lib/format/text';
import { recordingFinder, useHeldRecordings } from '../data/queries';
import { ActionItemList } from '../person/ActionItemList';
import { AVOID_SHOWN, TOPICS_SHOWN } from '../person/Topics';
import { landFocusWhenGone } from '../focus-landing';
import { useShowMore } from '../show-more';
import { usePaintedMark } from '../paint-mark';
import { useSayWhenLoaded } from '../announcer';
import { FindByEmailButton } from '../PersonSearch';
import { PeopleList, PersonLabel } from '../PersonLabel';
import type { PaintDetail } from '@/lib/panel/paint-mark';
import { FreshnessNote } from '../states/FreshnessNote';
import { ProblemNotice } from '../states/ProblemNotice';
import { problemAbout, problemKind } from '../states/problem-text';
import { ApiError, isContactGone, serviceWaitMs, toErrorInfo } from '@/lib/api/errors';
import { RefreshNote } from '../states/RefreshNote';
import { AsOf } from '../states/AsOf';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { AttendeeSummary } from './AttendeeSummary';
import { AttendeeNames, nothingBriefable } from './AttendeeNames';
import { useSetup } from '../SetupNotice';
import { useAttendees, type Attendee } from './attendees';
import { ShowAllButton } from '../ShowAllButton';

interface MeetingBriefingProps {
  surface: PageSurface;
  onOpenPerson: (person: SubjectPerson) => void;
  /**
   * Told what the meeting is not to raise, and whom each concerns, whenever that changes (briefings
   * arrive one by one): an attendee's full briefing opened from here says it too.
   */
  onAvoids?: (avoids: readonly TopicPeople[]) => void;
  /** Opens the recording a pending action item was raised in. */
  onOpenRecording?: (id: string) => void;
  /** Offered for attendees whose address the service does not know (upload a recording of a meeting with them). */
  unknownAction?: ReactNode;
  /** Shown under the meeting's title, e.g. "Upload a recording of this meeting". */
  meetingAction?: ReactNode;
  nav?: ReactNode;
  /** Told once the briefing is on screen (the panel saves a copy of it: useSaveBriefing.ts). */
  onPainted?: (detail: PaintDetail) => void;
  now?: Date;
}

function Section({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    // Gone with a refresh while the user is on it: focus lands on the briefing's heading, as a person's sections do (focus-landing.ts).
    <section className={['panel-section', className].filter(Boolean).join(' ')} tabIndex={0} aria-labelledby={id} ref={landFocusWhenGone}>
      {/* Takes focus when a refresh takes away the control the user was on in it (focus-landing.ts). */}
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}


/** A part at a time: an attendee's thousands pushed the attendees far down. */
/** The meeting's title and when it is (a time range kept on one line). */
function MeetingTitle({ title, when }: { title: string; when: string | null }) {
  return (
    <>
      <h1 className="subject-title" tabIndex={-1} dir="auto">
        {title}
      </h1>
      {when ? (
        <p className="subtle" dir="auto">
          {rangesApart(when).map((piece, index) => (piece.range ? <span key={index} className="keep-together">{piece.text}</span> : piece.text))}
        </p>
      ) : null}
    </>
  );
}

function TopicPeopleList({ entries, label, limit }: { entries: TopicPeople[]; label: string; limit: number }) {
  const { shown, left, listRef, more } = useShowMore(entries.length, limit);
  return (
    <>
      <ul className="topic-people" aria-label={label} ref={listRef}>
        {entries.slice(0, shown).map(({ topic, people }) => (
          <li key={topic} tabIndex={-1} ref={landFocusWhenGone}>
            <strong>
              <bdi>{topic}</bdi>
            </strong>{' '}
            <span className="subtle">
              — <PeopleList people={people} />
            </span>
          </li>
        ))}
      </ul>
      {left > 0 ? <ShowAllButton total={entries.length} label={label} onClick={() => more()} /> : null}
    </>
  );
}

/**
 * The service answered 404 about this one contact. Not a 404 where the contact list itself should
 * be (a wrong address: said once for the meeting, with the way to options).
 */

/** What an attendee's failure calls for, as their card's notice would say it. */
const problemFor = (error: unknown) => {
  const info = toErrorInfo(error);
  return problemAbout(info.kind, 'contact', serviceWaitMs(info), info.code);
};

type Failed = Attendee & { state: Extract<Attendee['state'], { status: 'failed' }> };

interface CommonProblem {
  error: unknown;
  retrying: boolean;
  /** Whom it is about: said by the meeting's notice, their cards only point to it. */
  failed: Failed[];
  /** The attendees failed for different reasons (each card says which). */
  mixed: boolean;
}

/**
 * When several attendees failed for the same reason (a refused key, a busy service), it is said
 * once for the meeting, not once per person; so are different reasons that all call for the same
 * next step, Try again (one failing, one too slow): one button does it for all. Otherwise the
 * reason shared by the most of them (two or more) is said once, the rest on their cards. A contact
 * the service no longer has is its own case (find that person by e-mail), said on their card.
 */
function commonProblem(attendees: readonly Attendee[]): CommonProblem | null {
  const failed = attendees.filter(
    (attendee): attendee is Failed => attendee.state.status === 'failed' && !isContactGone(attendee.state.error),
  );
  if (failed.length < 2) return null;
  const kinds = new Set(failed.map((attendee) => problemKind(attendee.state.error)));
  if (kinds.size === 1) return { error: failed[0]!.state.error, retrying: failed[0]!.state.retrying, failed, mixed: false };
  if (failed.every(({ state }) => problemFor(state.error).next === 'retry')) {
    // Stands for the next step they share (Try again); the notice says why with MIXED_REASONS.
    return { error: new ApiError('http', 'several failures'), retrying: failed.some((attendee) => attendee.state.retrying), failed, mixed: true };
  }
  // Else the reason most of them share is said once (five asked to slow down are one notice, not
  // five alerts); the others keep theirs on their cards.
  // Not Map.groupBy: Firefox 115 (the oldest supported) lacks it.
  const byKind = new Map<string, Failed[]>();
  for (const attendee of failed) {
    const kind = problemKind(attendee.state.error);
    const group = byKind.get(kind);
    if (group) group.push(attendee);
    else byKind.set(kind, [attendee]);
  }
  const most = [...byKind.values()].reduce((a, b) => (b.length > a.length ? b : a));
  if (most.length < 2) return null;
  return { error: most[0]!.state.error, retrying: most.some((attendee) => attendee.state.retrying), failed: most, mixed: false };
}

/** Why, for attendees failed for different reasons (each card says its own): no one reason is true of all. */
/** `one`: what one of the surface's people is called (surface.ts). */
const mixedReasons = (one: string) => `They failed for different reasons: each ${one}’s card below says why.`;

/** Whom else an item listed under one attendee is pending for, as the meeting names them. */
const alsoPendingFor = (item: MeetingActionItem) => item.alsoFor;

/** Each person's pending items shown (overdue first) before "Show all": 250 people's came to 2,500 rows above the attendees. */
export const MEETING_ITEMS_SHOWN = 5;

const peopleCount = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** Why everyone the page named is left out, as the options say it. */
function leftOutWhy(reasons: readonly ('own' | 'excluded')[]): string {
  const who = reasons.length === 1 ? 'The only person here' : 'Everyone here';
  if (reasons.every((reason) => reason === 'own')) return `${who} is one of your own addresses`;
  if (reasons.every((reason) => reason === 'excluded')) return `${who} is in a domain you excluded`;
  return `${who} is one of your own addresses or in a domain you excluded`;
}

/*
 * The notes below name people inside Primer's sentences, each name isolated (PeopleList): two
 * right-to-left names side by side in plain text made one run and were shown in swapped order.
 */

/** "the attendees’ briefings" only when that is everyone's: else whose, or how many of them. `many`: what the surface's people are called. */
function whoseBriefings(people: readonly LabelledPerson[], of: number, many: string): ReactNode {
  if (people.length >= of) return many === 'attendees' ? 'the attendees’ briefings' : 'everyone’s briefings';
  return people.length <= NAMED_AT_MOST ? <>the briefings of <PeopleList people={people} and /></> : `the briefings of ${people.length} of ${of} ${many}`;
}

/** Up to this many people are named in a sentence; more are counted. */
const NAMED_AT_MOST = 3;

/**
 * Whose latest briefings could not be loaded (their copies are shown, and their cards read like the
 * fresh ones): named as whose failed are, when they are some of the attendees; else counted.
 */
function whoseLatest(people: readonly LabelledPerson[], of: number, { one, many }: { one: string; many: string }): ReactNode {
  if (people.length < of && people.length <= NAMED_AT_MOST) return <>the latest {people.length === 1 ? 'briefing' : 'briefings'} of <PeopleList people={people} and /></>;
  return people.length === 1 ? `the latest briefing of one ${one}` : `the latest briefings of ${people.length} ${many}`;
}

/** Whose briefings are shown from their last copy, among fresh ones: named as whose latest could not be loaded are. */
function whoseCopies(people: readonly LabelledPerson[], many: string): ReactNode {
  if (people.length > NAMED_AT_MOST) return `the briefings of ${people.length} ${many}`;
  return <>the {people.length === 1 ? 'briefing' : 'briefings'} of <PeopleList people={people} and /></>;
}

/**
 * Who is left out of the meeting's topics and pending items because their briefing could not be loaded: without it,
 * a missing attendee read as one with nothing to avoid and nothing pending. `noun`: the meeting, or the conversation (surface.ts).
 */
function missingNote(people: readonly LabelledPerson[], noun: string, many: string): ReactNode {
  const one = people.length === 1;
  const who = people.length <= NAMED_AT_MOST ? <PeopleList people={people} and /> : `${people.length} ${many}`;
  return (
    <>
      {who} {one ? 'is' : 'are'} left out of the {noun}’s topics and pending items: {one ? 'their briefing' : 'their briefings'} could not be loaded, so what to avoid
      with them and what they have pending is not known.
    </>
  );
}

/**
 * Whose briefing is still on its way, so not yet in the meeting's topics and pending items: else
 * those read as the whole meeting's. Not live: each card's placeholder says it is loading.
 */
function waitingNote(people: readonly LabelledPerson[], noun: string, many: string): ReactNode {
  const whose =
    people.length > NAMED_AT_MOST ? `the briefings of ${people.length} ${many}` : <>the {people.length === 1 ? 'briefing' : 'briefings'} of <PeopleList people={people} and /></>;
  return (
    <>
      Still loading {whose}: not yet in the {noun}’s topics and pending items.
    </>
  );
}

export function MeetingBriefing({ surface, onOpenPerson, onAvoids, onOpenRecording, unknownAction, meetingAction, nav, onPainted, now: givenNow }: MeetingBriefingProps) {
  const now = givenNow ?? new Date();
  const { attendees, settled, refetch, refreshing, leftOut } = useAttendees(surface);
  usePaintedMark(settled, 'meeting', `${surface.title ?? surface.kind}:${attendees.map((attendee) => attendee.key).join(',')}`, onPainted);
  const titled = surface.title?.trim() ? surface.title : null;
  const title = titled ?? `This ${surfaceNoun(surface.kind)}`;
  // An untitled one inside a sentence: "Briefing of this conversation loaded.", not "of This conversation".
  const titleInSentence = titled ?? `this ${surfaceNoun(surface.kind)}`;
  const called = surfacePeople(surface.kind);
  // A meeting chosen on a card before everyone in it was left out in the options: said, as for one person.
  const everyoneLeftOut = attendees.length === 0 && leftOut.length > 0;
  // Not when every briefing failed: that is the alert's to say.
  const allFailed = attendees.length > 0 && attendees.every((attendee) => attendee.state.status === 'failed');
  useSayWhenLoaded(
    !settled,
    everyoneLeftOut ? `Everyone in ${titleInSentence} is left out in Primer’s options.` : allFailed ? null : `Briefing of ${titleInSentence} loaded.`,
    `${surface.kind}:${title}`,
  );
  // Cards of attendees sharing a name say which is which, and so do the lists, among everyone
  // listed (a namesake whose briefing failed too; each contact is one attendee already: useAttendees).
  const identityOf = (attendee: Attendee) => {
    const match = 'match' in attendee.state ? attendee.state.match : null;
    return { id: match ? `contact:${match.contact.id}` : attendee.key, name: attendee.name, email: match?.contact.email ?? attendee.person.email };
  };
  const details = namesakeDetails(attendees.map(identityOf));
  const detailOf = (attendee: Attendee) => details.get(identityOf(attendee).id) ?? null;
  const briefed: BriefedAttendee[] = attendees.flatMap((attendee) =>
    attendee.state.status === 'briefed'
      ? [
          {
            // By contact: two attendees with one name are two people, one contact reached twice is one.
            id: attendee.state.match.contact.id,
            name: attendee.name,
            email: attendee.state.match.contact.email ?? attendee.person.email,
            matchedBy: attendee.state.match.matchedBy,
            detail: detailOf(attendee),
            insights: attendee.state.reply.insights,
          },
        ]
      : [],
  );
  const avoid = topicsToAvoid(briefed);
  // The receiver keeps what it had when the content is the same (the list is made anew each render).
  useEffect(() => onAvoids?.(avoid), [avoid, onAvoids]);
  const avoided = avoidedInMeeting(briefed);
  const shared = sharedTopics(briefed);
  const actions = actionItemsByPerson(briefed);
  // Titles of the recordings items were raised in, from lists the panel already holds.
  // Everyone's with items: one listed under another attendee may have been raised in a recording only theirs lists.
  const findRecording = recordingFinder(useHeldRecordings(briefed.flatMap((attendee) => (attendee.insights.pendingActionItems.length > 0 ? [attendee.id] : []))));
  const unmatched = attendees.filter((attendee) => attendee.state.status === 'unknown');
  // Someone the page names without an address is unmatched when no single contact has that name:
  // none, or several. They may be in Primer, so they are not listed as not in it.
  const nameOnly = unmatched.filter((attendee) => !attendee.person.email);
  const unknown = unmatched.filter((attendee) => attendee.person.email);
  // Listed with a brief (or why there is none): everyone but the people not in Primer.
  const known = attendees.filter((attendee) => attendee.state.status !== 'unknown');
  // As the meeting's lists name them: namesakes told apart, a contact found by name said to be.
  const personOf = (attendee: Attendee): LabelledPerson => {
    const match = 'match' in attendee.state ? attendee.state.match : null;
    return { name: attendee.name, detail: detailOf(attendee), matchedBy: match?.matchedBy ?? 'email' };
  };
  const failed = known.filter((attendee) => attendee.state.status === 'failed');
  const waiting = known.filter((attendee) => attendee.state.status === 'loading' || attendee.state.status === 'looking-up');
  // A contact the service answers 404 for is gone from it: counted as their card says, not in Primer.
  // Only a contact found: a lookup's 404 found no one (the contact list missing: a wrong address).
  const gone = failed.filter(({ state }) => state.status === 'failed' && state.match !== null && isContactGone(state.error));
  // Counted as in Primer: matched to a contact the service still has. Someone whose lookup failed is neither yet.
  const inPrimer = known.filter((attendee) => 'match' in attendee.state && attendee.state.match !== null && !gone.includes(attendee));
  const notLookedUp = known.length - inPrimer.length - gone.length;
  // One note for the whole meeting when some briefings come from their last copy (the background's,
  // as the service could not be asked), with the age of the oldest of them.
  const copied = attendees.filter((attendee) => attendee.state.status === 'briefed' && attendee.state.reply.problem && !attendee.state.refreshProblem);
  const oldest = copied
    .flatMap((attendee) => (attendee.state.status === 'briefed' ? [{ ...attendee.state.reply, updatedAt: attendee.state.updatedAt }] : []))
    .sort((a, b) => a.asOf - b.asOf)[0];
  // Whose, when fresh briefings are shown beside them: else the old ones read like the fresh.
  const copiedWhose = copied.length < briefed.length ? whoseCopies(copied.map(personOf), called.many) : undefined;
  const when = calendarWhen(surface.when);
  const common = commonProblem(attendees);
  const source = meetingProvenance(briefed, now, called);
  // Briefings shown from the panel's copy because asking for newer ones failed: said once, with
  // the age of the oldest of them (the person view says the same for one person).
  const behindAttendees = attendees.filter((attendee) => attendee.state.status === 'briefed' && attendee.state.refreshProblem);
  const behind = behindAttendees.flatMap((attendee) => (attendee.state.status === 'briefed' ? [attendee.state] : []));
  const stalest = behind.sort((a, b) => a.reply.asOf - b.reply.asOf)[0];
  // Refresh beside a Try again that does the same (offline, some attendees from their copies and
  // others with none) would be two next steps for one: Try again is the one kept.
  const tryAgainOffered =
    behind.length > 0 ||
    failed.some(({ state }) => {
      if (state.status !== 'failed') return false;
      const problem = problemFor(state.error);
      return problem.next === 'retry' || problem.next === 'wait' || problem.retry === true;
    });
  // While refreshing, the age of the oldest briefing shown: a three-day-old one beside a fresh one
  // is not "as of" the fresh one's time.
  const shownSince = attendees
    .flatMap((attendee) => (attendee.state.status === 'briefed' ? [attendee.state.reply.asOf] : []))
    .sort((a, b) => a - b)[0];

  // Before Primer can brief anyone (not set up, no access to the service): what to do, then who is here.
  const blocked = nothingBriefable(attendees, useSetup().state);
  const firstFailure = failed.find(({ state }) => state.status === 'failed')?.state;
  if (blocked && firstFailure?.status === 'failed') {
    return (
      <article className="briefing">
        {nav}
        <header className="person-header">
          <MeetingTitle title={title} when={when} />
          <p className="subtle">{peopleCount(attendees.length)}</p>
        </header>
        {/* Not set up: the setup notice above the view says it, this points to it. No access: this says it, with the way to options. */}
        <ProblemNotice error={firstFailure.error} what={whoseBriefings(failed.map(personOf), known.length, called.many)} onRetry={() => void refetch()} retrying={firstFailure.retrying} />
        <Section title={called.many === 'attendees' ? 'Attendees' : 'People'}>
          <AttendeeNames attendees={attendees} />
        </Section>
      </article>
    );
  }

  return (
    // Not aria-busy: each attendee still loading says so itself (Skeleton's status), and one
    // attendee's alert inside a busy article sat in a subtree screen readers may wait on.
    <article className="briefing">
      {nav}
      <header className="person-header">
        <MeetingTitle title={title} when={when} />
        {everyoneLeftOut ? null : (
          <p className="subtle">
            {peopleCount(attendees.length)}
            {settled
              ? ` · ${inPrimer.length} in Primer${unknown.length > 0 ? `, ${unknown.length} not yet` : ''}${nameOnly.length > 0 ? `, ${nameOnly.length} shown by name only` : ''}${gone.length > 0 ? `, ${gone.length} no longer in Primer` : ''}${notLookedUp > 0 ? `, ${notLookedUp} could not be looked up` : ''}`
              : ''}
          </p>
        )}
        {meetingAction}
      </header>
      {everyoneLeftOut ? (
        <div className="empty-note" role="status">
          <p>
            <strong>Left out.</strong> {leftOutWhy(leftOut)} in Primer’s options: Primer does not brief them.
          </p>
          <OpenOptionsButton />
        </div>
      ) : null}
      {oldest?.problem ? (
        <FreshnessNote
          asOf={oldest.asOf}
          problem={oldest.problem}
          updatedAt={oldest.updatedAt}
          onRetry={tryAgainOffered ? undefined : refetch}
          whose={copiedWhose}
          now={givenNow?.getTime()}
        />
      ) : null}
      {/* Not beside a notice that some could not be refreshed: it gives their age already. */}
      {!oldest && !stalest && shownSince !== undefined ? <RefreshNote refreshing={refreshing} asOf={shownSince} /> : null}
      {common ? (
        <ProblemNotice
          error={common.error}
          what={whoseBriefings(common.failed.map(personOf), known.length, called.many)}
          reason={common.mixed ? mixedReasons(called.one) : undefined}
          onRetry={() => void refetch()}
          retrying={common.retrying}
        >
          {/* The notice of briefings shown from their copy gives way to this one: what it said is said here. */}
          {stalest ? (
            <>
              {behind.length === 1 ? `One ${called.one} is` : `${behind.length} ${called.many} are`} shown as of <AsOf asOf={stalest.reply.asOf} now={givenNow?.getTime()} />, as asking for
              newer failed too.
            </>
          ) : null}
        </ProblemNotice>
      ) : null}
      {stalest?.refreshProblem && !common ? (
        <ProblemNotice
          error={stalest.refreshProblem.error}
          what={whoseLatest(behindAttendees.map(personOf), known.length, called)}
          onRetry={() => void refetch()}
          retrying={stalest.refreshProblem.retrying}
        >
          Showing {behind.length === 1 ? 'it' : 'them'} as of <AsOf asOf={stalest.reply.asOf} now={givenNow?.getTime()} />.
        </ProblemNotice>
      ) : null}
      {source ? <p className="source provenance">{source}</p> : null}
      {failed.length > 0 && briefed.length > 0 ? <p className="subtle missing-note">{missingNote(failed.map(personOf), surfaceNoun(surface.kind), called.many)}</p> : null}
      {waiting.length > 0 && briefed.length > 0 ? <p className="subtle missing-note">{waitingNote(waiting.map(personOf), surfaceNoun(surface.kind), called.many)}</p> : null}
      {avoid.length > 0 ? (
        <Section title={<><span aria-hidden="true">⚠ </span>Topics to avoid</>} className="avoid-warning">
          <TopicPeopleList entries={avoid} label="Topics to avoid and whom they concern" limit={AVOID_SHOWN} />
        </Section>
      ) : null}
      {shared.length > 0 ? (
        <Section title="Shared topics">
          <TopicPeopleList entries={shared} label={`Topics several ${called.many} share`} limit={TOPICS_SHOWN} />
        </Section>
      ) : null}
      {actions.length > 0 ? (
        // Each item once: one pending for several attendees is listed under its owner among them, else the first.
        <Section title={<>Pending action items <span className="count">({actions.reduce((sum, { items }) => sum + items.length, 0)})</span></>}>
          {actions.map(({ items, ...person }) => (
            <div key={person.id} className="action-group">
              {/* Takes focus when this person's "Show all" or item goes with a refresh (focus-landing.ts). */}
              <h3 tabIndex={-1}>
                <PersonLabel person={person} />
              </h3>
              <ActionItemList
                items={items}
                label={`Pending action items: ${personLabel(person)}`}
                onOpenRecording={onOpenRecording}
                lookup={findRecording}
                limit={MEETING_ITEMS_SHOWN}
                moreLabel={{ what: 'pending action items', whose: personLabel(person) }}
                alsoPendingFor={alsoPendingFor}
                now={now}
              />
            </div>
          ))}
        </Section>
      ) : null}
      {known.length > 0 ? (
        <Section title={called.many === 'attendees' ? 'Attendees' : 'People'}>
          <ul className="attendees">
            {known.map((attendee) => (
              <AttendeeSummary
                key={attendee.key}
                attendee={attendee}
                onOpen={() => onOpenPerson(attendee.person)}
                onRetry={() => void refetch()}
                detail={detailOf(attendee)}
                avoided={avoided}
                surfaceKind={surface.kind}
                showProblem={!common?.failed.includes(attendee as Failed)}
                problemReason={common?.mixed ? 'own' : 'above'}
                now={now}
              />
            ))}
          </ul>
        </Section>
      ) : null}
      {unknown.length > 0 ? (
        <Section title={<>Not in Primer yet <span className="count">({unknown.length})</span></>}>
          <AttendeeNames attendees={unknown} />
          {unknownAction}
        </Section>
      ) : null}
      {nameOnly.length > 0 ? (
        <Section title={<>Shown by name only <span className="count">({nameOnly.length})</span></>}>
          <ul className="unknown-people">
            {nameOnly.map((attendee) => (
              <li key={attendee.key}>
                <bdi>{attendee.name}</bdi>
              </li>
            ))}
          </ul>
          <p className="subtle">
            The page shows no address for them. Primer matches a name only when exactly one contact has it, so it does not guess among several. Find
            them by their e-mail address instead.
          </p>
          <div className="section-action">
            <FindByEmailButton variant="secondary" />
          </div>
        </Section>
      ) : null}
    </article>
  );
}
