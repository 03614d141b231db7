/**
 * What the side panel briefs, decided from the panel target: the person or meeting the user chose
 * on a card, else the event or conversation the page shows (one person → a person briefing,
 * several → a meeting briefing), else why there is nothing to brief.
 */
import { nonBlank } from '../format/text';
import { nameKey, normaliseEmail } from '../api/contact-index';
import type { ContactMatch } from '../models/contact';
import type { PagePerson, PageSurface } from './context';
import type { SiteId } from '../sites/types';
import type { PanelTarget } from './target';

export interface SubjectPerson {
  email: string | null;
  name: string | null;
  /** Known already (from the card or the page's lookup); null means "look it up". */
  match: ContactMatch | null;
}

export type NothingReason = 'no-tab' | 'unsupported' | 'not-recognised' | 'no-people';

export type Subject =
  /** `surface`: the event or conversation the one person was found in (a one-to-one), when they were. */
  | { kind: 'person'; person: SubjectPerson; chosen: boolean; surface?: PageSurface }
  | { kind: 'meeting'; surface: PageSurface; chosen: boolean }
  | { kind: 'nothing'; reason: NothingReason }
  /** Primer is switched off for the site in view (options): said with the site's name. */
  | { kind: 'nothing'; reason: 'switched-off'; site: SiteId };

export function personFromPage(person: PagePerson): SubjectPerson {
  return { email: person.email, name: person.name, match: person.match };
}

export function personFromMatch(match: ContactMatch): SubjectPerson {
  return { email: match.contact.email, name: match.contact.name, match };
}

/**
 * Each person once: the same person may be listed twice (organizer and guest, To and Cc), and is
 * briefed once. Decided before "one person or a meeting", so two entries for one person are a
 * person briefing, not a one-person meeting; and again by a meeting once its lookups are done
 * (attendees.ts), as a lookup may find that two entries are one contact. Other fields are the
 * first entry's.
 */
export function uniquePeople<T extends PagePerson>(people: readonly T[]): T[] {
  const out: T[] = [];
  const seen = new Map<string, number>();
  // One person may be known by contact, by address, or (with neither) by name.
  const keysOf = (person: PagePerson) => {
    const keys = [personKey(personFromPage(person))];
    if (person.match) keys.push(`contact:${person.match.contact.id}`);
    return keys;
  };
  for (const person of people) {
    const at = keysOf(person)
      .map((key) => seen.get(key))
      .find((index) => index !== undefined);
    if (at === undefined) {
      out.push(person);
      for (const key of keysOf(person)) seen.set(key, out.length - 1);
      continue;
    }
    const kept = out[at]!;
    // Keep what either entry knew: the match, and every role (organizer and guest). One contact
    // reached by address and by name is the one the page gave the address of: matched by address.
    const byAddress = [kept.match, person.match].find((known) => known?.matchedBy === 'email');
    out[at] = { ...kept, match: byAddress ?? kept.match ?? person.match, roles: [...new Set([...kept.roles, ...person.roles])] };
    for (const key of keysOf(out[at])) seen.set(key, at);
  }
  return out;
}

/** A match as disownedByName reads it (the start-up script's loose reading is one too). */
type MatchSeen = { contact: { id: string; email?: string | null }; matchedBy: unknown } | null;

/**
 * Which people, matched by name, the page contradicts: someone shown by name only where the page
 * shows that name with an address too (the organizer line, and an attendee row) says which one they
 * are, or that two are here. A match by name to a contact that address is not (no one's, another's,
 * or not known yet) is a guess: they are shown, and offered, by name only. An address that is the
 * contact's own confirms the match, its row's lookup answered or not. `matches`: each entry's
 * match, the page's or the panel's lookup's.
 */
export function disownedByName(entries: readonly Pick<PagePerson, 'email' | 'name'>[], matches: readonly MatchSeen[]): boolean[] {
  return entries.map((entry, index) => {
    const match = matches[index];
    const name = entry.email ? null : nonBlank(entry.name);
    if (match?.matchedBy !== 'name' || !name) return false;
    // Its domain in either form: a contact kept as "max@müller.de" is shown as "max@xn--mller-kva.de".
    const own = match.contact.email ? normaliseEmail(match.contact.email) : null;
    return entries.some(
      (other, at) =>
        other.email && other.name && nameKey(other.name) === nameKey(name) && normaliseEmail(other.email) !== own && matches[at]?.contact.id !== match.contact.id,
    );
  });
}

function fromSurface(surface: PageSurface, chosen: boolean): Subject {
  const people = uniquePeople(surface.people);
  const [only] = people;
  if (people.length === 1 && only) return { kind: 'person', person: personFromPage(only), chosen, surface };
  return { kind: 'meeting', surface: { ...surface, people }, chosen };
}

/** The event or conversation in view (or chosen with "Brief the whole meeting"), people and all. */
export function surfaceOf(target: PanelTarget): PageSurface | null {
  // Switched off since a meeting was chosen on its card: the choice goes with the site.
  if (target.page?.switchedOff) return null;
  if (target.focus?.kind === 'surface') return target.focus.surface.people.length > 0 ? target.focus.surface : null;
  if (!target.page?.recognised) return null;
  // A list (the inbox, the week view) is not one conversation: its senders are not a meeting.
  return target.page.surfaces.find((candidate) => candidate.kind !== 'list' && candidate.people.length > 0) ?? null;
}

export function subjectOf(target: PanelTarget): Subject {
  // Before the card's choice: a site switched off since is not briefed from (the background also
  // forgets the choice then, lib/background/switched-off.ts, as the panel reads no page meanwhile).
  const page = target.page;
  if (page?.switchedOff) return { kind: 'nothing', reason: 'switched-off', site: page.site };
  if (target.focus?.kind === 'person') return { kind: 'person', person: personFromMatch(target.focus.match), chosen: true };
  if (target.focus?.kind === 'surface' && target.focus.surface.people.length > 0) return fromSurface(target.focus.surface, true);
  if (target.tabId === null) return { kind: 'nothing', reason: 'no-tab' };
  if (!page) return { kind: 'nothing', reason: target.status?.recognised === false ? 'not-recognised' : 'unsupported' };
  if (!page.recognised) return { kind: 'nothing', reason: 'not-recognised' };
  const surface = surfaceOf(target);
  return surface ? fromSurface(surface, false) : { kind: 'nothing', reason: 'no-people' };
}

/** The target with no one on its page matched yet: each is looked up again (the settings changed). */
export function withoutPageMatches(target: PanelTarget): PanelTarget {
  if (!target.page) return target;
  const surfaces = target.page.surfaces.map((surface) => ({ ...surface, people: surface.people.map((person) => ({ ...person, match: null })) }));
  return { ...target, page: { ...target.page, surfaces } };
}

/** The contacts already known (no lookup needed) that this subject's briefing shows, each once. */
export function knownContactIds(subject: Subject): string[] {
  const matches = subject.kind === 'person' ? [subject.person.match] : subject.kind === 'meeting' ? subject.surface.people.map((person) => person.match) : [];
  return [...new Set(matches.flatMap((match) => (match ? [match.contact.id] : [])))];
}

/**
 * A stable key for a person, for React lists, the panel's views and paint marks: by address when
 * there is one, else by the name the page shows (Outlook's people often have no address), which
 * the page's lookup does not change either: a contact found later would change a key by contact,
 * and with it the view on screen. By contact only when there is neither.
 */
export function personKey(person: SubjectPerson): string {
  if (person.email) return `email:${person.email.toLowerCase()}`;
  // As pages and the background match names: "Chen, Maya" and "Maya Chen" are one person.
  const name = nonBlank(person.name);
  if (name) return `name:${nameKey(name)}`;
  return person.match ? `contact:${person.match.contact.id}` : 'name:';
}

/** The name to show: the contact's, the page's, else an address; an empty name is no name. */
export function displayName(person: SubjectPerson): string {
  return (
    nonBlank(person.match?.contact.name) ??
    nonBlank(person.name) ??
    nonBlank(person.match?.contact.email) ??
    nonBlank(person.email) ??
    'Unknown person'
  );
}
