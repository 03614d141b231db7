/**
 * Action items with owner, due date and where each was raised when the server gives them; overdue
 * ones marked.
 */
import type { ActionItem } from '@/lib/models';
import { formatDueDate, isOverdue } from '@/lib/format/dates';
import { sortActionItems } from '@/lib/format/briefing';
import { nonBlank } from '@/lib/format/text';
import { ItemSourceNote, type RecordingLookup } from './ItemSourceNote';

interface ActionItemListProps {
  items: readonly ActionItem[];
  label: string;
  /** Opens the recording an item was raised in (its source then is a button). */
  onOpenRecording?: (id: string) => void;
  lookup?: RecordingLookup;
  now?: Date;
}

export function ActionItemList({ items, label, onOpenRecording, lookup, now = new Date() }: ActionItemListProps) {
  return (
    <ul className="action-items" aria-label={label}>
      {sortActionItems(items).map((item, index) => {
        const overdue = isOverdue(item.dueDate, now);
        // Text the panel cannot read as a date ("end of Q3") is still the server's due date: shown as written.
        const due = formatDueDate(item.dueDate) ?? nonBlank(item.dueDate);
        return (
          <li key={`${index}:${item.text}`} className={overdue ? 'overdue' : undefined}>
            <span className="item-text">{item.text}</span>
            {item.owner || due || item.source ? (
              <span className="item-meta">
                {item.owner ? <span>Owner: {item.owner}</span> : null}
                {due ? (
                  <span>
                    {overdue ? <strong className="overdue-label">Overdue · </strong> : null}
                    Due {due}
                  </span>
                ) : null}
                {item.source ? <ItemSourceNote source={item.source} item={item.text} onOpenRecording={onOpenRecording} lookup={lookup} now={now} /> : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
