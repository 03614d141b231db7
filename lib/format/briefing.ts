/**
 * Short forms of a contact's insights shared by the hover card and the side panel: what to raise
 * (recent topics first, then favourites and interests, without repeats), what to avoid, and the
 * count of pending and overdue action items.
 */
import type { ActionItem, Insights } from '../models';
import { dueDateTime, isOverdue } from './dates';
import { nonBlank, serverText, topicKey } from './text';
import { tipsFromFlags } from './tips';

/** Where a topic to raise comes from in the insights. */
export type TopicSource = 'recent' | 'favourite' | 'interest';

export interface SourcedTopic {
  topic: string;
  source: TopicSource;
}

/**
 * Topics to raise with where each comes from, so a briefing can tell a recent topic from a
 * long-standing interest. A topic in several lists keeps the first (recent, then favourite,
 * then interest); blanks and anything to avoid are left out: their own, and `alsoAvoid` (topic
 * keys: in a meeting, what anyone there must not hear about).
 */
export function sourcedTopicsToRaise(insights: Insights, limit = Infinity, alsoAvoid: ReadonlySet<string> = new Set()): SourcedTopic[] {
  const seen = new Set([...alsoAvoid, ...insights.sensitiveTopics.map(topicKey)]);
  const lists: [TopicSource, string[]][] = [
    ['recent', insights.recentTopics],
    ['favourite', insights.favoriteTopics],
    ['interest', insights.interests],
  ];
  const out: SourcedTopic[] = [];
  for (const [source, topics] of lists) {
    for (const topic of topics) {
      const text = nonBlank(topic);
      if (!text) continue;
      const key = topicKey(text);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ topic: text, source });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

export function topicsToRaise(insights: Insights, limit = Infinity, alsoAvoid?: ReadonlySet<string>): string[] {
  return sourcedTopicsToRaise(insights, limit, alsoAvoid).map(({ topic }) => topic);
}

/**
 * Whether an item is overdue: past a due date the reader can read, or, without one, said to be by
 * the server's own status (worked out on the server's calendar, or left from before the item was
 * moved: "Overdue · Due <today>" would contradict itself). Never one the server says is done.
 */
export function isItemOverdue(item: ActionItem, now: Date = new Date()): boolean {
  if (item.done) return false;
  return Number.isNaN(dueDateTime(item.dueDate)) ? item.status?.trim().toLowerCase() === 'overdue' : isOverdue(item.dueDate, now);
}

export function pendingCounts(insights: Insights, now: Date = new Date()): { pending: number; overdue: number } {
  const items = insights.pendingActionItems;
  return { pending: items.length, overdue: items.filter((item) => isItemOverdue(item, now)).length };
}

/**
 * True when the server has nothing yet worth a briefing for this contact. Preference flags alone
 * are worth one (they give the do/don't tips), and so is a count of conversations.
 */
export function isEmptyBriefing(insights: Insights): boolean {
  return (
    insights.preferredTone === null &&
    insights.communicationApproach === null &&
    insights.personalitySummary === null &&
    topicsToRaise(insights).length === 0 &&
    insights.sensitiveTopics.length === 0 &&
    insights.pendingActionItems.length === 0 &&
    insights.lastConversationDate === null &&
    (insights.totalConversations ?? 0) === 0 &&
    Object.values(insights.flags).every((flag) => flag === null)
  );
}

/** The longest fact the short forms show (about three lines of the hover card). */
export const FACT_MAX = 280;

/**
 * For the short forms (hover card, an attendee's brief) when they have nothing else to show (no
 * tone, topics, items or last talk): how to talk to them all the same — the communication
 * approach, else the first do/don't tip from the preference flags, else the personality summary.
 */
export function fallbackFact(insights: Insights): { label: 'Approach' | 'Tip' | 'About'; text: string } | null {
  // Cut, not only clamped by CSS: the hover card's body is its dialog's description, read whole as
  // it opens (a 20 KB summary was), and a meeting's attendee card has no clamp. The full briefing has it whole.
  const approach = serverText(insights.communicationApproach, FACT_MAX);
  if (approach) return { label: 'Approach', text: approach };
  const { dos, donts } = tipsFromFlags(insights.flags);
  const tip = (dos[0] ?? donts[0])?.text;
  if (tip) return { label: 'Tip', text: tip };
  const about = serverText(insights.personalitySummary, FACT_MAX);
  if (about) return { label: 'About', text: about };
  return null;
}

/**
 * Overdue first (past its date, or said to be by the server's status, as the list marks them),
 * then by due date, undated last; the server's order otherwise.
 */
export function sortActionItems<T extends ActionItem>(items: readonly T[], now: Date = new Date()): T[] {
  // Read as the list shows them: a due date that cannot be read sorts with the undated.
  const time = (item: T) => {
    const parsed = dueDateTime(item.dueDate);
    return Number.isNaN(parsed) ? Infinity : parsed;
  };
  return items
    .map((item, index) => ({ item, index, late: isItemOverdue(item, now) ? 0 : 1, due: time(item) }))
    .sort((a, b) => a.late - b.late || a.due - b.due || a.index - b.index)
    .map(({ item }) => item);
}
