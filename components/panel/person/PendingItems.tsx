import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { pendingCounts } from '@/lib/format/briefing';
import { ActionItemList } from './ActionItemList';

export function PendingItems({ insights, now = new Date() }: { insights: Insights; now?: Date }) {
  const headingId = useId();
  const { pending, overdue } = pendingCounts(insights, now);
  if (pending === 0) return null;
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      <h2 id={headingId}>
        Pending action items <span className="count">({overdue > 0 ? `${pending}, ${overdue} overdue` : pending})</span>
      </h2>
      <ActionItemList items={insights.pendingActionItems} label="Pending action items" now={now} />
    </section>
  );
}
