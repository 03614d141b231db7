/**
 * A whole meeting at a glance, from each attendee's insights: topics to avoid and whom they
 * concern, topics several attendees share, and every pending action item grouped by person.
 */
import type { ActionItem, Insights } from '../models';
import { sortActionItems, topicsToRaise } from './briefing';

export interface BriefedAttendee {
  /** Stable key (contact id). */
  id: string;
  name: string;
  insights: Insights;
}

export interface TopicPeople {
  topic: string;
  people: string[];
}

/** Topics merged case-insensitively, shown in their first spelling; most people first. */
function gather(attendees: readonly BriefedAttendee[], topicsOf: (insights: Insights) => string[]): TopicPeople[] {
  const byKey = new Map<string, TopicPeople>();
  for (const attendee of attendees) {
    for (const topic of new Set(topicsOf(attendee.insights).map((t) => t.trim()).filter(Boolean))) {
      const key = topic.toLowerCase();
      const entry = byKey.get(key) ?? { topic, people: [] };
      if (!entry.people.includes(attendee.name)) entry.people.push(attendee.name);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => b.people.length - a.people.length);
}

export function topicsToAvoid(attendees: readonly BriefedAttendee[]): TopicPeople[] {
  return gather(attendees, (insights) => insights.sensitiveTopics);
}

/**
 * Topics at least two attendees care about. A topic anyone in the room must not hear about is left
 * out: everyone hears what is raised in a meeting.
 */
export function sharedTopics(attendees: readonly BriefedAttendee[]): TopicPeople[] {
  const avoided = new Set(topicsToAvoid(attendees).map(({ topic }) => topic.toLowerCase()));
  return gather(attendees, (insights) => topicsToRaise(insights)).filter(
    ({ topic, people }) => people.length >= 2 && !avoided.has(topic.toLowerCase()),
  );
}

export function actionItemsByPerson(attendees: readonly BriefedAttendee[]): { id: string; name: string; items: ActionItem[] }[] {
  return attendees
    .filter((attendee) => attendee.insights.pendingActionItems.length > 0)
    .map((attendee) => ({ id: attendee.id, name: attendee.name, items: sortActionItems(attendee.insights.pendingActionItems) }));
}
