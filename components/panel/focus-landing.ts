/**
 * Where keyboard focus goes when the control holding it goes away under the user: Try again and
 * Refresh go once their load is under way or done. Left alone, focus fell to the document and the
 * next Tab started over at the search field at the top.
 */

/** Headings that take focus when what the user was on goes away: a view's, a section's, an attendee's. */
const LANDINGS = 'h1[tabindex="-1"], h2[tabindex="-1"], h3[tabindex="-1"]';

/** The heading just before `control` in the nearest part of the view that has one (a section, a card, the view). */
export function landingFor(control: Element): HTMLElement | null {
  for (let part = control.parentElement; part; part = part.parentElement) {
    const before = [...part.querySelectorAll<HTMLElement>(LANDINGS)].filter(
      (heading) => (heading.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
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

/**
 * A ref for a control that may go away once used: if it has focus as it goes, focus lands on the
 * heading before it. Only once the change is drawn, and only if nothing else took focus meanwhile
 * (a view that moves focus itself, as "More recordings" does, wins).
 */
export function landFocusWhenGone(control: HTMLElement | null): (() => void) | undefined {
  if (!control) return undefined;
  return () => {
    // Still in the document here: React lets go of a ref before it removes the element.
    if (control.ownerDocument.activeElement !== control) return;
    const landing = landingFor(control);
    queueMicrotask(() => {
      if (landing?.isConnected && !landing.closest('[hidden]') && focusLost(control.ownerDocument)) landing.focus();
    });
  };
}
