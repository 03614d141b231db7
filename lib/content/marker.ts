/**
 * The small marker beside a known contact: a focusable, labelled element whose look comes from
 * marker.css, which the browser injects with the content script, so a page with hundreds of
 * contacts pays no per-marker style cost. Built with DOM APIs only (sites enforce Trusted Types);
 * names go in as attribute text, never as markup.
 */
import type { ContactMatch } from '../models';
import { withMatchNote } from '../models/contact';
import type { FoundPerson } from '../sites/types';
import { own } from './owned-nodes';

export const MARKER_ATTRIBUTE = 'data-primer-marker';
/** A tag of our own, so the injected rules can never match a site's element. */
export const MARKER_TAG = 'primer-mark';

/**
 * Whose briefing, in the words the page itself shows (its name or address for the person): the
 * page's scripts can read the label, and must learn nothing from it that the service holds (the
 * name it has for an address the page made up). Only the match's kind is given for that reason.
 */
export function markerLabel(shown: Pick<FoundPerson, 'name' | 'email'>, matchedBy: ContactMatch['matchedBy']): string {
  const who = shown.name ?? shown.email ?? 'this contact';
  return `Primer briefing: ${withMatchNote(who, matchedBy)}`;
}

/** The attributes every marker shares, set once: a marker is a copy of this plus its label. */
let template: HTMLElement | null = null;

export function createMarker(shown: Pick<FoundPerson, 'name' | 'email'>, matchedBy: ContactMatch['matchedBy']): HTMLElement {
  if (!template) {
    template = document.createElement(MARKER_TAG);
    template.setAttribute(MARKER_ATTRIBUTE, '');
    template.setAttribute('role', 'button');
    template.setAttribute('tabindex', '0');
  }
  // Copying one element is cheaper than building each (a page can get hundreds at once).
  const marker = own(template.cloneNode() as HTMLElement);
  marker.setAttribute(MARKER_ATTRIBUTE, matchedBy);
  // No `title`: the hover card says the same, and a native tooltip would sit on top of it.
  marker.setAttribute('aria-label', markerLabel(shown, matchedBy));
  return marker;
}
