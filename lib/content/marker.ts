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

/**
 * Markers as they start, one per kind of match and Tab-order choice: a marker is a copy of one of
 * these plus its label (a page can get hundreds at once, and each attribute set is a call into
 * the page's DOM).
 */
const templates: (HTMLElement | undefined)[] = [];

/**
 * `tabStop`: false inside a site's arrow-key widget (Calendar's guest tree, Gmail's list rows),
 * where Tab would otherwise pass through every known person (scanner.ts).
 */
export function createMarker(shown: Pick<FoundPerson, 'name' | 'email'>, matchedBy: ContactMatch['matchedBy'], tabStop = true): HTMLElement {
  const kind = (matchedBy === 'name' ? 2 : 0) + (tabStop ? 1 : 0);
  let template = templates[kind];
  if (!template) {
    template = document.createElement(MARKER_TAG);
    template.setAttribute(MARKER_ATTRIBUTE, matchedBy);
    template.setAttribute('role', 'button');
    // It opens the briefing's card, a dialog (hover.ts): said with the button.
    template.setAttribute('aria-haspopup', 'dialog');
    template.setAttribute('tabindex', tabStop ? '0' : '-1');
    templates[kind] = template;
  }
  const marker = own(template.cloneNode() as HTMLElement);
  // No `title`: the hover card says the same, and a native tooltip would sit on top of it.
  marker.setAttribute('aria-label', markerLabel(shown, matchedBy));
  return marker;
}
