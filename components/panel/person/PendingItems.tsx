import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { pendingCounts } from '@/lib/format/briefing';
import { recordingFinder, useHeldRecordings } from '../data/queries';
import { landFocusWhenGone } from '../focus-landing';
import { ActionItemList } from './ActionItemList';

/** Pending items shown (overdue first) before "Show all": 400 of them came before the conversations and recordings. */
export const PENDING_SHOWN = 10;

interface PendingItemsProps {
  insights: Insights;
  /** The contact whose recordings name where each item was raised (the list below the briefing asks for them). */
  contactId: string;
  onOpenRecording: (id: string) => void;
  now?: Date;
}

export function PendingItems({ insights, contactId, onOpenRecording, now = new Date() }: PendingItemsProps) {
  const headingId = useId();
  // The list below the briefing asks for them; these names follow it, asking for nothing.
  const recordings = useHeldRecordings([contactId]);
  const { pending, overdue } = pendingCounts(insights, now);
  if (pending === 0) return null;
  return (
    // Gone with a refresh while the user is on it: focus lands on the briefing's heading (focus-landing.ts).
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId} ref={landFocusWhenGone}>
      {/* Takes focus when an item or "Show all" the user is on goes with a refresh (focus-landing.ts). */}
      <h2 id={headingId} tabIndex={-1}>
        Pending action items <span className="count">({overdue > 0 ? `${pending}, ${overdue} overdue` : pending})</span>
      </h2>
      <ActionItemList
        items={insights.pendingActionItems}
        label="Pending action items"
        onOpenRecording={onOpenRecording}
        lookup={recordingFinder(recordings)}
        limit={PENDING_SHOWN}
        moreLabel={{ what: 'pending action items' }}
        now={now}
      />
    </section>
  );
}
