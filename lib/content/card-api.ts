/**
 * The contract between the always-injected content script and the hover card, which is a separate
 * bundle (entrypoints/hover-card) loaded only when a card first opens, so React and the card's code
 * cost nothing on pages where no card is shown.
 */
import type { ContentScriptContext } from '#imports';
import type { ContactMatch } from '../models';
import type { PageSurface } from '../panel/context';
import type { PageView } from '../panel/view';
import type { Mark, PageScanner } from './scanner';

export interface CardRequest {
  ctx: ContentScriptContext;
  /** The page element that shows the person: the card is placed beside it, never over it. */
  anchor: Element;
  /** Primer's marker for the person, which may sit outside the anchor's box: never covered either. */
  marker: Element | null;
  match: ContactMatch;
  /** The meeting or thread the person was found in, when it has other people too. */
  meeting: PageSurface | null;
  /** The view the person was found in: a briefing chosen here is forgotten once the page shows others. */
  from: PageView;
  /** Told when "Open briefing" asks for the side panel: the page then reports the views it shows. */
  onOpenBriefing: () => void;
  /**
   * The page's marks, for the card's own code (kept out of the injected script): the person's new
   * marker once the site drew them again, and their answer forgotten once the service says the contact is gone.
   */
  scanner: Pick<PageScanner, 'markFor' | 'scan' | 'forget' | 'surfaces'>;
  /** Whether the card was opened from the keyboard (focus moves into it). */
  viaKeyboard: boolean;
  /**
   * Called when the card closes itself (Esc, close button, a scroll, Tab out of it). `returnFocus`
   * (default true): focus was in the card, and goes back to where it was before the card opened.
   * `how`: 'escape' when Esc closed it (the pointer resting on the person must not open it again at
   * once); 'tab' when Tab left it (focus goes back to the marker even when the pointer opened it).
   */
  onClose: (returnFocus?: boolean, how?: 'escape' | 'tab') => void;
}

export interface HoverCardApi {
  show(request: CardRequest): void;
  hide(): void;
  /** Whether `node` is inside the card (pointer moving from the name into the card keeps it open). */
  contains(node: Node): boolean;
  /**
   * The person whose card Esc closed (focus went back to their marker) is no longer marked: focus
   * lost with their marker goes to their new one once the site drew them again (refocus.ts), given
   * by `focus` (the injected script's, so that it opens no card Esc closed), with their new mark.
   */
  follow(mark: Mark, scanner: CardRequest['scanner'], focus: (element: HTMLElement, mark?: Mark) => void): void;
  /** Readies what the first card needs beyond the bundle's code, in tasks of their own (components/card/warm-up.ts). */
  warmUp(): Promise<void>;
}

/** Where the card bundle registers itself in the content script's isolated world. */
export const CARD_GLOBAL = '__primerHoverCard';
export const CARD_SCRIPT = '/hover-card.js';
