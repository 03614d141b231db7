/**
 * The small marker beside a known contact: a focusable, labelled element whose look comes from
 * marker.css, which the browser injects with the content script, so a page with hundreds of
 * contacts pays no per-marker style cost. Built with DOM APIs only (sites enforce Trusted Types);
 * names go in as attribute text, never as markup.
 */
import type { ContactMatch } from '../models';
import { own } from './owned-nodes';

export const MARKER_ATTRIBUTE = 'data-primer-marker';
/** A tag of our own, so the injected rules can never match a site's element. */
export const MARKER_TAG = 'primer-mark';

export function markerLabel(match: ContactMatch): string {
  const who = match.contact.name ?? match.contact.email ?? 'this contact';
  return match.matchedBy === 'name' ? `Primer briefing: ${who} (matched by name)` : `Primer briefing: ${who}`;
}

/** The attributes every marker shares, set once: a marker is a copy of this plus its label. */
let template: HTMLElement | null = null;

export function createMarker(match: ContactMatch): HTMLElement {
  if (!template) {
    template = document.createElement(MARKER_TAG);
    template.setAttribute(MARKER_ATTRIBUTE, '');
    template.setAttribute('role', 'button');
    template.setAttribute('tabindex', '0');
  }
  // Copying one element is cheaper than building each (a page can get hundreds at once).
  const marker = own(template.cloneNode() as HTMLElement);
  const label = markerLabel(match);
  marker.setAttribute(MARKER_ATTRIBUTE, match.matchedBy);
  // No `title`: the hover card says the same, and a native tooltip would sit on top of it.
  marker.setAttribute('aria-label', label);
  return marker;
}
