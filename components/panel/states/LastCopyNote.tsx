/**
 * A note above what is shown from a last copy because the service could not answer (a briefing,
 * recordings): the caller says why and as of when; this says when Primer asks again (a busy
 * service, after the wait it gave or half a minute), or offers Refresh otherwise; and the options,
 * where only the user can put it right (access to the service's host).
 */
import { useState, type ReactNode } from 'react';
import { NO_ACCESS_CODE, serviceWaitMs, type ApiErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { useCountdown } from '@/components/ui/useCountdown';
import { waitEnds, waitLeft } from '@/lib/format/wait';
import { askAgainInMs } from '../data/queries';
import { landFocusWhenGone } from '../focus-landing';

interface LastCopyNoteProps {
  problem: ApiErrorInfo;
  /**
   * When the panel last had this answer (the query's `dataUpdatedAt`): its next ask is timed from
   * then, as the query's own interval is. Null when another view's query holds the copy: no time said.
   */
  updatedAt: number | null;
  /**
   * Left out where another notice on the view already offers Try again for the same load. What it
   * returns, when a promise, is the asking: Refresh is busy until it settles, then the note says
   * the answer still did not come (it stays only while there is none).
   */
  onRetry?: () => void | Promise<unknown>;
  /** Said to screen readers after "Refresh" where a view may hold two such notes ("recordings"). */
  refreshWhat?: string;
  /** Why, and what is shown as of when ("Offline: showing the briefing as of …."). */
  children: ReactNode;
}

export function LastCopyNote({ problem, updatedAt, onRetry, refreshWhat, children }: LastCopyNoteProps) {
  // A busy service is asked again on its own: said, with nothing to click meanwhile.
  const wait = problem.kind === 'rate_limited' || serviceWaitMs(problem) !== null ? askAgainInMs(problem) : null;
  const deadline = wait === null || updatedAt === null ? null : updatedAt + wait;
  const seconds = useCountdown(deadline, wait ?? Infinity);
  /** Refresh pressed: asking, then asked (still nothing newer). */
  const [refresh, setRefresh] = useState<'asking' | 'asked' | null>(null);
  const onRefresh = () => {
    if (!onRetry || refresh === 'asking') return;
    const asking = onRetry();
    if (!(asking instanceof Promise)) return;
    setRefresh('asking');
    void asking.finally(() => setRefresh('asked'));
  };
  return (
    // About this moment only: left out of the copy the next opening paints first (useSaveBriefing.ts).
    <div className="freshness" role="status" data-unsaved>
      <p>
        {children}
        {seconds !== null && deadline !== null && wait !== null ? (
          // A status is read out whole whenever its text changes: the ticking countdown, and the
          // moment of asking, are hidden from screen readers, which are told once when the wait
          // ends ("within a minute" stays the same from one half-minute ask to the next).
          <>
            <span className="visually-hidden">{` Primer will ask again ${waitEnds(deadline, wait)}.`}</span>
            <span aria-hidden="true">{seconds > 0 ? ` Primer will ask again in ${waitLeft(seconds)}.` : ' Primer is asking again now.'}</span>
          </>
        ) : null}
        {refresh === 'asking' ? ' Asking again…' : refresh === 'asked' ? ' Asked again: still no newer answer.' : null}
      </p>
      {/* Told to allow it in the options (staleReason): the way there, as the notice without a copy offers. */}
      {problem.code === NO_ACCESS_CODE ? <OpenOptionsButton /> : null}
      {wait === null && onRetry ? (
        // Gone with the note once what it is about is fresh again: focus must not fall to the document.
        <Button ref={landFocusWhenGone} variant="secondary" onClick={onRefresh} busy={refresh === 'asking'}>
          Refresh
          {refreshWhat ? <span className="visually-hidden">{` ${refreshWhat}`}</span> : null}
        </Button>
      ) : null}
    </div>
  );
}
