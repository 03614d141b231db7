/**
 * Said above a briefing shown from its last copy because the service could not be asked: why, and
 * as of when. A busy service is asked again after the wait it gave (or half a minute); otherwise the
 * user may retry.
 */
import type { ApiErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { ageOf } from '@/lib/format/provenance';
import { staleReason } from './problem-text';
import { askAgainInMs } from '../data/queries';
import { useRepeatingCountdown } from './useCountdown';

interface FreshnessNoteProps {
  asOf: number;
  problem: ApiErrorInfo;
  onRetry: () => void;
  now?: number;
}

export function FreshnessNote({ asOf, problem, onRetry, now }: FreshnessNoteProps) {
  // A busy service is asked again on its own (its wait, or every half minute when it gave none):
  // said, with nothing to click meanwhile.
  const seconds = useRepeatingCountdown(problem.kind === 'rate_limited' ? askAgainInMs(problem) : null, asOf);
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
