/**
 * The hover card: who this is, how to talk to them, what to raise and avoid, what they are still
 * owed, and when you last spoke. Every value from the service is rendered as text by React.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AsOf } from '@/components/panel/states/AsOf';
import { PROBLEMS, problemAbout, staleReason } from '@/components/panel/states/problem-text';
import { useWait } from '@/components/ui/useCountdown';
import { WaitText } from '@/components/ui/WaitText';
import { defaultMessage, NO_ACCESS_CODE, NOT_THE_SERVICE_CODE, serviceWaitMs, WEB_PAGE_REFUSAL_CODE, type ApiErrorInfo } from '@/lib/api/errors';
import { FACT_MAX, fallbackFact, isEmptyBriefing, pendingCounts, topicsToRaise } from '@/lib/format/briefing';
import { lastConversation } from '@/lib/format/dates';
import { conversationCount } from '@/lib/format/provenance';
import { serverText, uniqueTopics } from '@/lib/format/text';
import type { ContactMatch, Insights } from '@/lib/models';
import { withMatchNote } from '@/lib/models/contact';
import type { SurfaceKind } from '@/lib/sites/types';

/** A briefing the service could not refresh: the background's last copy, and why (said on the card, as the panel does). */
export interface StaleCopy {
  asOf: number;
  problem: ApiErrorInfo;
}

export type InsightsState = { status: 'loading' } | { status: 'ready'; insights: Insights; copy?: StaleCopy | null } | { status: 'error'; error: ApiErrorInfo };

interface HoverCardProps {
  match: ContactMatch;
  state: InsightsState;
  focusOnOpen: boolean;
  onClose: () => void;
  /** Opens the side panel on this person. */
  onOpenBriefing?: () => void;
  /** Opens the side panel on the whole meeting (offered when others are on it too). */
  onOpenMeeting?: (() => void) | null;
  /** What the person was found in, which names that button: a meeting, or the people of an e-mail. */
  meetingKind?: SurfaceKind;
  /** How to open the panel by hand, when the browser would not open it from the card. */
  panelHint?: string | null;
  /** Opens Primer's options (offered when the setup or the key is what failed). */
  onOpenOptions?: (() => void) | null;
  /** Asks for the briefing again (offered when the failure may pass: busy, slow, unreachable). */
  onRetry?: (() => void) | null;
  now?: Date;
}

/**
 * The card's own sentence where it says more than the panel's (the way to options, "try again"),
 * else the panel's (PROBLEMS): never the message that came with the error, which can be the
 * service's own words (a stack trace, an internal code).
 */
const ERROR_TEXT: Partial<Record<ApiErrorInfo['kind'], string>> = {
  not_configured: 'Primer is not set up yet: add the service address and API key in Primer’s options.',
  unauthorized: 'The service did not accept Primer’s API key. Check it in Primer’s options.',
  network: 'The service cannot be reached right now.',
  rate_limited: 'The service is busy; try again in a moment.',
  server: 'The service had a problem answering. Try again in a moment.',
  extension_reloaded: defaultMessage('extension_reloaded'),
};

/**
 * A failure that only Primer's options put right, whatever its kind: no access to the service's
 * host, something else answering at its address (a sign-in page), or a web page refusing Primer
 * there (a proxy's, a wrong address's 401 or 403: not the service's word on the key). Said as the panel says it;
 * Try again would fail the same way.
 */
function optionsProblem(error: ApiErrorInfo): string | null {
  return error.code === NO_ACCESS_CODE || error.code === NOT_THE_SERVICE_CODE || error.code === WEB_PAGE_REFUSAL_CODE ? problemAbout(error.kind, 'contact', null, error.code).text : null;
}

/** A busy (or unavailable) service's wait is said after this, and the sentence stays when the wait is over. */
const BUSY_WITH_WAIT = 'The service is busy.';
const UNAVAILABLE_WITH_WAIT = 'The service is unavailable for the moment.';

/** What the user can do about each failure from the card: fix the setup, or ask again. */
const ERROR_NEXT: Record<ApiErrorInfo['kind'], 'options' | 'retry' | null> = {
  not_configured: 'options',
  unauthorized: 'options',
  // Said as the panel says it (a key may be refused one contact only); as in the panel, the options
  // are where another key is entered, though they change nothing about what this one may read.
  forbidden: 'options',
  rate_limited: 'retry',
  timeout: 'retry',
  network: 'retry',
  server: 'retry',
  invalid_response: 'retry',
  http: 'retry',
  aborted: 'retry',
  // Asking again would get the same answer.
  not_found: null,
  bad_request: null,
  conflict: null,
  // Only reloading the tab helps.
  extension_reloaded: null,
};

export function HoverCard({
  match,
  state,
  focusOnOpen,
  onClose,
  onOpenBriefing,
  onOpenMeeting,
  meetingKind = 'event',
  panelHint = null,
  onOpenOptions = null,
  onRetry = null,
  now = new Date(),
}: HoverCardProps) {
  const { contact, matchedBy } = match;
  const name = contact.name ?? contact.email ?? 'Contact';
  const closeRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  // Said once the briefing arrives after the card opened loading: the skeleton's words are read,
  // the briefing replacing them would not be. A briefing there from the start is the dialog's description.
  const [loadedLate, setLoadedLate] = useState(false);
  const [seen, setSeen] = useState(state.status);
  if (state.status !== seen) {
    setSeen(state.status);
    setLoadedLate(seen === 'loading' && state.status === 'ready');
  }

  useEffect(() => {
    if (focusOnOpen) closeRef.current?.focus({ preventScroll: true });
  }, [focusOnOpen]);
  // Try again goes away while the briefing loads: focus stays in the card, on its close button.
  const retry = () => {
    closeRef.current?.focus({ preventScroll: true });
    onRetry?.();
  };

  // A failure's own next step (fix the setup, ask again) leads the card's one row of actions, as
  // its primary one: a second row in the body read as unrelated buttons, under a primary "Open
  // briefing" that the same failure would stop. The wait a busy service gave holds Try again back.
  // An old copy whose note says to allow access in the options offers the way there too.
  const error = state.status === 'error' ? state.error : null;
  const problem = error ?? (state.status === 'ready' ? state.copy?.problem : null);
  const next = problem && optionsProblem(problem) ? 'options' : error ? ERROR_NEXT[error.kind] : null;
  const waitMs = error ? serviceWaitMs(error) : null;
  const wait = useWait(waitMs, error);
  const waitId = useId();
  const fix =
    next === 'options' && onOpenOptions ? (
      <button type="button" className="action primary" onClick={onOpenOptions}>
        Open Primer options
      </button>
    ) : next === 'retry' && onRetry ? (
      <button
        type="button"
        className="action primary"
        onClick={wait.running ? undefined : retry}
        aria-disabled={wait.running || undefined}
        aria-describedby={wait.running ? waitId : undefined}
      >
        Try again
      </button>
    ) : null;
  // A tab cut off by an update cannot reach the background: the panel would not open either.
  const cutOff = error?.kind === 'extension_reloaded';
  const openBriefing = cutOff ? null : onOpenBriefing;
  const openMeeting = cutOff ? null : onOpenMeeting;

  return (
    <section className="card" lang="en" role="dialog" aria-label={`Briefing: ${withMatchNote(name, matchedBy)}`} aria-describedby={bodyId}>
      <div className="head">
        <div className="who">
          {/* Named with the name match, as the panel's headings are: a heading is heard alone (going heading by heading). */}
          <h2 className="name" dir="auto" aria-label={matchedBy === 'name' ? withMatchNote(name, matchedBy) : undefined}>
            {name}
          </h2>
          {contact.email && contact.name ? <p className="email">{contact.email}</p> : null}
          {contact.title || contact.company ? (
            <p className="role" dir="auto">{[contact.title, contact.company].filter(Boolean).join(' · ')}</p>
          ) : null}
          {/* For the eye: the heading's name says it already. */}
          {matchedBy === 'name' ? (
            <p className="badge" aria-hidden="true">
              matched by name
            </p>
          ) : null}
        </div>
        <button ref={closeRef} type="button" className="close" aria-label="Close briefing" onClick={onClose}>
          ×
        </button>
      </div>
      <div id={bodyId}>
        {state.status === 'error' ? <ErrorBody error={state.error} waitMs={waitMs} wait={wait} waitId={waitId} /> : <CardBody state={state} now={now} />}
      </div>
      {/* There and empty from the start: a live region added with its words is not read by every screen reader. */}
      <p className="visually-hidden" aria-live="polite">
        {loadedLate ? `Briefing of ${withMatchNote(name, matchedBy)} loaded.` : ''}
      </p>
      {fix || openBriefing || openMeeting || panelHint ? (
        <div className="actions">
          {fix}
          {openBriefing ? (
            <button type="button" className={fix ? 'action' : 'action primary'} onClick={openBriefing}>
              Open briefing
            </button>
          ) : null}
          {openMeeting ? (
            <button type="button" className="action" onClick={openMeeting}>
              {briefAllLabel(meetingKind)}
            </button>
          ) : null}
          <p className="hint" role="status">
            {panelHint}
          </p>
        </div>
      ) : null}
    </section>
  );
}

interface CardBodyProps {
  state: Exclude<InsightsState, { status: 'error' }>;
  now: Date;
}

function CardBody({ state, now }: CardBodyProps) {
  if (state.status === 'loading') {
    return (
      // A status with words, not a label: a label on a plain div is not read out (nor allowed by
      // ARIA), so a keyboard user who opened the card heard nothing while it loaded.
      <div className="body" role="status">
        <span className="visually-hidden">Loading briefing…</span>
        <div className="skeleton" aria-hidden="true" />
        <div className="skeleton short" aria-hidden="true" />
        <div className="skeleton" aria-hidden="true" />
      </div>
    );
  }
  const { insights, copy } = state;
  // An old briefing is not passed off as today's: why it could not be refreshed, and as of when, first.
  const stale = copy ? (
    <p className="stale">
      <strong>{staleReason(copy.problem.kind, serviceWaitMs(copy.problem), copy.problem.code)}:</strong> briefing as of <AsOf asOf={copy.asOf} now={now.getTime()} />.
    </p>
  ) : null;
  if (isEmptyBriefing(insights)) {
    return (
      <div className="body">
        {stale}
        <p className="muted">No insights yet: they appear after a recorded conversation with this person.</p>
      </div>
    );
  }
  const raise = topicsToRaise(insights, 3);
  const avoid = uniqueTopics(insights.sensitiveTopics);
  const { pending, overdue } = pendingCounts(insights, now);
  const last = lastConversation(insights.lastConversationDate, now);
  // A date Primer cannot read (or tell: "11/12/2026") is shown as the server wrote it, as the panel does.
  const lastAsWritten = last ? null : serverText(insights.lastConversationDate, 40);
  const source = conversationCount(insights);
  // Clamped to three lines on screen, but a screen reader reads the card's body whole as it opens.
  const tone = serverText(insights.preferredTone, FACT_MAX);
  const fallback = !tone && raise.length === 0 && avoid.length === 0 && pending === 0 && !last && !lastAsWritten ? fallbackFact(insights) : null;
  return (
    <>
      {stale}
      <dl className="body">
        {tone ? (
          <Row label="Tone" className="prose">
            <bdi>{tone}</bdi>
          </Row>
        ) : null}
        {raise.length > 0 ? (
          <Row label="Raise">
            <Chips topics={raise} />
          </Row>
        ) : null}
        {avoid.length > 0 ? (
          <Row label="Avoid" className="avoid">
            <Chips topics={avoid} limit={4} />
          </Row>
        ) : null}
        {pending > 0 ? (
          <Row label="Pending">
            {pending === 1 ? '1 action item' : `${pending} action items`}
            {overdue > 0 ? <span className="overdue"> · {overdue} overdue</span> : null}
          </Row>
        ) : null}
        {last ? (
          <Row label="Last talk">
            {last.ago ? (
              <>
                {last.ago} <span className="muted">({last.date})</span>
              </>
            ) : (
              last.date
            )}
          </Row>
        ) : lastAsWritten ? (
          <Row label="Last talk">
            <bdi>{lastAsWritten}</bdi>
          </Row>
        ) : null}
        {fallback ? (
          <Row label={fallback.label} className="prose">
            <bdi>{fallback.text}</bdi>
          </Row>
        ) : null}
      </dl>
      {source ? <p className="source">{source}</p> : null}
    </>
  );
}

/** A failure, said plainly (what the user can do about it is the first of the card's actions). */
function ErrorBody({ error, waitMs, wait, waitId }: { error: ApiErrorInfo; waitMs: number | null; wait: ReturnType<typeof useWait>; waitId: string }) {
  return (
    <div className="body">
      <p className="error" role="alert">
        {optionsProblem(error) ?? (waitMs ? (error.kind === 'server' ? UNAVAILABLE_WITH_WAIT : BUSY_WITH_WAIT) : (ERROR_TEXT[error.kind] ?? PROBLEMS[error.kind].text))}
        {wait.running && wait.seconds !== null && wait.deadline !== null && waitMs ? (
          <WaitText lead="You can try again" seconds={wait.seconds} deadline={wait.deadline} waitMs={waitMs} id={waitId} />
        ) : null}
      </p>
    </div>
  );
}

/** One labelled line of the card. */
function Row({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `row ${className}` : 'row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A topic's length on a chip: clamped to two lines on screen, but read whole with the card's body. */
const TOPIC_MAX = 80;

/** Topics as chips; past `limit`, a "+N more" chip stands for the rest. */
function Chips({ topics, limit = topics.length }: { topics: string[]; limit?: number }) {
  return (
    <ul className="chips">
      {topics.slice(0, limit).map((topic) => (
        <li key={topic.toLowerCase()} dir="auto">
          {serverText(topic, TOPIC_MAX)}
        </li>
      ))}
      {topics.length > limit ? <li>+{topics.length - limit} more</li> : null}
    </ul>
  );
}

/** Whom a whole-surface briefing covers: "meeting" only for an event; on an e-mail, the people on it. */
const SURFACE_PEOPLE: Record<SurfaceKind, string> = {
  event: 'the whole meeting',
  compose: 'everyone you are writing to',
  thread: 'everyone on this thread',
  message: 'everyone on this e-mail',
  list: 'everyone in this list',
};

export function surfacePeople(kind: SurfaceKind): string {
  return SURFACE_PEOPLE[kind];
}

export function briefAllLabel(kind: SurfaceKind): string {
  return `Brief ${surfacePeople(kind)}`;
}
