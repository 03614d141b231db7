/**
 * The hover card's side of the contract in lib/content/card-api.ts: one card at a time, in a WXT
 * shadow-root UI appended to the page, placed beside the person it describes (below, above, or to
 * the side when neither has room), never over them. Closes on Esc, on its close button, when
 * the page (or a pane holding the person) scrolls, and when the person it is beside leaves the
 * page or is hidden.
 */
import { browser, createShadowRootUi, type ShadowRootContentScriptUi } from '#imports';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';
import { own } from '@/lib/content/owned-nodes';
import { ApiError, isContactGone, toErrorInfo } from '@/lib/api/errors';
import { sendCardRequest } from '@/lib/messaging/send-card';
import type { PanelFocus } from '@/lib/panel/context';
import { HoverCard, surfacePeople, type InsightsState } from './HoverCard';
import { withMatchNote } from '@/lib/models/contact';
import css from './card.css?inline';
import { focusTarget, markersOf, refocusAfter } from './refocus';
import { siteTheme } from './site-theme';
import { warmUp } from './warm-up';

const GAP = 8;

/**
 * Whether this build has a briefing panel (Chrome side_panel, Firefox sidebar_action). Once the
 * extension is updated under an open page, every extension API throws there: a card rendering then
 * must still say "Primer was updated" rather than fail (it offers no panel, which cannot open).
 */
function panelAvailable(): boolean {
  try {
    const manifest = browser.runtime.getManifest() as { side_panel?: { default_path?: string }; sidebar_action?: object };
    return Boolean(manifest.side_panel?.default_path ?? manifest.sidebar_action);
  } catch {
    return false;
  }
}
const WIDTH = 300;

/**
 * Said on the card when the browser would not open the panel from it (Firefox allows that only
 * from the toolbar or the keyboard): how to open it, and that it will show what was chosen.
 */
export function openPanelHint(shortcut: string | null, focus: PanelFocus, popout = false): string {
  // Neither the keys nor the toolbar button are there: the main window has both.
  if (popout) return 'Primer’s briefing panel cannot open in a pop-out window: to see the briefing, choose Open briefing in the main browser window.';
  const what = focus.kind === 'person' ? withMatchNote(focus.match.contact.name?.trim() || focus.match.contact.email || 'this person', focus.match.matchedBy) : surfacePeople(focus.surface.kind);
  const keys = shortcut ? `press ${shortcut}, or ` : '';
  return `To see the briefing, ${keys}open Primer’s toolbar button and choose Open briefing: the panel will show ${what}.`;
}

/**
 * What the card shows, without the page element it is placed beside: React keeps the last props it
 * rendered after the card is hidden, and an element there would keep a closed view (every node of
 * it) in memory until the next card.
 */
export type CardContent = Pick<CardRequest, 'match' | 'meeting' | 'viaKeyboard' | 'from' | 'onOpenBriefing'>;

/** Said when the card's own request to the background fails. */
function unreachable(error: unknown): string {
  return error instanceof ApiError && error.kind === 'extension_reloaded' ? error.message : 'Primer could not be reached. Reload the page and try again.';
}

/**
 * A card shown this soon after a card on someone else is one of a run (arrow keys through a
 * guest list, focus on each row in turn): it asks for its briefing only once it has stayed up for
 * SETTLE_MS, so a run through sixty guests does not queue sixty calls ahead of the person the user
 * stops on.
 */
export const RAPID_MS = 400;
export const SETTLE_MS = 250;

/**
 * `askAt`: the moment (performance.now()) before which the card does not ask, counted from its
 * showing rather than from React's first render of it, which a busy page delays (none: at once).
 * Try again asks at once. `onGone`: told when the service no longer has the contact (its briefing
 * answered 404).
 */
export function CardWithData({ request, onClose, askAt = -Infinity, onGone }: { request: CardContent; onClose: () => void; askAt?: number; onGone?: () => void }) {
  const [state, setState] = useState<InsightsState>({ status: 'loading' });
  /** Bumped by Try again: asks for the briefing once more. */
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const ask = () =>
      void sendCardRequest('contact.insights', { contactId: request.match.contact.id })
        .then(({ insights, asOf, problem }) => live && setState({ status: 'ready', insights, copy: problem ? { asOf, problem } : null }))
        .catch((error: unknown) => {
          if (!live) return;
          if (isContactGone(error)) onGone?.();
          setState({ status: 'error', error: error instanceof ApiError ? error.toInfo() : toErrorInfo(error) });
        });
    const wait = attempt === 0 ? askAt - performance.now() : 0;
    const timer = wait > 0 ? setTimeout(ask, wait) : undefined;
    if (timer === undefined) ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [request.match.contact.id, attempt, askAt, onGone]);
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  const [hint, setHint] = useState<string | null>(null);
  const open = (chosen: PanelFocus) => {
    setHint(null);
    // Where it was chosen: the background forgets the choice once the page shows other views.
    const focus = { ...chosen, from: request.from };
    request.onOpenBriefing();
    sendCardRequest('panel.focus', { focus })
      .then(({ opened, shortcut, popout }) => (opened ? onClose() : setHint(openPanelHint(shortcut, focus, popout))))
      .catch((error: unknown) => setHint(unreachable(error)));
  };
  // A content script cannot open the options page itself: the background does. The card then
  // closes (what it says would be out of date once the setup is fixed).
  const openOptions = () => {
    setHint(null);
    sendCardRequest('options.open', {})
      .then(() => onClose())
      .catch((error: unknown) => setHint(unreachable(error)));
  };
  const { meeting } = request;
  // "Open briefing" needs a panel to open: offered only by builds that have one.
  const hasPanel = panelAvailable();
  return (
    <HoverCard
      match={request.match}
      state={state}
      focusOnOpen={request.viaKeyboard}
      onClose={onClose}
      onOpenBriefing={hasPanel ? () => open({ kind: 'person', match: request.match }) : undefined}
      onOpenMeeting={hasPanel && meeting ? () => open({ kind: 'surface', surface: meeting }) : null}
      meetingKind={meeting?.kind}
      panelHint={hint}
      onOpenOptions={openOptions}
      onRetry={retry}
    />
  );
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

interface Spot {
  /** Null: at the person's left edge (or beside a site card in the way); else this left. */
  left: number | null;
  top: number;
  maxHeight: number | null;
  height: number;
}

/**
 * Below the anchor if it fits, else above; if neither fits (a person in the middle of a short
 * window), beside the person, right then left, as tall as the window allows; only where there is
 * no room beside either, on the roomier side with a height cap (the card scrolls). Never over the
 * anchor; clamped to the viewport horizontally. `avoid`: the site's own hover cards in view; a
 * place that fits without covering them is taken first (beside them, when below and above at the
 * anchor would cover them). `marker`: Primer's marker, which may sit outside the person's box
 * (after Outlook's person button); the anchor is the box around both, so the card covers neither
 * the marker nor its focus ring.
 */
export function placeCard(
  person: Box,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  avoid: readonly Box[] = [],
  marker: Box | null = null,
) {
  // A marker not laid out (hidden) has an empty box at the corner: the person alone then.
  const anchor: Box =
    marker && marker.right > marker.left && marker.bottom > marker.top
      ? { left: Math.min(person.left, marker.left), top: Math.min(person.top, marker.top), right: Math.max(person.right, marker.right), bottom: Math.max(person.bottom, marker.bottom) }
      : person;
  const left = Math.min(Math.max(GAP, anchor.left), Math.max(GAP, viewport.width - card.width - GAP));
  const roomBelow = viewport.height - GAP - (anchor.bottom + GAP);
  const roomAbove = anchor.top - GAP - GAP;
  const below: Spot = { left: null, top: anchor.bottom + GAP, maxHeight: null, height: card.height };
  const above: Spot = { left: null, top: anchor.top - GAP - card.height, maxHeight: null, height: card.height };
  const whole = [...(card.height <= roomBelow ? [below] : []), ...(card.height <= roomAbove ? [above] : [])];
  let spots = whole;
  /** Whole beside whatever is in the way (a site card), at the height the sides get: tried when a site card is in view. */
  let besideSiteCard: Spot | null = null;
  if (whole.length === 0) {
    // Beside the person the whole height of the window is free, against a sliver above or below.
    const sideHeight = Math.min(card.height, viewport.height - 2 * GAP);
    const sideTop = Math.max(GAP, Math.min(anchor.top, viewport.height - GAP - sideHeight));
    const sideCap = sideHeight < card.height ? sideHeight : null;
    const sides = [anchor.right + GAP, anchor.left - GAP - card.width]
      .filter((side) => side >= GAP && side + card.width <= viewport.width - GAP)
      .map((side): Spot => ({ left: side, top: sideTop, maxHeight: sideCap, height: sideHeight }));
    const cappedBelow: Spot = { left: null, top: anchor.bottom + GAP, maxHeight: Math.max(roomBelow, 80), height: Math.max(roomBelow, 80) };
    const cappedAbove: Spot = { left: null, top: anchor.top - GAP - Math.max(roomAbove, 80), maxHeight: Math.max(roomAbove, 80), height: Math.max(roomAbove, 80) };
    spots = [...sides, ...(roomBelow >= roomAbove ? [cappedBelow, cappedAbove] : [cappedAbove, cappedBelow])];
    besideSiteCard = { left: null, top: sideTop, maxHeight: sideCap, height: sideHeight };
  }
  if (avoid.length > 0) {
    const lefts = [left, ...avoid.flatMap((box) => [box.right + GAP, box.left - GAP - card.width])].filter(
      (candidate) => candidate >= GAP && candidate + card.width <= viewport.width - GAP,
    );
    const tried = besideSiteCard ? [...spots, besideSiteCard] : spots;
    // A whole card anywhere first (beside the site's card rather than cut to a scrolling strip
    // above or below the person), then a capped one; each at the anchor first (in the order
    // above), then beside the site's card.
    for (const wholeOnly of [true, false]) {
      for (const candidate of lefts) {
        for (const spot of tried) {
          if (wholeOnly && spot.maxHeight !== null) continue;
          const at = spot.left ?? candidate;
          const box = { left: at, top: spot.top, right: at + card.width, bottom: spot.top + spot.height };
          // Only a place in the window: a strip cut above a person near the top of a short window
          // would be pushed past its edge (below, the best place covering the site's card is taken).
          const inView = box.top >= 0 && box.bottom <= viewport.height;
          if (inView && !avoid.some((other) => overlaps(box, other)) && !overlaps(box, anchor)) return { left: at, top: spot.top, maxHeight: spot.maxHeight };
        }
      }
    }
  }
  const [best] = spots;
  return { left: best!.left ?? left, top: best!.top, maxHeight: best!.maxHeight };
}

/**
 * Whether a key moves focus out of the card: Tab on its last control, Shift+Tab on its first. The
 * card's host is the page's last element: Tab would go on to the browser, Shift+Tab to the page's
 * last control, far from the person. The card closes instead, and focus goes back (as from a
 * disclosure's popup).
 */
function tabsOut(container: Element, event: KeyboardEvent): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const controls = [...container.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]')].filter(
    (control) => control.tabIndex >= 0 && !(control as HTMLButtonElement).disabled,
  );
  return event.target === (event.shiftKey ? controls[0] : controls.at(-1));
}

/**
 * Whether focus is on the shown person: their marker, or the row around it focus goes back to
 * where the marker is out of the Tab order (refocus.ts), which holds the person; not the page.
 */
function onPerson(active: Element | null, shown: CardRequest | null): boolean {
  const marker = shown?.marker;
  if (!active || !marker) return false;
  return active === marker || (active !== document.body && active === focusTarget(marker) && active.contains(shown.anchor));
}

/** Roles the sites give their own hover cards and popups (Google's people card is a dialog). */
const SITE_POPUPS = '[role="dialog"], [role="tooltip"]';

/**
 * The site's own popups in view near the card: not the one the person is in (Calendar's event
 * dialog holds the guest list), not Primer's card, not one kept in the page unseen (Google's
 * people card and pickers wait there with visibility: hidden or opacity: 0).
 */
function sitePopups(anchor: Element, ours: Element): Box[] {
  const boxes: Box[] = [];
  for (const popup of document.querySelectorAll(SITE_POPUPS)) {
    if (popup === ours || ours.contains(popup) || popup.contains(anchor)) continue;
    const box = popup.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && (popup.checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) ?? true)) boxes.push(box);
  }
  return boxes;
}

/**
 * The card host's tag. A page that defined a custom element under it before the card opened would
 * have its own class run on the host, and `attachInternals()` there hands over even a closed
 * shadow root (checked in Chromium): the briefing would be the page's to read. Such a page gets a
 * name it cannot know. Asked right before the host is made, with nothing awaited in between.
 */
function hostName(): string {
  const name = 'primer-hover-card';
  return document.createElement(name).matches(':defined') ? `${name}-${crypto.randomUUID().slice(0, 8)}` : name;
}

/**
 * One card UI for the whole page life, created on the first card and reused: each card shown
 * re-renders the same React root, so opening a hundred cards does not leave a hundred shadow roots,
 * React trees or references to page elements behind.
 */
export function createHoverCardApi(): HoverCardApi {
  let ui: ShadowRootContentScriptUi<Root> | null = null;
  let creating: Promise<ShadowRootContentScriptUi<Root>> | null = null;
  let current: CardRequest | null = null;
  let placeCurrent: (() => void) | null = null;

  const host = () => ui?.shadowHost ?? null;
  /**
   * The shown person's key and surface (the scanner's), whether focus was on them (onPerson) when
   * the card opened, and their other markers then (focus lost with this one never goes to those).
   */
  let person: { key: string; root: Element; markerFocused: boolean; others: WeakSet<Element> } | null = null;
  /** Following focus lost with the last card's person (refocus.ts). */
  let stopFollowing = () => undefined as void;
  /** The person (key, other markers) whose card hid with focus in it or on their marker: theirs to follow once they are redrawn. */
  let focusedAtHide: { key: string; others: WeakSet<Element> } | null = null;
  // Made here, not in hide(): a listener made there would hold hide's scope (the shown person's
  // element, and with it the site's closed view) for as long as no press comes.
  const forgetFocusedAtHide = () => void (focusedAtHide = null);

  // While a card is open, the site may open its own hover card on the same person: the card moves
  // off it (placed again after the frame that shows it).
  let placing = 0;
  const placeNextFrame = () => {
    placing ||= requestAnimationFrame(() => {
      placing = 0;
      placeCurrent?.();
    });
  };
  const pageWatch = new MutationObserver((records) => {
    const element = host();
    if (!records.every((record) => element !== null && element.contains(record.target))) placeNextFrame();
  });

  /**
   * The service no longer has the card's contact: the page forgets every answer naming it (the
   * same address in other surfaces, its other addresses), not only the one whose card said so.
   * Returns the surfaces showing it, to be read again.
   */
  const forgetContact = (shown: CardRequest, key: string): Element[] => {
    const id = shown.match.contact.id;
    shown.scanner.forget(key);
    const roots = new Set<Element>(person ? [person.root] : []);
    // Every person element the page marks, markers or not (a recipient in a draft has none).
    for (const surface of shown.scanner.surfaces()) {
      for (const one of surface.people) {
        for (const element of one.elements) {
          const mark = shown.scanner.markFor(element);
          if (mark?.element !== element || mark.match.contact.id !== id) continue;
          shown.scanner.forget(mark.key);
          roots.add(mark.surface.root);
        }
      }
    }
    return [...roots];
  };

  const hide = () => {
    // The marker says its card is shut (set here, in the card's code: the injected script stays small).
    if (current?.marker?.isConnected) current.marker.setAttribute('aria-expanded', 'false');
    const shown = current;
    const active = document.activeElement;
    // The person left the page (the site drew them again) with focus in their card or on their
    // marker (gone with it, or about to go): a keyboard user is not left on the document.
    // A contact the service no longer has (its card said so) loses its marker as the card closes,
    // not once the page's memory of the answer runs out (an hour), and focus stays near the person.
    const gone = goneShowing === showings;
    const focusOurs = (active !== null && host()?.contains(active)) || onPerson(active, shown) || (person?.markerFocused && (active === null || active === document.body));
    if (shown) focusedAtHide = focusOurs && person ? { key: person.key, others: person.others } : null;
    // A press anywhere says the user went on (a click on text takes focus to the document without
    // a focusin): a later redraw of the person must not pull focus back to them.
    if (focusedAtHide) document.addEventListener('pointerdown', forgetFocusedAtHide, { capture: true, once: true });
    if (shown && person && (gone || !shown.anchor.isConnected || shown.marker?.isConnected === false)) {
      // The page took the mark down itself (a read, the site switched off, the script standing
      // down): nothing is read again, or people would be marked again on a page Primer has left.
      const takenDown = shown.anchor.isConnected && shown.scanner.markFor(shown.anchor) === undefined;
      // A gone contact is forgotten all the same: forgetting reads nothing.
      const toRead = gone ? forgetContact(shown, person.key) : [person.root];
      const roots = takenDown ? [] : toRead;
      // A gone contact's surfaces are read whoever has the focus (a card shown next stops the
      // following, not the read); read after the current task: a read drops marks, which closes
      // cards (not inside this hide).
      if (gone && roots.length > 0) queueMicrotask(() => void shown.scanner.scan(roots));
      if (focusOurs) stopFollowing = refocusAfter({ scanner: shown.scanner, key: gone ? null : person.key, roots: gone ? [] : roots, near: gone || takenDown ? shown.anchor : person.root, marker: shown.marker, skip: person.others }, host);
    }
    person = null;
    current = null;
    placeCurrent = null;
    pageWatch.disconnect();
    cancelAnimationFrame(placing);
    placing = 0;
    window.removeEventListener('scroll', onScroll, true);
    window.removeEventListener('resize', placeNextFrame);
    ui?.mounted?.render(null);
    const element = host();
    if (element) element.style.display = 'none';
  };
  // A scroll that moves the person (the page's, or a pane holding them) closes the card, as its
  // close button does; the card's own scroll and an unrelated pane's do not. Not before the card's
  // first frame: focus on a marker below the fold scrolls it into view, and that scroll's event
  // comes in the next frame, after the card opened for it (it is then placed where the person is).
  let firstFrameDone = false;
  const onScroll = (event: Event) => {
    const target = event.target;
    if (current && firstFrameDone && target instanceof Node && target.contains(current.anchor)) close();
  };
  const close = (how?: 'escape' | 'tab') => {
    const request = current;
    // Focus in the card goes back where it was before the card opened; focus elsewhere stays.
    const element = host();
    const active = document.activeElement;
    const focusInside = element !== null && active !== null && element.contains(active);
    hide();
    if (how) request?.onClose(focusInside, how);
    else request?.onClose(focusInside);
  };
  // The card's own onClose: not `close` itself (the close button's click would arrive as `how`),
  // and made here, not in show(): React keeps it after the card is hidden, and a function made
  // there would keep show()'s request, and with it the person's element and view, in memory.
  const closeFromCard = () => close();
  /**
   * For a card's own reply that comes late (Open briefing answered after the pointer moved on to
   * someone else): closes that showing only, never the next person's card. Made here for the same
   * reason: the function it returns holds a number, not the request.
   */
  const closerOf = (shown: number) => () => {
    if (shown === showings) closeFromCard();
  };
  /** The showing whose contact the service no longer has: forgotten by the page as it closes. */
  let goneShowing = -1;
  const goneOf = (shown: number) => () => {
    goneShowing = shown;
  };

  function ensureUi(ctx: CardRequest['ctx']): Promise<ShadowRootContentScriptUi<Root>> {
    creating ??= createShadowRootUi<Root>(ctx, {
      name: hostName(),
      // Closed: the page's own scripts find no `shadowRoot` on the host, so they cannot read the
      // briefing while a card is open. Only `ui.shadow` (kept here) reaches inside.
      mode: 'closed',
      position: 'inline',
      anchor: 'body',
      append: 'last',
      css,
      // WXT's default reset is `:host{all:initial !important}`, which would also beat the fixed
      // position we give the host; card.css resets inherited styles itself, without !important.
      inheritStyles: true,
      isolateEvents: ['keydown', 'keyup', 'keypress'],
      onMount(container, shadow, shadowHost) {
        own(shadowHost);
        // Esc in the card is the card's alone, as Esc on a marker is (hover.ts): the site's handlers
        // listening on the way down (its popup's Esc) never see it, so the popup the person is in
        // stays open. Outside the shadow root the card's nodes read as its host.
        // Its keyup too: it comes up where focus went back to, the marker in the site's popup.
        let escapeUp = false;
        ctx.addEventListener(
          window,
          'keydown',
          (event) => {
            // Any key pressed since says the last Esc's keyup was lost (Esc held while the user
            // switched windows): a later Esc's keyup is the site's.
            escapeUp = false;
            const target = event.target;
            if (event.key !== 'Escape' || !current || !(target instanceof Node) || (target !== shadowHost && !shadow.contains(target))) return;
            event.preventDefault();
            event.stopImmediatePropagation();
            escapeUp = true;
            close('escape');
          },
          { capture: true },
        );
        ctx.addEventListener(
          window,
          'keyup',
          (event) => {
            if (escapeUp && event.key === 'Escape') {
              event.preventDefault();
              event.stopImmediatePropagation();
            }
            escapeUp = false;
          },
          { capture: true },
        );
        container.addEventListener('keydown', (event) => {
          if (event.key === 'Escape') close('escape');
          else if (tabsOut(container, event)) {
            event.preventDefault();
            close('tab');
          }
        });
        // Place again whenever the card changes size (the briefing arrives after the skeleton).
        new ResizeObserver(() => placeCurrent?.()).observe(container);
        return createRoot(container);
      },
      onRemove(root) {
        root?.unmount();
      },
    }).then((created) => {
      created.mount();
      ui = created;
      return created;
    });
    return creating;
  }

  /** Counts the cards shown: each is a card of its own (the key of CardWithData below). */
  let showings = 0;
  /** When the last card was shown, and for whom (a run of cards settles: RAPID_MS). */
  let lastShown = { at: -Infinity, contactId: '' };
  return {
    show(request) {
      hide();
      stopFollowing();
      current = request;
      const mark = request.scanner.markFor(request.anchor);
      // Their other markers counted now, before the site draws them again (a marker of theirs made after is their new one).
      person = mark
        ? { key: mark.key, root: mark.surface.root, markerFocused: onPerson(document.activeElement, request), others: new WeakSet(markersOf(request.scanner, mark.key).filter((marker) => marker !== request.marker)) }
        : null;
      // Said on the marker that pops the card up (a button with a popup says whether it is open).
      request.marker?.setAttribute('aria-expanded', 'true');
      showings += 1;
      const now = performance.now();
      const askAt = now - lastShown.at < RAPID_MS && lastShown.contactId !== request.match.contact.id ? now + SETTLE_MS : -Infinity;
      lastShown = { at: now, contactId: request.match.contact.id };
      firstFrameDone = false;
      void ensureUi(request.ctx).then((created) => {
        if (current !== request) return;
        // Styled after mounting (WXT sets the host's own position on mount). Off-screen, not
        // hidden (a hidden card could not take focus), until measured and placed. A capped card
        // keeps its scroll: chained on to the page at its end, the page's scroll would close it.
        created.shadowHost.style.cssText = `position: fixed; z-index: 2147483647; inline-size: ${WIDTH}px; left: -10000px; top: 0; margin: 0; display: block; overflow-x: hidden; overflow-y: auto; overscroll-behavior: contain; border-radius: 10px;`;
        placeCurrent = () => {
          if (current !== request) return;
          const anchor = request.anchor.getBoundingClientRect();
          // The person left the page or was hidden (Gmail hides a thread it leaves with display:none):
          // the card closes, as by its close button, rather than stay or jump to the top-left corner.
          if (!request.anchor.isConnected || (anchor.width === 0 && anchor.height === 0)) {
            close();
            return;
          }
          const card = created.uiContainer.firstElementChild ?? created.shadowHost;
          const { left, top, maxHeight } = placeCard(
            anchor,
            { width: WIDTH, height: card.scrollHeight },
            { width: window.innerWidth, height: window.innerHeight },
            sitePopups(request.anchor, created.shadowHost),
            request.marker?.isConnected ? request.marker.getBoundingClientRect() : null,
          );
          const style = created.shadowHost.style;
          // Placed again when the page changes: a theme switched with the card open follows too.
          created.shadowHost.dataset.primerTheme = siteTheme(request.anchor);
          style.left = `${left}px`;
          style.top = `${top}px`;
          style.maxHeight = maxHeight === null ? '' : `${maxHeight}px`;
        };
        // Keyed by each showing, not the contact: a card moved straight to another place of the
        // same contact (a sender in several headers) kept the first's error, hint and wait, and
        // asked nothing (hide's empty render and this one are one React pass).
        created.mounted?.render(
          <StrictMode>
            <CardWithData key={showings} request={{ match: request.match, meeting: request.meeting, viaKeyboard: request.viaKeyboard, from: request.from, onOpenBriefing: request.onOpenBriefing }} onClose={closerOf(showings)} askAt={askAt} onGone={goneOf(showings)} />
          </StrictMode>,
        );
        // Same size as the previous card means no resize callback: place after this paint too.
        requestAnimationFrame(() => {
          if (current !== request) return;
          firstFrameDone = true;
          placeCurrent?.();
        });
        window.addEventListener('scroll', onScroll, true);
        // A resized window moves the person without a change to the page's DOM (a reflow).
        window.addEventListener('resize', placeNextFrame);
        pageWatch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'aria-hidden'] });
      });
    },
    hide,
    follow(mark, scanner, focus) {
      // Not a pointer user's focus (never on the marker), nor one a card shown since has.
      if (current || mark.key !== focusedAtHide?.key) return;
      stopFollowing();
      // Where the person was, when they are not marked again: their element or surface, if still on the page.
      stopFollowing = refocusAfter({ scanner, key: mark.key, roots: [], near: mark.element.isConnected ? mark.element : mark.surface.root, marker: mark.marker, focus, skip: focusedAtHide.others }, host);
    },
    warmUp,
    contains(node) {
      const element = host();
      return current !== null && element !== null && (element === node || element.contains(node) || ui!.shadow.contains(node));
    },
  };
}
