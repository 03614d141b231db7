/**
 * A whole meeting at a glance, from each attendee's insights: topics to avoid and whom they
 * concern, topics several attendees share, and every pending action item grouped by person.
 */
import type { ActionItem, ContactMatch, Insights } from '../models';
import { sortActionItems, topicsToRaise } from './briefing';

type MatchKind = ContactMatch['matchedBy'];

export interface BriefedAttendee {
  /** Stable key (contact id). */
  id: string;
  name: string;
  /** How the contact was found; absent: by address. */
  matchedBy?: MatchKind;
  insights: Insights;
}

/** A person named in the meeting's lists, with how they were found (a name match must say so). */
export interface MeetingPerson {
  name: string;
  matchedBy: MatchKind;
}

export interface TopicPeople {
  topic: string;
  people: MeetingPerson[];
}

/** The name as shown: a contact found only by a name match is labelled so wherever it is named. */
export function personLabel({ name, matchedBy }: MeetingPerson): string {
  return matchedBy === 'name' ? `${name} (matched by name)` : name;
}

/** Topics merged case-insensitively, shown in their first spelling; most people first. */
function gather(attendees: readonly BriefedAttendee[], topicsOf: (insights: Insights) => string[]): TopicPeople[] {
  const byKey = new Map<string, TopicPeople>();
  for (const attendee of attendees) {
    for (const topic of new Set(topicsOf(attendee.insights).map((t) => t.trim()).filter(Boolean))) {
      const key = topic.toLowerCase();
      const entry = byKey.get(key) ?? { topic, people: [] };
      if (!entry.people.some((person) => person.name === attendee.name)) entry.people.push({ name: attendee.name, matchedBy: attendee.matchedBy ?? 'email' });
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

export function actionItemsByPerson(attendees: readonly BriefedAttendee[]): (MeetingPerson & { id: string; items: ActionItem[] })[] {
  return attendees
    .filter((attendee) => attendee.insights.pendingActionItems.length > 0)
    .map((attendee) => ({
      id: attendee.id,
      name: attendee.name,
      matchedBy: attendee.matchedBy ?? 'email',
      items: sortActionItems(attendee.insights.pendingActionItems),
    }));
}
