/**
 * Where a keyboard user's focus goes when the person whose card (or marker) it was on leaves the
 * page under it: the site drew them again (a new element, a new marker), or the service no longer
 * has them (their marker goes). To the person's new marker once the scanner marks them again;
 * else to the nearest element around where they were that takes focus (the site's row, button or
 * dialog); never left on the document. Focus the user moved on meanwhile is left alone. In the
 * card's code, not the injected script: it runs only after a card was shown.
 */
import type { CardRequest } from '@/lib/content/card-api';
import type { Mark } from '@/lib/content/scanner';
import { MARKER_TAG } from '@/lib/content/marker';

/** How long the person's new marker is waited for (the page reads a changed surface within 60 ms, or a second while the site lays out). */
export const REFIND_MS = 1500;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

export interface LostPerson {
  scanner: CardRequest['scanner'];
  /** Whose new marker takes focus (the scanner's key); null when they are not coming back. */
  key: string | null;
  /**
   * The surfaces to read again at once (those still on the page): the one the person was in, or
   * every one showing a contact the service no longer has. None when the page took the person's
   * mark down itself (a read, the site switched off, the script standing down): a read of the
   * card's would mark people again on a page Primer has left.
   */
  roots: Element[];
  /** Where focus goes when no new marker does: the nearest element at or around it that takes focus. */
  near: Element | null;
  /** The person's old marker: while it still has focus, the site or the scanner is about to remove it. */
  marker: Element | null;
  /** Gives focus (default: without scrolling); `mark`: the person's new mark, when it goes to their new marker. */
  focus?: (element: HTMLElement, mark?: Mark) => void;
  /** Their markers elsewhere on the page when the card was shown (another thread from them): not where they were. */
  skip?: WeakSet<Element>;
}

/**
 * Where focus on a person's marker goes: the marker, or where it is out of the Tab order (an
 * arrow-key widget's item, Calendar's guest tree) the row around it, as hover.ts gives focus back.
 */
export function focusTarget(marker: Element): Element {
  return ((marker as HTMLElement).tabIndex < 0 && marker.parentElement?.closest('[tabindex]')) || marker;
}

/** The markers the scanner has for `key` now, in the order of the page. */
export function markersOf(scanner: CardRequest['scanner'], key: string): Element[] {
  return [...document.getElementsByTagName(MARKER_TAG)].filter((marker) => {
    const mark = scanner.markFor(marker);
    return mark?.marker === marker && mark.key === key;
  });
}

/**
 * Starts following focus lost with `person`; `ours`: the card's host (hidden now: focus left on it
 * is lost too). Returns a stop (a new card shown). Done once focus has a place, or after REFIND_MS.
 */
export function refocusAfter(person: LostPerson, ours: () => Element | null): () => void {
  // Let go of once done: the card keeps the stop until the next card opens, and the person's old
  // marker, element and surface (the site's whole closed view) must not stay in memory with it.
  let held: { person: LostPerson; roots: Element[] } | null = { person, roots: person.roots.filter((root) => root.isConnected) };
  const lost = () => {
    const active = document.activeElement;
    return active === null || active === document.body || active === ours();
  };
  const place = (lostPerson: LostPerson, element: Element | null | undefined, mark?: Mark) => {
    if (element) (lostPerson.focus ?? ((to) => to.focus({ preventScroll: true })))(element as HTMLElement, mark);
    stop();
  };
  /** `last`: no new marker is coming (the surface was read again, or the wait is over). */
  const settle = (last: boolean) => {
    const lostPerson = held?.person;
    if (!lostPerson) return;
    const active = document.activeElement;
    // Focus given back to the old marker (Esc in a gone contact's card): it goes with the next read.
    if (active !== null && active === lostPerson.marker) return void (last && stop());
    if (!lost()) return stop();
    if (lostPerson.key !== null) {
      const theirs = markersOf(lostPerson.scanner, lostPerson.key).filter((marker) => !lostPerson.skip?.has(marker));
      // Where they were first (their surface, still on the page), waited for until the last look:
      // a marker of theirs elsewhere may be one the site drew again meanwhile (another thread).
      const near = lostPerson.near?.isConnected ? lostPerson.near : null;
      const again = theirs.find((marker) => near?.contains(marker)) ?? (near === null || last ? theirs[0] : undefined);
      if (again) return place(lostPerson, focusTarget(again), lostPerson.scanner.markFor(again));
      if (!last) return;
    }
    place(lostPerson, lostPerson.near?.isConnected ? lostPerson.near.closest(FOCUSABLE) : null);
  };
  const observer = new MutationObserver(() => settle(false));
  const timer = setTimeout(() => settle(true), REFIND_MS);
  const stop = () => {
    held = null;
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  // Read after the current task: whoever hid the card may still give focus back first (hover.ts),
  // and a read drops marks, which closes cards, which must not happen inside the hide.
  queueMicrotask(() => {
    settle(false);
    const still = held;
    // Nothing to read here (read by the caller, or not at all): the marks' changes, or the wait's end, settle it.
    if (!still || still.roots.length === 0) return;
    void still.person.scanner.scan(still.roots).then(() => settle(true), () => settle(true));
  });
  return stop;
}
