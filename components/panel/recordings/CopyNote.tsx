/**
 * Said where recordings come from the background's last copy because the service could not
 * answer: why, and as of when ("Offline: recordings as of 24 Nov, 10:00 (10 min ago)"), so an old
 * "Processing · 40%" is not taken for now. The panel asks again on its own (queries.ts).
 */
import { serviceWaitMs } from '@/lib/api/errors';
import type { Copy } from '@/lib/models';
import { AsOf } from '../states/AsOf';
import { staleReason } from '../states/problem-text';

export function CopyNote({ copy, what }: { copy: Copy; what: string }) {
  return (
    <p className="subtle">
      {staleReason(copy.problem.kind, serviceWaitMs(copy.problem))}: {what} as of <AsOf asOf={copy.asOf} />.
    </p>
  );
}
