/**
 * Said above a briefing shown from its last copy because the service could not be asked: why, and
 * as of when. A busy service is asked again after the wait it gave (or half a minute); otherwise the
 * user may retry.
 */
import { serviceWaitMs, type ApiErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { waitEnds, waitLeft } from '@/lib/format/wait';
import { staleReason } from './problem-text';
import { askAgainInMs } from '../data/queries';
import { AsOf } from './AsOf';
import { landFocusWhenGone } from '../focus-landing';
import { useCountdown } from '@/components/ui/useCountdown';

interface FreshnessNoteProps {
  asOf: number;
  problem: ApiErrorInfo;
  /** Left out where another notice on the view already offers Try again for the same load. */
  onRetry?: () => void;
  /** When the panel last had this answer (the query's `dataUpdatedAt`): its next ask is timed from then. */
  updatedAt: number;
  now?: number;
}

export function FreshnessNote({ asOf, problem, onRetry, updatedAt, now }: FreshnessNoteProps) {
  // A busy service is asked again on its own (its wait, or every half minute when it gave none),
  // counted from the panel's last answer as the query's own interval is: said, with nothing to
  // click meanwhile.
  const waitMs = serviceWaitMs(problem);
  const wait = problem.kind === 'rate_limited' || waitMs !== null ? askAgainInMs(problem) : null;
  const deadline = wait === null ? null : updatedAt + wait;
  const seconds = useCountdown(deadline, wait ?? Infinity);
  return (
    // About this moment only: left out of the copy the next opening paints first (useSaveBriefing.ts).
    <div className="freshness" role="status" data-unsaved>
      <p>
        <strong>{staleReason(problem.kind, waitMs)}:</strong> showing the briefing as of <AsOf asOf={asOf} now={now} />.
        {seconds !== null && deadline !== null && wait !== null ? (
          seconds > 0 ? (
            // A status is read out whole whenever its text changes: the ticking countdown is hidden
            // from screen readers, which are told once when the wait ends.
            <>
              <span className="visually-hidden">{` Primer will ask again ${waitEnds(deadline, wait)}.`}</span>
              <span aria-hidden="true">{` Primer will ask again in ${waitLeft(seconds)}.`}</span>
            </>
          ) : (
            ' Primer is asking again now.'
          )
        ) : null}
      </p>
      {seconds === null && onRetry ? (
        // Gone with the note once the briefing is fresh again: focus must not fall to the document.
        <Button ref={landFocusWhenGone} variant="secondary" onClick={onRetry}>
          Refresh
        </Button>
      ) : null}
    </div>
  );
}
