/**
 * When to show the hover card: pointer resting on a marked person (or the marker) for a moment, a
 * click on the marker, or keyboard focus on the marker (or a focusable marked element). Esc closes
 * it and returns focus; the pointer or focus still on that person does not bring it back. Where
 * markers are out of the Tab order (rows and chips the site moves through with arrow keys),
 * Alt+Down on the focused row opens the card with focus in it, and the row's accessible
 * description says so. Pointer and focus listeners are delegated on the document and passive: the
 * site's own handlers and its own hover cards see those events as before. Only presses and clicks
 * on a marker and Esc, Enter, Space and Alt+Down meant for Primer (on a marker or a marked row, or
 * Esc on what opened the card) are taken in the capture phase and kept from the site. The card's
 * code is fetched on the first open only. Only the user's own events count: one a page script
 * made up opens, closes and acts on nothing.
 */
import type { ContentScriptContext } from '#imports';
import { viewOf } from '../panel/view';
import type { CardRequest, HoverCardApi } from './card-api';
import { fromUser } from './from-user';
import { MARKER_TAG } from './marker';
import { own } from './owned-nodes';
import type { Mark, PageScanner } from './scanner';

export const SHOW_DELAY_MS = 350;
/** The id of the text a marked row is described by (aria-describedby). */
export const KEY_HINT_ID = 'primer-card-key-hint';
export const HIDE_DELAY_MS = 250;
/**
 * What a press on a marker sends the page: kept from the site (sites act on any of them: Gmail
 * selects or opens the row, or shows its own menu for it on a right click, which on a marker
 * gets the browser's own menu instead). Touches are listened to passively: nothing here prevents
 * their default, and a blocking touch listener on the window would delay the page's scrolling.
 */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu', 'touchstart', 'touchend'] as const;

/**
 * `onOpenBriefing`: told when a card's "Open briefing" asks for the side panel (the runtime then
 * reports the views the page shows, so a choice left behind is forgotten: page-status.ts).
 */
export function installHoverCards(
  ctx: ContentScriptContext,
  scanner: PageScanner,
  loadCard: () => Promise<HoverCardApi>,
  onOpenBriefing: () => void = () => undefined,
): () => void {
  let showTimer: ReturnType<typeof setTimeout> | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let open: { mark: Mark; card: HoverCardApi } | null = null;
  /**
   * The card being opened while its code loads. One object per request, not the mark: Enter on
   * the marker while its focus still loads the card is a later request on the same mark, and wins.
   */
  let pending: { mark: Mark; pointer?: boolean } | null = null;
  /** What had focus when the card opened from the keyboard: Esc there is meant for the card. */
  let returnFocusTo: HTMLElement | null = null;
  /**
   * The mark whose card Esc closed: the pointer resting on it (moving within the name) and focus
   * on it do not open it again until the pointer leaves it or focus moves to something else.
   */
  let dismissed: Mark | null = null;
  /** Focus we move back to a marker ourselves must not reopen the card it just closed. */
  let refocusing: Element | null = null;
  const focusBackTo = (element: HTMLElement | null) => {
    // Not kept: a marker held here would keep its view in memory after the site removes it.
    returnFocusTo = null;
    if (!element) return;
    refocusing = element;
    // Never scrolls: after a scroll closed the card, the page stays where the user took it.
    element.focus({ preventScroll: true });
    refocusing = null;
  };

  const cancel = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer !== null) clearTimeout(timer);
    return null;
  };

  /**
   * Reading isInvalid is what makes WXT notice the extension updated or reloaded under the page
   * (runtime.id gone) and run the teardown; nothing else would in Chrome.
   */
  const extensionGone = () => !ctx.signal.aborted && ctx.isInvalid;

  /**
   * Where focus goes back to from the card of `mark`: where it was when the card opened from the
   * keyboard; else, when it leaves the card (`fromCard`), the marker, or the row around it where the
   * marker is out of the Tab order (an arrow-key widget's item): not past the card, nor the document.
   */
  const focusReturnFor = (mark: Mark, fromCard: boolean): HTMLElement | null => {
    const { marker } = mark;
    // Not where it came from once the site drew that again (a marker replaced): the mark's new one.
    return returnFocusTo?.isConnected ? returnFocusTo : fromCard && marker ? (marker.tabIndex < 0 && marker.parentElement?.closest<HTMLElement>('[tabindex]')) || marker : null;
  };

  const close = () => {
    const wasOpen = open !== null;
    // Focus in the card (a keyboard user reading it) when something else closes it (the person
    // re-rendered, the settings changed): back to where it came from, not to the document.
    const back = open && focusInCard() ? focusReturnFor(open.mark, true) : null;
    showTimer = cancel(showTimer);
    hideTimer = cancel(hideTimer);
    pending = null;
    open?.card.hide();
    open = null;
    returnFocusTo = null;
    if (back?.isConnected) focusBackTo(back);
    // The card may have been the one to find the extension gone (it says so): its marks go once it closes.
    if (wasOpen) extensionGone();
  };

  /**
   * `from`: the element that had focus when it opened from the keyboard (focus goes back there).
   * `focusCard`: Enter/Space on the marker moves focus into the card; focus alone only shows it.
   */
  const show = async (mark: Mark, input: { from: HTMLElement | null; focusCard: boolean; pointer?: boolean }) => {
    hideTimer = cancel(hideTimer);
    // Focus come to the person of a card the pointer opened (a click on the marker): it stays as
    // one focus opened does when the pointer leaves.
    if (open?.mark === mark) returnFocusTo ??= input.from;
    if (open?.mark === mark || pending?.mark === mark) return;
    const asked = { mark, pointer: input.pointer };
    pending = asked;
    let card: HoverCardApi;
    try {
      card = await loadCard();
    } catch {
      // A later hover may try again (the loader does); the extension gone from under the page
      // (its card script unreachable) takes the marks down with it.
      if (pending === asked) pending = null;
      extensionGone();
      return;
    }
    // Closed or asked for again meanwhile (Esc, focus moved on, Enter), or the mark went while the
    // card's code loaded.
    if (pending !== asked) return;
    pending = null;
    if (!mark.element.isConnected || scanner.markFor(mark.element) !== mark) return;
    open?.card.hide();
    open = { mark, card };
    dismissed = null;
    returnFocusTo = input.from;
    const request: CardRequest = {
      ctx,
      anchor: mark.element,
      marker: mark.marker,
      match: mark.match,
      meeting: meetingOf(scanner, mark),
      from: viewOf(mark.surface),
      onOpenBriefing,
      scanner,
      viaKeyboard: input.focusCard,
      onClose: (returnFocus = true, how) => {
        open = null;
        if (how === 'escape') dismissed = mark;
        // Closed with focus in a card the pointer opened (Tab, Esc, its × or Open briefing): to the
        // marker or its row, not to the document.
        const back = focusReturnFor(mark, returnFocus);
        // A scroll while the user works elsewhere on the page must not pull focus back.
        focusBackTo(returnFocus ? back : null);
        extensionGone();
      },
    };
    card.show(request);
  };

  /** Enter or Space on a marker, like a button's: the card opens with focus inside it. */
  const openInto = (mark: Mark) => {
    close();
    void show(mark, { from: mark.marker, focusCard: true });
  };

  const insideCard = (node: EventTarget | null) => node instanceof Node && open !== null && open.card.contains(node);
  /** Focus is in the open card (its host, from the page's side: the shadow root is closed). */
  const focusInCard = () => insideCard(document.activeElement);

  ctx.addEventListener(
    document,
    'pointerover',
    (event) => {
      if (!fromUser(event)) return;
      if (insideCard(event.target)) {
        // Also a card started by crossing someone else on the way in: the pointer came for this one.
        hideTimer = cancel(hideTimer);
        showTimer = cancel(showTimer);
        return;
      }
      const mark = scanner.findMark(event.target as Node);
      // The pointer is on something else than the person whose card Esc closed (it was on the
      // card, say, which went): that person's card may open again.
      if (mark !== dismissed) dismissed = null;
      if (!mark || mark === dismissed) return;
      // A card the user is in (focus inside it) stays: the pointer passing over someone else, or
      // resting there, neither closes it nor opens theirs.
      if (open && open.mark !== mark && focusInCard()) return;
      hideTimer = cancel(hideTimer);
      showTimer = cancel(showTimer);
      showTimer = setTimeout(() => {
        showTimer = null;
        void show(mark, { from: null, focusCard: false, pointer: true });
      }, SHOW_DELAY_MS);
    },
    { passive: true },
  );

  ctx.addEventListener(
    document,
    'pointerout',
    (event) => {
      if (!fromUser(event)) return;
      const from = scanner.findMark(event.target as Node) ?? (insideCard(event.target) ? open?.mark : undefined);
      if (!from) return;
      const to = event.relatedTarget as Node | null;
      if (to && (scanner.findMark(to) === from || insideCard(to))) return;
      if (from === dismissed) dismissed = null;
      showTimer = cancel(showTimer);
      // A card the pointer asked for, still loading (the first card's code): not opened once it has left.
      if (pending?.mark === from && pending.pointer) pending = null;
      // The pointer leaving is no reason to close a card focus is in, or one focus on its person
      // opened (it closes by Esc, Tab out of it, or focus going elsewhere), nor a finger or pen
      // lifted, or scrolling inside it (it closed under the finger): those close on a press elsewhere.
      // Nor a button held as the card is left: a text selection in it dragged past its edge (one
      // that starts on the person leaves them as a mouse does). Lifted, a finger or pen leaves for no
      // element, and a finger is over one only while down; a hovering pen moving on to one leaves as
      // a mouse does.
      if (open && !focusInCard() && document.activeElement !== returnFocusTo && (to ? event.pointerType !== 'touch' : event.pointerType === 'mouse') && !(event.buttons && insideCard(event.target))) {
        hideTimer = cancel(hideTimer);
        hideTimer = setTimeout(close, HIDE_DELAY_MS);
      }
    },
    { passive: true },
  );

  /** One of Primer's markers: the site never gets the keys or clicks meant for it. */
  const markerMark = (target: EventTarget | null): Mark | undefined => {
    if (!(target instanceof Element) || target.localName !== MARKER_TAG) return undefined;
    const mark = scanner.markFor(target);
    return mark?.marker === target ? mark : undefined;
  };
  /**
   * The one person marked just inside a focused element: Calendar's guest tree focuses the row
   * around the marked name as the arrow keys move (its markers are out of the Tab order); a site's
   * button around the person, with the marker after it. A mail list's row only when `inList` (for
   * Alt+Down: on focus, moving through the list would open a card on every row), and not a large
   * container holding a single known person.
   */
  const markInside = (target: EventTarget | null, inList = false): Mark | undefined => {
    // Not a field the user types in (a recipient field around one chip): focus there is for typing.
    if (!(target instanceof Element) || (target as HTMLElement).isContentEditable) return undefined;
    // A site's button or link around the person has its marker right after it (scanner.ts).
    const after = target.nextElementSibling;
    const markers = target.getElementsByTagName(MARKER_TAG);
    const mark = after?.localName === MARKER_TAG ? markerMark(after) : markers.length === 1 ? markerMark(markers[0]!) : undefined;
    if (!mark) return undefined;
    if (mark.surface.kind === 'list') return inList && target.getAttribute('role') === 'row' && target.contains(mark.element) ? mark : undefined;
    if (mark.marker === after) return target.contains(mark.element) ? mark : undefined;
    let up: Element | null = mark.element;
    for (let depth = 0; up && depth <= 3; depth++, up = up.parentElement) if (up === target) return mark;
    return undefined;
  };

  /** What Alt+Down opens from a focused element: a marker, a marked element, a row around one. */
  const rowMark = (target: EventTarget | null) => scanner.findMark(target as Node) ?? markInside(target, true);
  /** The row that says now how to reach its card. Weak: the site may remove it while focused. */
  let described: WeakRef<Element> | null = null;
  let hint: HTMLElement | null = null;
  const describedBy = (element: Element, add: boolean) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== KEY_HINT_ID);
    if (add) ids.push(KEY_HINT_ID);
    if (ids.length) element.setAttribute('aria-describedby', ids.join(' '));
    else element.removeAttribute('aria-describedby');
  };
  /** `row` (or none) says how to reach the card; the site's own description stays. */
  const describe = (row: Element | null) => {
    const before = described?.deref();
    if (before && before !== row) describedBy(before, false);
    described = row && new WeakRef(row);
    if (!row) return;
    if (!hint) {
      // Text only, the same for everyone: the page may read it, and learns nothing from it.
      hint = own(document.createElement('primer-key-hint'));
      hint.id = KEY_HINT_ID;
      hint.hidden = true;
      hint.textContent = `Press ${/Mac/.test(navigator.platform) ? 'Option' : 'Alt'}+Down to open the Primer briefing card.`;
    }
    if (!hint.isConnected) document.body.append(hint);
    describedBy(row, true);
  };

  ctx.addEventListener(document, 'focusin', (event) => {
    if (!fromUser(event)) return;
    if (insideCard(event.target)) return;
    const mark = scanner.findMark(event.target as Node) ?? markInside(event.target);
    // Where the marker is out of the Tab order (an arrow-key widget's row or chip), the focused
    // row says how to reach the card; a marker or a Tab-stop marker needs no such word.
    const reach = mark ?? markInside(event.target, true);
    describe(reach?.marker && reach.marker !== event.target && reach.marker.tabIndex < 0 ? (event.target as Element) : null);
    if (refocusing !== null && event.target === refocusing) return;
    if (mark && mark === dismissed) return;
    dismissed = null;
    if (mark) void show(mark, { from: event.target instanceof HTMLElement ? event.target : mark.marker, focusCard: false });
    else if (open || pending) close();
  });

  // Stopped on the window in the capture phase: the site's handlers on the marker's ancestors (a
  // Calendar popup, a Gmail compose window) would otherwise close or act on Esc, Enter and Space.
  const keep = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  /** A key whose keydown was kept from the site, and where. */
  let kept: { key: string; at: EventTarget | null } | null = null;

  ctx.addEventListener(
    window,
    'keydown',
    (event) => {
      kept = null;
      // Keys a page script made up are its own business (nothing of Primer's acts on them).
      if (!fromUser(event)) return;
      const { key, target } = event;
      // Keys in the card are the card's (its shadow root keeps them from the site); shortcuts are the site's.
      if (insideCard(target) || event.ctrlKey || event.metaKey) return;
      if (event.altKey) {
        // Alt+Down on a marked row: the card, with focus in it (its marker may be out of the Tab
        // order). The sites' trees, chips and lists give it no meaning; other Alt keys are theirs,
        // and so is text editing (a recipient field around a chip: Option+Down moves the caret;
        // markInside takes no field the user types in).
        const mark = key === 'ArrowDown' && !event.shiftKey ? rowMark(target) : undefined;
        if (!mark) return;
        keep(event);
        kept = { key, at: target };
        close();
        void show(mark, { from: target instanceof HTMLElement ? target : mark.marker, focusCard: true });
        return;
      }
      if (key === 'Escape') {
        // Nothing of Primer's to close: the site's (a second Esc on the marker closes its popup).
        if (!open && !pending) return;
        // A card on screen is the top layer: Esc closes it and not, with it, the site's popup the
        // person is in (a second Esc does). One still loading was not seen: the Esc is the site's too.
        const meant = open !== null || markerMark(target) !== undefined || (target !== null && target === returnFocusTo);
        const focusBack = returnFocusTo;
        dismissed = open?.mark ?? pending?.mark ?? null;
        close();
        focusBackTo(focusBack);
        if (meant) {
          keep(event);
          kept = { key, at: target };
        }
        return;
      }
      // Enter or Space on a marker opens the card with focus inside it, like a button.
      const mark = key === 'Enter' || key === ' ' ? markerMark(target) : undefined;
      if (!mark) return;
      keep(event);
      kept = { key, at: target };
      openInto(mark);
    },
    { capture: true },
  );
  // A kept keydown has no keypress (its default was prevented); its keyup is kept too.
  ctx.addEventListener(
    window,
    'keyup',
    (event) => {
      if (kept !== null && event.key === kept.key && event.target === kept.at) keep(event);
      kept = null;
    },
    { capture: true },
  );

  // The marker is a button inside the site's element (Gmail's thread row) or right after it
  // (Outlook's person button): a press on it is Primer's, and must not select, drag or open the
  // row, nor reach the site's handlers around it (a Calendar popup), nor open the site's own card.
  // Only the click's default is prevented: a press's default is what gives the marker focus. A
  // press a page script made up is kept from the site too, but opens nothing.
  const onPress = (event: Event) => {
    const mark = markerMark(event.target);
    if (!mark) return;
    event.stopImmediatePropagation();
    if (event.type !== 'click' || !fromUser(event)) return;
    keep(event);
    showTimer = cancel(showTimer);
    // A click no pointer made (a screen reader's, voice control's) is the marker's Enter: focus
    // goes into the dialog it pops up, or the card is never reached. Firefox gives NVDA's and
    // JAWS's click a detail of 1, and an unknown input source (0).
    const click = event as MouseEvent & { mozInputSource?: number; pointerType?: string };
    if (click.mozInputSource !== 0 && (click.detail || click.pointerType)) void show(mark, { from: null, focusCard: false });
    else openInto(mark);
  };
  for (const type of PRESS_EVENTS) ctx.addEventListener(window, type, onPress, { capture: true, passive: type !== 'click' });

  // A card focus is in stays when the pointer leaves it, and one opened by focus on its marker or
  // by a tap never had the pointer on it: a press elsewhere on the page (which may move focus
  // nowhere, so no focusin says so) closes any card, as a popover's light dismiss does.
  ctx.addEventListener(
    document,
    'pointerdown',
    (event) => {
      const shown = open ?? pending;
      // A press on a marked person (this card's, or another whose card the pointer resting there
      // is about to show) is left to the hover and the marker's own handling.
      if (!shown || !fromUser(event) || insideCard(event.target) || scanner.findMark(event.target as Node)) return;
      close();
    },
    { passive: true },
  );

  // A card must not stay on a person the scanner no longer marks (gone from the page, or the
  // reused element now shows someone else).
  scanner.onDrop = (mark) => {
    // Not kept: it would keep its view in memory after the site removed it. Focus Esc gave back to
    // its marker, gone with it, follows the person once the site drew them again (the card's code),
    // and Esc's dismissal goes on with their new mark (the site may draw them again more than once).
    if (dismissed === mark) {
      dismissed = null;
      void loadCard().then(
        (card) =>
          card.follow(mark, scanner, (element, again) => {
            focusBackTo(element);
            if (again) dismissed = again;
          }),
        () => undefined,
      );
    }
    if (open?.mark === mark || pending?.mark === mark) close();
    // A focused row whose person is no longer marked has no card to reach with Alt+Down.
    const row = described?.deref();
    if (row && rowMark(row) === undefined) describe(null);
  };
  ctx.onInvalidated(() => {
    scanner.onDrop = null;
    close();
    describe(null);
    hint?.remove();
  });
  // The runtime closes the card when the marks go (the site switched off, a domain excluded).
  return () => {
    close();
    describe(null);
  };
}

/** The event or thread around a person, offered as "brief the whole meeting" when others are on it. */
function meetingOf(scanner: PageScanner, mark: Mark) {
  if (mark.surface.kind === 'list') return null;
  const surface = scanner.describe(mark.surface);
  return surface.people.length >= 2 ? surface : null;
}
