/**
 * One recording: its status, its insights (action items, key decisions, topics discussed) when the
 * server offers them, and its transcript. Insights and transcript exist once processing is done; for
 * a status Primer does not know, they are asked for anyway.
 */
import { useId, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { ApiError, isNotYet } from '@/lib/api/errors';
import { serverText } from '@/lib/format/text';
import { isEmptyRecordingInsights, isEmptyTranscript, type RecordingInsights } from '@/lib/models';
import { problemOf, useCheckAgain, useHeldRecordings, useRecording, useRecordingInsights, useStillLooking, useTranscript } from '../data/queries';
import { ActionItemList } from '../person/ActionItemList';
import { PENDING_SHOWN } from '../person/PendingItems';
import { TopicList, TOPICS_SHOWN } from '../person/Topics';
import { useShowMore } from '../show-more';
import { useSayWhenLoaded } from '../announcer';
import { landFocusWhenGone } from '../focus-landing';
import { AsOf } from '../states/AsOf';
import { ProblemNotice } from '../states/ProblemNotice';
import { Skeleton } from '../states/Skeleton';
import { CopyNote } from './CopyNote';
import { ProcessingNews } from './ProcessingNews';
import { recordingDate } from './MeetingDate';
import { recordingTitle, statusLabel } from './status';
import { Transcript } from './Transcript';

/** Key decisions shown before "Show all", as many as action items: a long meeting's hundreds came before the transcript. */
const DECISIONS_SHOWN = PENDING_SHOWN;

function KeyDecisionList({ decisions }: { decisions: readonly string[] }) {
  const { shown, left, listRef, more } = useShowMore(decisions.length, DECISIONS_SHOWN);
  return (
    <>
      <ul className="plain-list" ref={listRef}>
        {decisions.slice(0, shown).map((decision, index) => (
          <li key={index} tabIndex={-1} ref={landFocusWhenGone} dir="auto">
            {decision}
          </li>
        ))}
      </ul>
      {left > 0 ? (
        <Button ref={landFocusWhenGone} variant="secondary" className="show-all" onClick={() => more()}>
          Show all {decisions.length} key decisions
        </Button>
      ) : null}
    </>
  );
}

function InsightsOfRecording({ insights }: { insights: RecordingInsights }) {
  const headingId = useId();
  const { actionItems, keyDecisions, topicsDiscussed } = insights;
  if (actionItems.length + keyDecisions.length + topicsDiscussed.length === 0) return null;
  // Each list a part at a time, as the person briefing's: thousands of them pushed the transcript far down.
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      <h2 id={headingId}>From this conversation</h2>
      {/* Each heading takes focus when its list's "Show all" or item goes with a refresh (focus-landing.ts). */}
      {actionItems.length > 0 ? (
        <>
          <h3 tabIndex={-1}>Action items</h3>
          <ActionItemList items={actionItems} label="Action items from this conversation" withStatus limit={PENDING_SHOWN} moreLabel={{ what: 'action items' }} />
        </>
      ) : null}
      {keyDecisions.length > 0 ? (
        <>
          <h3 tabIndex={-1}>Key decisions</h3>
          <KeyDecisionList decisions={keyDecisions} />
        </>
      ) : null}
      {topicsDiscussed.length > 0 ? (
        <>
          <h3 tabIndex={-1}>Topics discussed</h3>
          <TopicList topics={topicsDiscussed} label="Topics discussed" limit={TOPICS_SHOWN} />
        </>
      ) : null}
    </section>
  );
}

/**
 * What the service does not have yet, or has with nothing in it (which may be the same): said,
 * and looked for again by itself for a while (NOT_YET_LOOK_MS); after that, the user can check again.
 */
function NotYet({ said: sentence, looking, onCheck, checking }: { said: string; looking: boolean; onCheck: () => void; checking: boolean }) {
  // Each Check again is told apart by what it checks for; once what it found replaces it, focus
  // lands on the heading before it instead of falling to the document.
  const said = useId();
  return (
    <p className="subtle">
      <span id={said}>{sentence}</span>
      {looking ? null : (
        <>
          {' '}
          <Button ref={landFocusWhenGone} variant="secondary" onClick={checking ? undefined : onCheck} aria-disabled={checking || undefined} aria-describedby={said}>
            Check again
          </Button>
        </>
      )}
    </p>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'not_found';
}

export function RecordingDetail({ id, onBack, backLabel }: { id: string; onBack: () => void; backLabel: string }) {
  const recording = useRecording(id);
  // Opened from a list: what the list shows of it is shown (and its insights and transcript asked
  // for) at once, and stays while the recording itself cannot be had.
  const listed = useHeldRecordings().find((held) => held.id === id);
  const data = recording.data ?? listed;
  const done = data?.status === 'completed';
  // A status Primer does not know may be this server's word for "finished": ask anyway, and take
  // a transcript it does not have as "not yet" rather than as a failure.
  const unknownStatus = data?.status === 'unknown';
  const ask = done || unknownStatus;
  const insights = useRecordingInsights(id, ask);
  const transcript = useTranscript(id, ask);
  // Each failure is said as soon as a call fails, with when Primer tries again, not once the
  // retries are spent (a rate limit's are half a minute each).
  const recordingProblem = problemOf(recording);
  const insightsProblem = problemOf(insights);
  const transcriptProblem = problemOf(transcript);
  // The service answered with nothing yet (a 204, or a 404 for a recording it still has), whatever
  // the recording's status.
  const transcriptNotYet = isNotYet(transcriptProblem?.error) || (unknownStatus && isNotFound(transcriptProblem?.error));
  const insightsNotYet = isNotYet(insightsProblem?.error);
  const transcriptLooking = useStillLooking('transcript', id);
  const insightsLooking = useStillLooking('insights', id);
  const checkTranscript = useCheckAgain('transcript', id);
  const checkInsights = useCheckAgain('insights', id);
  const transcriptId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // In the commit that draws it (a layout effect): the loading view's heading, which had focus, is
  // gone by then, and a passive effect left focus on the document until it ran.
  useLayoutEffect(() => headingRef.current?.focus(), []);
  const loading = !data && recording.isPending && !recordingProblem;
  // The heading the focus is on changes from "Recording" to the recording's title: said, as a
  // briefing loaded is (one that failed is its problem notice's to say).
  useSayWhenLoaded(loading, data ? (data.title ?? data.filename ? `Recording “${recordingTitle(data)}” loaded.` : 'Untitled recording loaded.') : null, `recording:${id}`);
  return (
    <article className="recording-detail" aria-busy={loading}>
      <Button variant="secondary" className="back" onClick={onBack} aria-keyshortcuts="Escape">
        {/* The arrow is drawn, not read: "left arrow, Back to the briefing" said it twice. */}
        <span aria-hidden="true">← </span>
        {backLabel}
      </Button>
      {/* The server's title, in whatever script: its own direction (as a meeting's heading). */}
      <h1 className="subject-title" tabIndex={-1} ref={headingRef} dir="auto">
        {data ? recordingTitle(data) : 'Recording'}
      </h1>
      {loading ? <Skeleton label="Loading the recording" /> : null}
      {recordingProblem ? (
        <ProblemNotice error={recordingProblem.error} what="the recording" about="recording" onRetry={() => void recording.refetch()} retrying={recordingProblem.retrying}>
          {data?.copy ? <>Showing it as of <AsOf asOf={data.copy.asOf} />.</> : null}
        </ProblemNotice>
      ) : null}
      {data ? (
        <p className="subtle">
          {recordingDate(data)} · <span className={`status status-${data.status}`}>{statusLabel(data)}</span>
        </p>
      ) : null}
      <ProcessingNews status={data?.status} />
      {data?.copy && !recordingProblem ? (
        // Timed, and refreshed, only where this view's own query holds the copy (not the list's).
        <CopyNote
          copy={data.copy}
          what="this recording"
          updatedAt={recording.data ? recording.dataUpdatedAt : null}
          onRetry={recording.data ? () => recording.refetch() : undefined}
        />
      ) : null}
      {data?.status === 'failed' && serverText(data.error) ? <p className="problem">Processing failed: <bdi>{serverText(data.error)}</bdi></p> : null}
      {data && !ask && data.status !== 'failed' ? <p className="subtle">Insights and the transcript appear once processing is done.</p> : null}
      {ask && insights.isPending && !insightsProblem ? <Skeleton label="Loading this conversation’s insights" lines={2} /> : null}
      {insights.data ? <InsightsOfRecording insights={insights.data} /> : null}
      {/* Empty lists may be early (made after the transcript): said, as an empty transcript is. */}
      {insightsNotYet || (insights.data !== undefined && isEmptyRecordingInsights(insights.data)) ? (
        <NotYet
          said={insightsNotYet ? 'Insights from this conversation are not available yet.' : 'No insights from this conversation yet.'}
          // Empty, and its refresh failed: the problem's own Try again is the one offered.
          looking={(!insightsNotYet && insightsProblem !== null) || insightsLooking}
          onCheck={() => void checkInsights()}
          checking={insights.isFetching}
        />
      ) : null}
      {insightsProblem && !insightsNotYet && !(unknownStatus && isNotFound(insightsProblem.error)) ? (
        <ProblemNotice
          error={insightsProblem.error}
          what="this conversation’s insights"
          about="recording"
          onRetry={() => void insights.refetch()}
          retrying={insightsProblem.retrying}
        />
      ) : null}
      {ask ? (
        <section className="panel-section" tabIndex={0} aria-labelledby={transcriptId}>
          {/* Takes focus when Try again below goes (focus-landing.ts). */}
          <h2 id={transcriptId} tabIndex={-1}>Transcript</h2>
          {transcript.isPending && !transcriptProblem ? <Skeleton label="Loading the transcript" /> : null}
          {transcriptNotYet || (transcript.data && isEmptyTranscript(transcript.data)) ? (
            <NotYet
              said={transcriptNotYet ? 'The transcript is not available yet.' : 'The transcript is empty.'}
              // An empty one whose refresh failed: the problem's own Try again is the one offered.
              looking={(!transcriptNotYet && transcriptProblem !== null) || transcriptLooking}
              onCheck={() => void checkTranscript()}
              checking={transcript.isFetching}
            />
          ) : null}
          {transcriptProblem && !transcriptNotYet ? (
            <ProblemNotice
              error={transcriptProblem.error}
              what="the transcript"
              about="recording"
              onRetry={() => void transcript.refetch()}
              retrying={transcriptProblem.retrying}
            />
          ) : null}
          {transcript.data && !isEmptyTranscript(transcript.data) ? <Transcript transcript={transcript.data} /> : null}
        </section>
      ) : null}
    </article>
  );
}
