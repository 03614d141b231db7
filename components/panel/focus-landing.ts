/**
 * Where keyboard focus goes when the control holding it goes away under the user: Try again and
 * Refresh go once their load is under way or done; a refresh may take away a "Show all" button,
 * an item, or a whole section. Left alone, focus fell to the document and the next Tab started
 * over at the search field at the top.
 */

/** Headings that take focus when what the user was on goes away: a view's, a section's, an attendee's. */
const LANDINGS = 'h1[tabindex="-1"], h2[tabindex="-1"], h3[tabindex="-1"]';
/** A view's own heading. */
const VIEW_HEADING = 'h1[tabindex="-1"]';

/**
 * The heading just before `control` in the nearest part of the view that has one (a section, a
 * card, the view). Not another section's: a section gone lands on the view's heading, not on the
 * one of the section above it.
 */
export function landingFor(control: Element): HTMLElement | null {
  for (let part = control.parentElement; part; part = part.parentElement) {
    const before = [...part.querySelectorAll<HTMLElement>(LANDINGS)].filter(
      (heading) => (heading.closest('section')?.contains(control) ?? true) && (heading.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    );
    const heading = before.at(-1);
    if (heading) return heading;
  }
  return null;
}

/** Nothing holds focus: it fell to the document when what held it was removed. */
export function focusLost(doc: Document = document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/** On screen: in the page, and not in a hidden view. */
function shown(heading: HTMLElement | null | undefined): heading is HTMLElement {
  return !!heading?.isConnected && !heading.closest('[hidden]');
}

/**
 * A ref for a control that may go away once used, or with a refresh: if it has focus as it goes,
 * focus lands on the heading before it; if that went too (its section), on the heading of the
 * view it was in. Only once the change is drawn, and only if nothing else took focus meanwhile (a
 * view that moves focus itself, as "More recordings" does, wins).
 */
export function landFocusWhenGone(control: HTMLElement | null): (() => void) | undefined {
  if (!control) return undefined;
  return () => {
    // Still in the document here: React lets go of a ref before it removes the element.
    if (control.ownerDocument.activeElement !== control) return;
    const landing = landingFor(control);
    // What is around it, from near to far: the nearest still in the page holds the view's heading.
    const parts: Element[] = [];
    for (let part = control.parentElement; part; part = part.parentElement) parts.push(part);
    queueMicrotask(() => {
      if (!focusLost(control.ownerDocument)) return;
      if (shown(landing)) return landing.focus();
      const heading = parts.find((part) => part.isConnected)?.closest('article')?.querySelector<HTMLElement>(VIEW_HEADING);
      if (shown(heading)) heading.focus();
    });
  };
}
