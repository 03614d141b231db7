/**
 * Where a briefing comes from, in words: "From 5 conversations, the latest 3 days ago", so the
 * user can weigh it. Built only from what the server gave; nothing is said about what it did not.
 */
import type { Insights } from '../models';
import { clockFormat, dateSortKey, uiLocale, isCalendarDay, readDate, lastConversation, relativeDay, relativeDayOf } from './dates';
import { eachContactOnce, type BriefedAttendee } from './meeting';
import { surfacePeople } from './surface';

/** "3 days ago", or "on 29 Nov 2026" for a date after today (lastConversation). */
function latestOf(value: string | null, now: Date): string | null {
  const last = lastConversation(value, now);
  return last ? (last.ago ?? `on ${last.date}`) : null;
}

/**
 * "5 conversations", "1 conversation"; null when unknown (the insights' reader leaves only whole
 * counts, 0 or more), and for none: a briefing from no conversation says it has no insights yet,
 * not "0 conversations".
 */
export function conversationsText(total: number | null): string | null {
  if (total === null || total === 0) return null;
  // Grouped as the reader writes numbers ("2,469 conversations"); most counts are small: no formatter for them.
  return total === 1 ? '1 conversation' : `${total < 1000 ? total : total.toLocaleString(uiLocale())} conversations`;
}

/** After the count, when the latest was: "the latest 3 days ago", or of one conversation only when ("3 days ago"). */
const latestAfter = (total: number, latest: string) => (total === 1 ? latest : `the latest ${latest}`);

export function provenance(insights: Insights, now: Date = new Date()): string | null {
  const count = conversationsText(insights.totalConversations);
  const latest = latestOf(insights.lastConversationDate, now);
  if (count && latest) return `From ${count}, ${latestAfter(insights.totalConversations ?? 0, latest)}.`;
  if (count) return `From ${count}.`;
  if (latest) return `The latest conversation was ${latest}.`;
  return null;
}

/** How many conversations a briefing rests on, without the date (shown beside it elsewhere). */
export function conversationCount(insights: Insights): string | null {
  const count = conversationsText(insights.totalConversations);
  return count ? `From ${count}.` : null;
}

/**
 * Where a whole meeting's briefing comes from: "From up to 12 conversations with 3 attendees, the
 * latest 2 days ago". Counts only what the server gave, each contact once; attendees without a
 * count are not guessed at. Each contact's count includes the meetings they shared with the others
 * (three people in the same four meetings count 4 each): the sum is only an upper bound.
 * `called`: what the surface's people are called (surfacePeople): a thread's are "people".
 */
export function meetingProvenance(briefed: readonly BriefedAttendee[], now: Date = new Date(), called = surfacePeople('event')): string | null {
  const attendees = eachContactOnce(briefed).map((attendee) => attendee.insights);
  // Attendees with a count to say: not those with none.
  const counted = attendees.filter((insights) => conversationsText(insights.totalConversations) !== null);
  const total = counted.reduce((sum, insights) => sum + (insights.totalConversations ?? 0), 0);
  // Read as each briefing reads its own (an ambiguous "11/12/2026" is no date): the latest one
  // found can then always be said.
  const dates = attendees.flatMap((insights) => {
    const time = dateSortKey(insights.lastConversationDate);
    return Number.isNaN(time) ? [] : [{ time, text: insights.lastConversationDate }];
  });
  const latestDate = dates.sort((a, b) => b.time - a.time)[0]?.text ?? null;
  const latest = latestOf(latestDate, now);
  const people = counted.length === 1 ? `1 ${called.one}` : `${counted.length} ${called.many}`;
  const conversations = conversationsText(total);
  const count = conversations ? `${counted.length > 1 ? 'up to ' : ''}${conversations} with ${people}` : null;
  if (count && latest) return `From ${count}, ${latestAfter(total, latest)}.`;
  if (count) return `From ${count}.`;
  if (latest) return `The latest conversation with them was ${latest}.`;
  return null;
}

/**
 * "23 Nov, 10:42": a moment as the panel shows it, with its year when that is not the year of
 * `now` (a copy from last December, a wait that ends next January).
 */
export function dateAndTime(ms: number, locale: string = uiLocale(), now: number = Date.now()): string {
  const year = new Date(ms).getFullYear() === new Date(now).getFullYear() ? {} : { year: 'numeric' as const };
  return new Date(ms).toLocaleString(locale, { day: 'numeric', month: 'short', ...year, ...clockFormat(locale) });
}

/**
 * "just now", "5 min ago", "3 h ago", then by calendar day ("yesterday", "3 days ago"): how old a
 * cached briefing is. Said beside the time it was had, so it never repeats that time.
 */
export function ageOf(timestamp: number, now: number = Date.now(), locale?: string): string {
  const minutes = Math.round((now - timestamp) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  // Hours while it is still the same day: "today" would say less.
  if (minutes < 12 * 60 || new Date(timestamp).toDateString() === new Date(now).toDateString()) return `${Math.round(minutes / 60)} h ago`;
  return relativeDayOf(timestamp, new Date(now), locale);
}

/** A day, in ms. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago the server updated the insights: "5 min ago", "3 days ago". A bare date
 * ("2026-11-19") is a calendar day, counted in days as the last conversation's date is: read as a
 * moment (UTC midnight) it came out a day early for readers west of UTC.
 */
export function updatedAgo(value: string | null, now: Date = new Date()): string | null {
  const text = value?.trim();
  if (!text) return null;
  // Read as the rest of the briefing reads dates: "Nov 19" (no year) or "12/11/2026" (day and
  // month in doubt) is no time at all, not the engine's guess (2001; 11 December).
  const read = isCalendarDay(text) ? null : readDate(text);
  if (isCalendarDay(text) || read?.calendar) return relativeDay(text, now);
  // Further ahead than a clock's drift or a zone written wrong explains: nothing said, as for a
  // calendar day ahead (relativeDay), rather than "just now" days early.
  if (!read || read.ms - now.getTime() > DAY_MS) return null;
  return ageOf(read.ms, now.getTime());
}
