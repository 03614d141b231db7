/**
 * When to show the hover card: pointer resting on a marked person (or the marker) for a moment,
 * or keyboard focus on the marker (or a focusable marked element). Esc closes it and returns
 * focus. Listeners are delegated on the document and passive: the site's own handlers and its own
 * hover cards see every event as before. The card's code is fetched on the first open only.
 */
import type { ContentScriptContext } from '#imports';
import type { CardRequest, HoverCardApi } from './card-api';
import type { Mark, PageScanner } from './scanner';

export const SHOW_DELAY_MS = 350;
export const HIDE_DELAY_MS = 250;

export function installHoverCards(
  ctx: ContentScriptContext,
  scanner: PageScanner,
  loadCard: () => Promise<HoverCardApi>,
): () => void {
  let showTimer: ReturnType<typeof setTimeout> | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let open: { mark: Mark; card: HoverCardApi } | null = null;
  let returnFocusTo: HTMLElement | null = null;
  /** Focus we move back to a marker ourselves must not reopen the card it just closed. */
  let refocusing: Element | null = null;
  const focusBackTo = (element: HTMLElement | null) => {
    // Not kept: a marker held here would keep its view in memory after the site removes it.
    returnFocusTo = null;
    if (!element) return;
    refocusing = element;
    element.focus();
    refocusing = null;
  };

  const cancel = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer !== null) clearTimeout(timer);
    return null;
  };

  const close = () => {
    showTimer = cancel(showTimer);
    hideTimer = cancel(hideTimer);
    open?.card.hide();
    open = null;
    returnFocusTo = null;
  };

  /** `focusCard`: Enter/Space on the marker moves focus into the card; focus alone only shows it. */
  const show = async (mark: Mark, input: { fromKeyboard: boolean; focusCard: boolean }) => {
    hideTimer = cancel(hideTimer);
    if (open?.mark === mark) return;
    const card = await loadCard();
    // The mark may have gone while the card's code loaded (the site switched off, the view left).
    if (!mark.element.isConnected || scanner.markFor(mark.element) !== mark) return;
    open?.card.hide();
    open = { mark, card };
    returnFocusTo = input.fromKeyboard && mark.marker ? mark.marker : null;
    const request: CardRequest = {
      ctx,
      anchor: mark.element,
      match: mark.match,
      meeting: meetingOf(scanner, mark),
      viaKeyboard: input.focusCard,
      onClose: () => {
        open = null;
        focusBackTo(returnFocusTo);
      },
    };
    card.show(request);
  };

  const insideCard = (node: EventTarget | null) => node instanceof Node && open !== null && open.card.contains(node);

  ctx.addEventListener(
    document,
    'pointerover',
    (event) => {
      if (insideCard(event.target)) {
        hideTimer = cancel(hideTimer);
        return;
      }
      const mark = scanner.findMark(event.target as Node);
      if (!mark) return;
      hideTimer = cancel(hideTimer);
      showTimer = cancel(showTimer);
      showTimer = setTimeout(() => {
        showTimer = null;
        void show(mark, { fromKeyboard: false, focusCard: false });
      }, SHOW_DELAY_MS);
    },
    { passive: true },
  );

  ctx.addEventListener(
    document,
    'pointerout',
    (event) => {
      const from = scanner.findMark(event.target as Node) ?? (insideCard(event.target) ? open?.mark : undefined);
      if (!from) return;
      const to = event.relatedTarget as Node | null;
      if (to && (scanner.findMark(to) === from || insideCard(to))) return;
      showTimer = cancel(showTimer);
      if (open) {
        hideTimer = cancel(hideTimer);
        hideTimer = setTimeout(close, HIDE_DELAY_MS);
      }
    },
    { passive: true },
  );

  ctx.addEventListener(document, 'focusin', (event) => {
    if (insideCard(event.target) || (refocusing !== null && event.target === refocusing)) return;
    const mark = scanner.findMark(event.target as Node);
    if (mark) void show(mark, { fromKeyboard: true, focusCard: false });
    else if (open) close();
  });

  ctx.addEventListener(document, 'keydown', (event) => {
    if (event.key === 'Escape' && open) {
      const focusBack = returnFocusTo;
      close();
      focusBackTo(focusBack);
      return;
    }
    // Enter or Space on a marker opens the card with focus inside it.
    if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof Element) {
      const mark = scanner.markFor(event.target);
      if (mark && mark.marker === event.target) {
        event.preventDefault();
        open?.card.hide();
        open = null;
        void show(mark, { fromKeyboard: true, focusCard: true });
      }
    }
  });

  ctx.onInvalidated(close);
  // The runtime closes the card when the marks go (the site switched off, a domain excluded).
  return close;
}

/** The event or thread around a person, offered as "brief the whole meeting" when others are on it. */
function meetingOf(scanner: PageScanner, mark: Mark) {
  if (mark.surface.kind === 'list') return null;
  const surface = scanner.describe(mark.surface);
  return surface.people.length >= 2 ? surface : null;
}
