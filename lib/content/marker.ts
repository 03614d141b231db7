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

export function createMarker(match: ContactMatch): HTMLElement {
  const marker = own(document.createElement(MARKER_TAG));
  const label = markerLabel(match);
  marker.setAttribute(MARKER_ATTRIBUTE, match.matchedBy);
  marker.setAttribute('role', 'button');
  marker.setAttribute('tabindex', '0');
  marker.setAttribute('aria-label', label);
  marker.setAttribute('title', label);
  return marker;
}
