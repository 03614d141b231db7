/**
 * Said above a briefing shown from its last copy because the service could not be asked: why, and
 * as of when. A busy service is asked again after the wait it gave (or half a minute); otherwise the
 * user may retry (LastCopyNote).
 */
import type { ReactNode } from 'react';
import { serviceWaitMs, type ApiErrorInfo } from '@/lib/api/errors';
import { staleReason } from './problem-text';
import { AsOf } from './AsOf';
import { LastCopyNote } from './LastCopyNote';

interface FreshnessNoteProps {
  asOf: number;
  problem: ApiErrorInfo;
  /** Left out where another notice on the view already offers Try again for the same load. */
  onRetry?: () => void | Promise<unknown>;
  /** When the panel last had this answer (the query's `dataUpdatedAt`): its next ask is timed from then. */
  updatedAt: number;
  now?: number;
  /** Whose briefing is the copy, where only some shown are (a meeting's): "the briefing of Maya Chen". */
  whose?: ReactNode;
}

export function FreshnessNote({ asOf, problem, onRetry, updatedAt, now, whose = 'the briefing' }: FreshnessNoteProps) {
  return (
    <LastCopyNote problem={problem} updatedAt={updatedAt} onRetry={onRetry}>
      <strong>{staleReason(problem.kind, serviceWaitMs(problem), problem.code)}:</strong> showing {whose} as of <AsOf asOf={asOf} now={now} />.
    </LastCopyNote>
  );
}
