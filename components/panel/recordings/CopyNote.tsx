/**
 * Said where recordings come from the background's last copy because the service could not
 * answer: why, and as of when ("Offline: recordings as of 24 Nov, 10:00 (10 min ago)"), so an old
 * "Processing · 40%" is not taken for now; and, as the briefing's note does (LastCopyNote), when
 * Primer asks again (the query's own interval, queries.ts) or Refresh.
 */
import { serviceWaitMs } from '@/lib/api/errors';
import type { Copy } from '@/lib/models';
import { AsOf } from '../states/AsOf';
import { LastCopyNote } from '../states/LastCopyNote';
import { staleReason } from '../states/problem-text';

interface CopyNoteProps {
  copy: Copy;
  what: string;
  /** The `dataUpdatedAt` of the query that holds the copy; null when another view's does (nothing timed then). */
  updatedAt: number | null;
  /** Asks again; left out where a notice on the view already offers Try again for the same load. */
  onRetry?: () => void | Promise<unknown>;
}

export function CopyNote({ copy, what, updatedAt, onRetry }: CopyNoteProps) {
  return (
    <LastCopyNote problem={copy.problem} updatedAt={updatedAt} onRetry={onRetry} refreshWhat={what}>
      {staleReason(copy.problem.kind, serviceWaitMs(copy.problem), copy.problem.code)}: {what} as of <AsOf asOf={copy.asOf} />.
    </LastCopyNote>
  );
}
