/**
 * What a page says it knows, kept to what the background told it. A page's people carry the
 * contact its lookups found (people.find), and the panel briefs them by that contact's id. A page
 * that took over the renderer its content script runs in could name any id instead, and read the
 * briefing of every contact in the account through the panel and its caches. So a contact the
 * background never named to that tab (lib/background/shown-contacts.ts) is dropped: the person is
 * looked up again by address, as someone the page did not know.
 */
import type { PageContext, PagePerson, PanelFocus } from './context';

export function withShownMatches<P extends PagePerson>(people: readonly P[], shown: ReadonlySet<string>): P[] {
  return people.map((person) => (person.match && !shown.has(person.match.contact.id) ? { ...person, match: null } : person));
}

export function pageWithShownMatches(page: PageContext, shown: ReadonlySet<string>): PageContext {
  return { ...page, surfaces: page.surfaces.map((surface) => ({ ...surface, people: withShownMatches(surface.people, shown) })) };
}

/** A page's choice ("Open briefing" on its card); null for a person the page was never given. */
export function focusWithShownMatches(focus: PanelFocus, shown: ReadonlySet<string>): PanelFocus | null {
  if (focus.kind === 'person') return shown.has(focus.match.contact.id) ? focus : null;
  return { ...focus, surface: { ...focus.surface, people: withShownMatches(focus.surface.people, shown) } };
}
