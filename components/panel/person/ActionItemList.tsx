/**
 * Action items with owner, due date and where each was raised when the server gives them; overdue
 * ones marked (never one the server says is done: a recording's list keeps those).
 */
import type { ActionItem } from '@/lib/models';
import type { LabelledPerson } from '@/lib/format/meeting';
import { formatDueDate } from '@/lib/format/dates';
import { isItemOverdue, sortActionItems } from '@/lib/format/briefing';
import { nonBlank, statusAsWords } from '@/lib/format/text';
import { Button } from '@/components/ui/Button';
import { landFocusWhenGone } from '../focus-landing';
import { PeopleList } from '../PersonLabel';
import { useShowMore } from '../show-more';
import { ItemSourceNote, type RecordingLookup } from './ItemSourceNote';

interface ActionItemListProps<T extends ActionItem> {
  items: readonly T[];
  label: string;
  /** Opens the recording an item was raised in (its source then is a button). */
  onOpenRecording?: (id: string) => void;
  lookup?: RecordingLookup;
  /**
   * Says each item's status ("Done", "In progress"), where the list holds finished items too (a
   * recording's own); a pending list says only a status that is more than open ("In progress",
   * "Blocked"; an "overdue" one is marked as overdue).
   */
  withStatus?: boolean;
  /** Items shown (overdue first) before "Show all"; all of them without it. */
  limit?: number;
  /** What "Show all" names, after its count ("pending action items"); `whose`: told apart by whom (a meeting's lists). */
  moreLabel?: { what: string; whose?: string };
  /** Whom else an item is pending for, named beside it (a meeting lists an item shared by several once). */
  alsoPendingFor?: (item: T) => readonly LabelledPerson[] | undefined;
  now?: Date;
}

/**
 * The item's status in words: the server's own, or "Done" when only a flag or time said so. Not
 * the server's "overdue" for an item whose readable due date is today or later (isItemOverdue).
 */
function statusText(item: ActionItem, now: Date): string | null {
  const status = nonBlank(item.status);
  if (status?.toLowerCase() === 'overdue' && !isItemOverdue(item, now)) return item.done ? 'Done' : null;
  if (status) return statusAsWords(status);
  return item.done ? 'Done' : null;
}

/**
 * What every item of a pending list is (said by the list), and "overdue" (said by its mark). As
 * words, so "not_started", "not-started" and "NotStarted" are one.
 */
const OPEN_STATUSES = new Set(['open', 'pending', 'todo', 'to do', 'new', 'not started', 'overdue']);

/** In a pending list, a status that says more than "open" ("In progress", "Blocked"). */
function pendingStatusText(item: ActionItem): string | null {
  const status = nonBlank(item.status);
  if (!status) return null;
  const words = statusAsWords(status);
  return OPEN_STATUSES.has(words.toLowerCase()) ? null : words;
}

/**
 * Each item's key by what it is, not where it sorts: an item sorted in above one whose "open the
 * recording" button has the focus made React rebuild that button, and the focus fell to the page.
 * Items alike in every way are told apart by their turn.
 */
function itemKeys(items: readonly ActionItem[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const key = JSON.stringify([item.text, item.owner, item.dueDate, item.source?.recordingId ?? null, item.source?.title ?? null]);
    const turn = seen.get(key) ?? 0;
    seen.set(key, turn + 1);
    return `${key}#${turn}`;
  });
}

export function ActionItemList<T extends ActionItem>({ items, label, onOpenRecording, lookup, withStatus = false, limit = Infinity, moreLabel, alsoPendingFor, now = new Date() }: ActionItemListProps<T>) {
  const sorted = sortActionItems(items, now);
  const keys = itemKeys(sorted);
  const { shown, left, listRef, more } = useShowMore(sorted.length, limit);
  const what = moreLabel?.what ?? 'items';
  return (
    <>
      <ul className="action-items" aria-label={label} ref={listRef}>
        {sorted.slice(0, shown).map((item, index) => {
          // Decided once, by the normaliser (action-items.ts), as for a contact's pending items.
          const overdue = isItemOverdue(item, now);
          // Text the panel cannot read as a date ("end of Q3") is still the server's due date: shown as written.
          const dueAsWritten = nonBlank(item.dueDate);
          const due = formatDueDate(item.dueDate) ?? (dueAsWritten ? <bdi>{dueAsWritten}</bdi> : null);
          const status = withStatus ? statusText(item, now) : pendingStatusText(item);
          const others = alsoPendingFor?.(item) ?? [];
          return (
            // Done or gone with a refresh while the user is on it: focus goes to the heading before (focus-landing.ts).
            <li key={keys[index]} className={overdue ? 'overdue' : undefined} tabIndex={-1} ref={landFocusWhenGone}>
              <span className="item-text" dir="auto">
                {item.text}
              </span>
              {item.owner || due || status || overdue || others.length > 0 || item.source ? (
                <span className="item-meta">
                  {status ? <span>Status: {status}</span> : null}
                  {item.owner ? (
                    <span>
                      Owner: <bdi>{item.owner}</bdi>
                    </span>
                  ) : null}
                  {due ? (
                    <span>
                      {overdue ? <strong className="overdue-label">Overdue · </strong> : null}
                      Due {due}
                    </span>
                  ) : overdue ? (
                    <strong className="overdue-label">Overdue</strong>
                  ) : null}
                  {others.length > 0 ? (
                    <span>
                      Also pending for <PeopleList people={others} />
                    </span>
                  ) : null}
                  {item.source ? <ItemSourceNote source={item.source} item={item.text} onOpenRecording={onOpenRecording} lookup={lookup} now={now} /> : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {left > 0 ? (
        <Button
          ref={landFocusWhenGone}
          variant="secondary"
          className="show-all"
          onClick={() => more()}
          aria-label={moreLabel?.whose ? `Show all ${sorted.length} ${what} of ${moreLabel.whose}` : undefined}
        >
          Show all {sorted.length} {what}
        </Button>
      ) : null}
    </>
  );
}
