/** Recent recordings with this contact, newest first, a few at a time. */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { ApiErrorKind } from '@/lib/api/errors';
import { oldestCopy, problemOf, RECORDINGS_PAGE_SIZE, recordingsOf, useRecordings } from '../data/queries';
import { focusLost, landFocusWhenGone } from '../focus-landing';
import { AsOf } from '../states/AsOf';
import { ProblemNotice } from '../states/ProblemNotice';
import { problemKind } from '../states/problem-text';
import { Skeleton } from '../states/Skeleton';
import { CopyNote } from './CopyNote';
import { recordingDate } from './MeetingDate';
import { recordingTitle, statusLabel } from './status';

interface RecordingsSectionProps {
  contactId: string;
  onOpen: (id: string) => void;
  /**
   * The kind of failure the briefing above already says, with its next step (whose Try again asks
   * for the recordings too): the recordings failing the same way is not said twice.
   */
  saidAbove?: ApiErrorKind | null;
}

/** Asked for with "More recordings" (or its Try again): the rows shown before, and what had focus then. */
interface Asked {
  before: ReadonlySet<string>;
  trigger: Element | null;
}

/** The next page, once drawn: how many rows it added, where the first is, and what had focus when it was asked for. */
interface Loaded {
  count: number;
  index: number;
  trigger: Element | null;
}

/** How many pages are asked for unasked while none of them shows a recording of theirs. */
const LOOK_AHEAD_PAGES = 4;

const moreLoaded = (count: number) => (count === 1 ? '1 more recording loaded.' : `${count} more recordings loaded.`);

export function RecordingsSection({ contactId, onOpen, saidAbove = null }: RecordingsSectionProps) {
  const headingId = useId();
  const query = useRecordings(contactId);
  // A page's worth at a time: a server ignoring `limit` lists every recording at once (2,000 rows
  // drawn together). What it sent beyond them is held, shown by "More recordings" before the next
  // page is asked for (which starts after all it sent, held ones included).
  // Counted for one contact: the section given another (its lookup answered with someone else)
  // starts from a page's worth of theirs.
  const [shownFor, setShownFor] = useState({ contactId, count: RECORDINGS_PAGE_SIZE });
  const shown = shownFor.contactId === contactId ? shownFor.count : RECORDINGS_PAGE_SIZE;
  const [presses, setPresses] = useState(0);
  const listed = recordingsOf(query.data?.pages ?? []);
  const recordings = listed.slice(0, shown);
  const held = listed.length > recordings.length;
  // The server's total, unless a page had others' recordings left out (the contact filter ignored):
  // then it counts the account's, though the first page, all theirs, could not tell.
  const total = query.data?.pages.some((page) => page.listed !== undefined) ? null : (query.data?.pages[0]?.total ?? null);
  const loadingMore = query.isFetchingNextPage;
  // The next page's failure, said as soon as a call fails while a retry waits (TanStack keeps the
  // page fetching until its retries are spent), as the first page's is; then once they are spent.
  // The rows shown stay.
  const moreProblem =
    loadingMore && query.failureCount > 0 && query.failureReason
      ? { error: query.failureReason, retrying: true }
      : query.isFetchNextPageError
        ? { error: query.error, retrying: false }
        : null;
  // Said as soon as a call fails, not once the retries are spent (a rate limit's are half a minute
  // each); with rows shown, a look again that failed (a key refused since) is said above them, which stay.
  // The next page's failure is said once, below.
  const refreshing = recordings.length > 0 && query.isRefetchError && !query.isFetchNextPageError;
  const problem = (recordings.length === 0 && moreProblem === null) || refreshing ? problemOf(query) : null;
  const said = problem !== null && saidAbove !== null && problemKind(problem.error) === saidAbove;
  const pages = query.data?.pages ?? [];
  // Pages the background answered from its last copy: the oldest says how old.
  const copy = oldestCopy(pages);
  // None of theirs yet, more listed: a server ignoring the contact filter lists the account's
  // recordings, which the client leaves out. The next pages are asked for unasked, a few at most.
  const noneYet = query.isSuccess && recordings.length === 0;
  const looking = noneYet && query.hasNextPage && pages.length < LOOK_AHEAD_PAGES && moreProblem === null;
  const sectionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { fetchNextPage } = query;
  // Again at each page in (by its count: "loading" may come and go between two renders).
  useEffect(() => {
    if (looking && !loadingMore) void fetchNextPage({ cancelRefetch: false });
  }, [looking, loadingMore, fetchNextPage, pages.length]);

  // The next page is drawn once rows not shown before appear (in the render that draws them).
  const added = asked ? recordings.findIndex((recording) => !asked.before.has(recording.id)) : -1;
  if (asked && added !== -1) {
    setAsked(null);
    setLoaded({ count: recordings.filter((recording) => !asked.before.has(recording.id)).length, index: added, trigger: asked.trigger });
  }

  // Focus goes to the first new row, if it was on what asked for them: the button stays while
  // more remain, Try again and the last page's button are gone (focus fell to the document).
  // Before the notice's own landing (focus-landing.ts), which then finds focus taken.
  useLayoutEffect(() => {
    if (!loaded?.trigger) return;
    // Focus on the document counts only when what asked is gone (the last page's button, Try
    // again): a user who clicked a blank spot while the page loaded keeps where they were.
    if (document.activeElement !== loaded.trigger && (loaded.trigger.isConnected || !focusLost())) return;
    listRef.current?.querySelectorAll<HTMLElement>('.recording-row')[loaded.index]?.focus();
  }, [loaded]);

  const loadMore = () => {
    const before = new Set(recordings.map((recording) => recording.id));
    // The button or Try again, when focus is on it (not when clicked with focus elsewhere).
    const focused = document.activeElement;
    setAsked({ before, trigger: focused && focused !== sectionRef.current && sectionRef.current?.contains(focused) ? focused : null });
    setLoaded(null);
    setPresses((count) => count + 1);
    setShownFor({ contactId, count: recordings.length + RECORDINGS_PAGE_SIZE });
    if (held) return;
    void query.fetchNextPage().then((result) => {
      // Failed (the notice says so, focus stays) or nothing new: there is no row to wait for.
      const fresh = recordingsOf(result.data?.pages ?? []).some((recording) => !before.has(recording.id));
      if (result.isError || !fresh) setAsked((current) => (current?.before === before ? null : current));
    });
  };

  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId} ref={sectionRef}>
      {/* Takes focus when Try again below goes, or the last page's button brought no new row (focus-landing.ts). */}
      <h2 id={headingId} tabIndex={-1}>
        Recent recordings {total ? <span className="count">({total})</span> : null}
      </h2>
      {(query.isPending || looking) && !problem ? <Skeleton label="Loading recordings" lines={2} /> : null}
      {said ? <p className="subtle">Could not load the recordings (see above).</p> : null}
      {problem && !said ? (
        <ProblemNotice error={problem.error} what={refreshing ? 'the latest recordings' : 'the recordings'} onRetry={() => void query.refetch()} retrying={problem.retrying}>
          {/* The panel's own copy is shown (the background's says so below): how old it is. */}
          {refreshing && query.dataUpdatedAt > 0 ? (
            <>
              Showing them as of <AsOf asOf={copy?.asOf ?? query.dataUpdatedAt} />.
            </>
          ) : null}
        </ProblemNotice>
      ) : null}
      {copy && !problem ? (
        <CopyNote copy={copy} what="recordings" updatedAt={query.dataUpdatedAt} onRetry={() => query.refetch()} />
      ) : null}
      {noneYet && !query.hasNextPage ? <p className="subtle">No recordings with them yet.</p> : null}
      {noneYet && query.hasNextPage && !looking ? <p className="subtle">None with them among the latest recordings.</p> : null}
      {recordings.length > 0 ? (
        <ul className="recordings" ref={listRef}>
          {recordings.map((recording) => (
            <li key={recording.id}>
              <button type="button" className="recording-row" onClick={() => onOpen(recording.id)}>
                <span className="recording-title" dir="auto">
                  {recordingTitle(recording)}
                </span>
                <span className="recording-meta">
                  {/* A date the panel cannot read ("12/11/2026") is the server's: shown as written, as elsewhere. */}
                  {recordingDate(recording)}
                  <span className={`status status-${recording.status}`}>{statusLabel(recording)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {(held || query.hasNextPage) && !looking ? (
        // Not `disabled` while loading: that dropped focus to the document. It stays a Tab stop.
        <Button
          ref={landFocusWhenGone}
          variant="secondary"
          onClick={loadingMore ? undefined : loadMore}
          aria-disabled={loadingMore || undefined}
          aria-busy={loadingMore || undefined}
        >
          More recordings
        </Button>
      ) : null}
      {/* Said while the next page loads and once it is in: focus then moves to a row, which says what it is, not that more came. */}
      <p className="more-status" role="status" data-unsaved>
        {/* While a retry waits, the notice below says when instead. */}
        {loadingMore && !looking && !moreProblem?.retrying ? 'Loading more recordings…' : loaded ? (
          // A node of its own each press: held rows shown at once said the same words as the last
          // press, React kept the text as it was, and the live region said nothing.
          <span key={presses} className="visually-hidden">
            {moreLoaded(loaded.count)}
          </span>
        ) : null}
      </p>
      {moreProblem ? <ProblemNotice error={moreProblem.error} what="more recordings" onRetry={loadMore} retrying={moreProblem.retrying} /> : null}
    </section>
  );
}
