/**
 * Said above a briefing shown from its last copy because the service could not be asked: why, and
 * as of when. A busy service is asked again after the wait it gave; otherwise the user may retry.
 */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { ageOf } from '@/lib/format/provenance';
import { staleReason } from './problem-text';
import { useCountdown, useDeadline } from './useCountdown';

interface FreshnessNoteProps {
  asOf: number;
  problem: ApiErrorInfo;
  onRetry: () => void;
  now?: number;
}

export function FreshnessNote({ asOf, problem, onRetry, now }: FreshnessNoteProps) {
  const wait = problem.kind === 'rate_limited' ? problem.retryAfterMs : null;
  const deadline = useDeadline(wait, asOf);
  const seconds = useCountdown(deadline, wait ?? Infinity);
  const absolute = new Date(asOf).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <div className="freshness" role="status">
      <p>
        <strong>{staleReason(problem.kind)}:</strong> showing the briefing as of{' '}
        <time dateTime={new Date(asOf).toISOString()} title={absolute}>
          {absolute}
        </time>{' '}
        ({ageOf(asOf, now)}).
        {seconds !== null ? ` Primer will ask again in ${seconds} s.` : null}
      </p>
      {seconds === null ? (
        <Button variant="secondary" onClick={onRetry}>
          Refresh
        </Button>
      ) : null}
    </div>
  );
}
