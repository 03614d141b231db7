/**
 * A whole meeting at a glance, from each attendee's insights: topics to avoid and whom they
 * concern, topics several attendees share, and every pending action item grouped by person.
 */
import type { ActionItem, ContactMatch, Insights } from '../models';
import { sortActionItems, topicsToRaise } from './briefing';
import { withoutInvisibles } from './invisible';
import { topicKey, uniqueTopics } from './text';

type MatchKind = ContactMatch['matchedBy'];

export interface BriefedAttendee {
  /** Stable key (contact id). */
  id: string;
  name: string;
  /** The contact's address, to tell apart two attendees with the same name. */
  email?: string | null;
  /** How the contact was found; absent: by address. */
  matchedBy?: MatchKind;
  /**
   * What tells them apart from a namesake among all the meeting's attendees (namesakeDetails), the
   * ones without a briefing included; absent: worked out among the briefed ones.
   */
  detail?: string | null;
  insights: Insights;
}

/** A person named in the meeting's lists, with how they were found (a name match must say so). */
export interface MeetingPerson {
  /** The attendee's contact id. */
  id: string;
  name: string;
  /** What tells this person apart from another attendee with the same name (address or number); null when the name is enough. */
  detail: string | null;
  matchedBy: MatchKind;
}

export interface TopicPeople {
  topic: string;
  people: MeetingPerson[];
}

/** Whom the meeting names, with what it says after the name. */
export type LabelledPerson = Pick<MeetingPerson, 'name' | 'detail'> & { matchedBy: MatchKind | null };

/**
 * The name as said in one string (an aria-label, an announcement): a contact found only by a name
 * match is labelled so wherever it is named. Shown, it is PersonLabel (the name isolated alone).
 */
export function personLabel({ name, detail, matchedBy }: LabelledPerson): string {
  const notes = [detail, matchedBy === 'name' ? 'matched by name' : null].filter((note) => note !== null);
  return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
}

/** Each contact once: the same contact may be reached by two attendee entries (e.g. by address and by name). */
export function eachContactOnce<T extends { id: string }>(attendees: readonly T[]): T[] {
  // One pass: a 300-guest meeting is read on every render of its briefing.
  const seen = new Set<string>();
  return attendees.filter((attendee) => !seen.has(attendee.id) && seen.add(attendee.id));
}

/**
 * What tells apart people who share a name, by id: their address when no namesake has the same
 * one, else their place among the namesakes (1, 2…); null when the name is enough.
 */
export function namesakeDetails(people: readonly { id: string; name: string; email?: string | null }[]): Map<string, string | null> {
  const sameName = new Map<string, { id: string; email?: string | null }[]>();
  // Names that look the same on screen are namesakes: "Ann  Lee" shows as "Ann Lee", and
  // "Maya Chen\u200F" (a direction mark an import added) as "Maya Chen".
  const keyOf = (name: string) => withoutInvisibles(name).normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
  for (const person of people) {
    const key = keyOf(person.name);
    sameName.set(key, [...(sameName.get(key) ?? []), person]);
  }
  return new Map(
    people.map((person) => {
      const namesakes = sameName.get(keyOf(person.name))!;
      if (namesakes.length < 2) return [person.id, null];
      const email = person.email?.trim() || null;
      const emailTellsApart = email !== null && namesakes.filter((other) => other.email?.trim().toLowerCase() === email.toLowerCase()).length === 1;
      return [person.id, emailTellsApart ? email : `${namesakes.indexOf(person) + 1}`];
    }),
  );
}

/**
 * Each attendee once, as the meeting names them: attendees sharing a name are told apart by
 * address, else by number.
 */
function peopleOf(attendees: readonly BriefedAttendee[]): { attendee: BriefedAttendee; person: MeetingPerson }[] {
  const once = eachContactOnce(attendees);
  const details = namesakeDetails(once);
  return once.map((attendee) => ({
    attendee,
    person: { id: attendee.id, name: attendee.name, detail: attendee.detail !== undefined ? attendee.detail : (details.get(attendee.id) ?? null), matchedBy: attendee.matchedBy ?? 'email' },
  }));
}

/**
 * Topics merged as topicKey tells them apart (case and spaces ignored), each attendee's once,
 * shown in their first spelling; most people first.
 */
function gather(attendees: readonly BriefedAttendee[], topicsOf: (insights: Insights) => string[]): TopicPeople[] {
  const byKey = new Map<string, TopicPeople>();
  for (const { attendee, person } of peopleOf(attendees)) {
    for (const topic of uniqueTopics(topicsOf(attendee.insights))) {
      const key = topicKey(topic);
      const entry = byKey.get(key) ?? { topic, people: [] };
      entry.people.push(person);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => b.people.length - a.people.length);
}

export function topicsToAvoid(attendees: readonly BriefedAttendee[]): TopicPeople[] {
  return gather(attendees, (insights) => insights.sensitiveTopics);
}

/**
 * What no one in the meeting is to raise, as topic keys: anything any attendee must not hear
 * about, since everyone hears what is raised in a meeting. Left out of the shared topics and of
 * each attendee's own topics to raise.
 */
export function avoidedInMeeting(attendees: readonly BriefedAttendee[]): Set<string> {
  return new Set(attendees.flatMap((attendee) => attendee.insights.sensitiveTopics.map(topicKey)));
}

/** Topics at least two attendees care about, none of them one the meeting avoids. */
export function sharedTopics(attendees: readonly BriefedAttendee[]): TopicPeople[] {
  const avoided = avoidedInMeeting(attendees);
  return gather(attendees, (insights) => topicsToRaise(insights, Infinity, avoided)).filter(({ people }) => people.length >= 2);
}

/**
 * An item pending for several attendees as one, with whom else it concerns (the service lists a
 * meeting's item under each contact who was in it).
 */
export type MeetingActionItem = ActionItem & { alsoFor?: MeetingPerson[] };

/**
 * What makes two attendees' items one: the same text (case and spaces aside), owner, due date and
 * recording. Null for an item saying neither where it was raised nor whose it is: "Send pricing"
 * pending with two people may be two things to do, and is not guessed to be one.
 */
/** Text as items are compared: case, spaces, invisibles and the form of letters aside. */
const plain = (text: string | null | undefined) => text?.normalize('NFKC').replace(/\p{Cf}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase() || null;

function sharedItemKey(item: ActionItem): string | null {
  const recordingId = item.source?.recordingId?.trim() || null;
  const owner = plain(item.owner);
  if (recordingId === null && owner === null) return null;
  return JSON.stringify([plain(item.text), owner, item.dueDate?.trim() || null, recordingId]);
}

/** Whether the item's owner is this attendee, by name or address as the service writes owners. */
function owns(attendee: BriefedAttendee, item: ActionItem): boolean {
  const owner = plain(item.owner);
  return owner !== null && (owner === plain(attendee.name) || owner === plain(attendee.email));
}

/**
 * Each attendee's pending items, people with none left out. An item pending for several is listed
 * once, under its owner among them (else the first of them), saying whom else it concerns; the
 * others keep their own.
 */
export function actionItemsByPerson(attendees: readonly BriefedAttendee[]): (MeetingPerson & { items: MeetingActionItem[] })[] {
  const people = peopleOf(attendees).map(({ attendee, person }) => ({
    attendee,
    person,
    pending: attendee.insights.pendingActionItems.map((item) => ({ item, key: sharedItemKey(item) })),
  }));
  // Whose list holds each shared item: the first to own it, else the first to have it. Under
  // another's, the owner's group would lack their own to-do (their card counts it).
  const holders = new Map<string, { personId: string; owner: boolean }>();
  for (const { attendee, person, pending } of people) {
    for (const { item, key } of pending) {
      if (key === null) continue;
      const held = holders.get(key);
      if (!held || (!held.owner && owns(attendee, item))) holders.set(key, { personId: person.id, owner: owns(attendee, item) });
    }
  }
  const listed = new Map<string, MeetingActionItem>();
  const groups = people.map(({ person, pending }) => {
    const items: MeetingActionItem[] = [];
    for (const { item, key } of pending) {
      if (key !== null && holders.get(key)?.personId !== person.id) continue;
      // Not one person's item twice: the service listed it so, and it is shown so.
      const own: MeetingActionItem = { ...item };
      if (key !== null && !listed.has(key)) listed.set(key, own);
      items.push(own);
    }
    return { ...person, items };
  });
  // Whom else each is pending for, in page order.
  for (const { person, pending } of people) {
    for (const { key } of pending) {
      if (key === null || holders.get(key)?.personId === person.id) continue;
      const own = listed.get(key);
      if (!own) continue;
      const alsoFor = (own.alsoFor ??= []);
      if (!alsoFor.some((other) => other.id === person.id)) alsoFor.push(person);
    }
  }
  return groups.filter(({ items }) => items.length > 0).map((person) => ({ ...person, items: sortActionItems(person.items) }));
}
