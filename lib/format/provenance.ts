/**
 * Where a briefing comes from, in words: "From 5 conversations, the latest 3 days ago", so the
 * user can weigh it. Built only from what the server gave; nothing is said about what it did not.
 */
import type { Insights } from '../models';
import { relativeDay } from './dates';

export function provenance(insights: Insights, now: Date = new Date()): string | null {
  const total = insights.totalConversations;
  const latest = relativeDay(insights.lastConversationDate, now);
  const count = total === null ? null : total === 1 ? '1 conversation' : `${total} conversations`;
  if (count && total !== 0 && latest) return `From ${count}, the latest ${latest}.`;
  if (count && total !== 0) return `From ${count}.`;
  if (latest) return `The latest conversation was ${latest}.`;
  return null;
}

/** "just now", "5 min ago", "3 h ago", else the date and time: how old a cached briefing is. */
export function ageOf(timestamp: number, now: number = Date.now(), locale?: string): string {
  const minutes = Math.round((now - timestamp) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 12 * 60) return `${Math.round(minutes / 60)} h ago`;
  return new Date(timestamp).toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
