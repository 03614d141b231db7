/** One attendee in a meeting briefing: the gist, and a way to their full briefing. */
import type { ReactNode } from 'react';
import { FACT_MAX, fallbackFact, pendingCounts, topicsToRaise } from '@/lib/format/briefing';
import { lastConversation } from '@/lib/format/dates';
import { personLabel } from '@/lib/format/meeting';
import { surfaceNoun } from '@/lib/format/surface';
import { conversationCount } from '@/lib/format/provenance';
import { serverText, uniqueTopics } from '@/lib/format/text';
import { Button } from '@/components/ui/Button';
import type { PageSurface } from '@/lib/panel/context';
import { IsolatedList } from '@/components/ui/Isolated';
import { ProblemNotice } from '../states/ProblemNotice';
import { PersonLabel } from '../PersonLabel';
import { problemKind, PROBLEMS } from '../states/problem-text';
import { Skeleton } from '../states/Skeleton';
import type { Attendee } from './attendees';

interface AttendeeSummaryProps {
  attendee: Attendee;
  onOpen: () => void;
  onRetry: () => void;
  /**
   * What tells this attendee apart from another with the same name (their address, else a number),
   * as the meeting's lists say it; null when the name is enough.
   */
  detail?: string | null;
  /** Topic keys no one in the meeting is to raise (avoidedInMeeting): left out of this attendee's. */
  avoided?: ReadonlySet<string>;
  /** What the attendee is on (a meeting, an e-mail thread…), as the card speaks of it. */
  surfaceKind?: PageSurface['kind'];
  /** False when the meeting says the problem once for everyone. */
  showProblem?: boolean;
  /**
   * When the meeting says the problem: whether its notice says why too ('above'), or only offers
   * Try again for several reasons at once, each card saying its own ('own').
   */
  problemReason?: 'above' | 'own';
  now: Date;
}

export function AttendeeSummary({ attendee, onOpen, onRetry, detail = null, avoided, surfaceKind = 'event', showProblem = true, problemReason = 'above', now }: AttendeeSummaryProps) {
  const { state, name } = attendee;
  // A failed briefing keeps its match: the name-match label and the way to the full briefing stay.
  const match = 'match' in state ? state.match : null;
  const email = match?.contact.email ?? attendee.person.email;
  // Namesakes' cards, headings and buttons would read alike: each says who it is.
  // What names them anywhere but beside the badge says the name match too (the owner's rule): a
  // screen reader going button by button, or a notice read alone, never hears the badge.
  const person = { name, detail, matchedBy: match?.matchedBy ?? null };
  const named = personLabel(person);
  return (
    <li className="attendee">
      <div className="attendee-head">
        {/* Takes focus when Try again below goes (focus-landing.ts). */}
        {/* Shown beside the badge; named with the name match, as a heading is heard alone (going heading by heading). */}
        <h3 tabIndex={-1} aria-label={match?.matchedBy === 'name' ? named : undefined}>
          <PersonLabel person={{ ...person, matchedBy: null }} />
        </h3>
        {email && email !== name && email !== detail ? <p className="subtle">{email}</p> : null}
        {/* For the eye: the heading's name says it already. */}
        {match?.matchedBy === 'name' ? (
          <p className="badge" aria-hidden="true">
            matched by name
          </p>
        ) : null}
      </div>
      {state.status === 'looking-up' || state.status === 'loading' ? <Skeleton label={`Loading ${named}`} lines={2} /> : null}
      {state.status === 'failed' && showProblem ? (
        // Not "<named>’s": a label may end in a bracket ("Maya Chen (matched by name)’s").
        <ProblemNotice error={state.error} what={<>the briefing of <PersonLabel person={person} /></>} onRetry={onRetry} retrying={state.retrying} />
      ) : null}
      {state.status === 'failed' && !showProblem ? (
        <p className="subtle attendee-note">
          No briefing (see above).{problemReason === 'own' ? ` ${PROBLEMS[problemKind(state.error)].text}` : null}
        </p>
      ) : null}
      {state.status === 'briefed' ? <Gist reply={state.reply} avoided={avoided} surfaceKind={surfaceKind} now={now} /> : null}
      {match ? (
        <Button variant="secondary" className="attendee-open" onClick={onOpen} aria-label={`Full briefing: ${named}`}>
          Full briefing
        </Button>
      ) : null}
    </li>
  );
}

/** Topics to avoid named on a card, as on the hover card; the rest are counted. */
const AVOID_SHOWN = 4;

/**
 * A topic's length on a card, as on the hover card's chips. The card's facts are cut in their text
 * (the tone to FACT_MAX): a paragraph-long tone or topic ran one card to thousands of characters,
 * which pushed the attendees after it down and was read whole. The full briefing has them whole.
 */
const TOPIC_MAX = 80;
const cutTopics = (topics: readonly string[]) => topics.map((topic) => serverText(topic, TOPIC_MAX) ?? topic);

function Gist({ reply, avoided, surfaceKind, now }: { reply: Extract<Attendee['state'], { status: 'briefed' }>['reply']; avoided?: ReadonlySet<string>; surfaceKind: PageSurface['kind']; now: Date }) {
  const { insights } = reply;
  // Two topics fit a card; how many more there are is said, not dropped (the full briefing has them).
  const topics = topicsToRaise(insights, Infinity, avoided);
  const raise = topics.slice(0, 2);
  const more = topics.length - raise.length;
  const { pending, overdue } = pendingCounts(insights, now);
  const last = lastConversation(insights.lastConversationDate, now);
  const facts: [string, ReactNode][] = [];
  const tone = serverText(insights.preferredTone, FACT_MAX);
  if (tone) facts.push(['Tone', <bdi>{tone}</bdi>]);
  if (raise.length > 0) {
    facts.push([
      'Raise',
      <>
        <IsolatedList items={cutTopics(raise)} />
        {more > 0 ? ` and ${more} more` : ''}
      </>,
    ]);
  }
  // Every topic of theirs is one someone here is not to hear: not "No insights yet" (they have some).
  // Said of what they are on: an e-mail thread has no room.
  else if (avoided && topicsToRaise(insights, 1).length > 0) facts.push(['Raise', `nothing in this ${surfaceNoun(surfaceKind)} (their full briefing has their topics)`]);
  // A few fit a card, as topics to raise (the meeting's list of topics to avoid has them all).
  const avoid = uniqueTopics(insights.sensitiveTopics);
  const avoidShown = avoid.slice(0, AVOID_SHOWN);
  if (avoid.length > 0) {
    facts.push([
      'Avoid',
      <>
        <IsolatedList items={cutTopics(avoidShown)} />
        {avoid.length > avoidShown.length ? ` and ${avoid.length - avoidShown.length} more` : ''}
      </>,
    ]);
  }
  if (pending > 0) facts.push(['Pending', `${pending === 1 ? '1 action item' : `${pending} action items`}${overdue > 0 ? `, ${overdue} overdue` : ''}`]);
  // A date Primer cannot read (or tell) is shown as the server wrote it, as the full briefing does.
  const lastAsWritten = last ? null : serverText(insights.lastConversationDate, 40);
  if (last) facts.push(['Last talk', last.ago ?? last.date]);
  else if (lastAsWritten) facts.push(['Last talk', <bdi>{lastAsWritten}</bdi>]);
  const fallback = facts.length === 0 ? fallbackFact(insights) : null;
  if (fallback) facts.push([fallback.label, fallback.text]);
  const source = conversationCount(insights);
  if (facts.length === 0 && !source) return <p className="subtle attendee-note">No insights yet.</p>;
  return (
    <>
      <dl className="facts compact">
        {facts.map(([term, value]) => (
          <div key={term} className={term === 'Avoid' ? 'avoid' : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {source ? <p className="source">{source}</p> : null}
    </>
  );
}
