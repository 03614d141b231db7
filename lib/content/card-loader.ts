/**
 * Loads the hover card's bundle on first use. It is a separate script (entrypoints/hover-card)
 * listed as a web-accessible resource for the supported sites; importing it runs it in this
 * content script's isolated world, where it registers its API on the isolated global. In a window
 * the site drew into itself (Outlook's pop-out, an about:blank window), Chrome's import() of it
 * never settles: the background runs it in this frame instead (card.load).
 */
import { browser } from '#imports';
import { sendContentRequest } from '../messaging/send-content';
import { isDrawnWindow } from '../sites/drawn-window';
import { CARD_GLOBAL, CARD_SCRIPT, type HoverCardApi } from './card-api';

let loading: Promise<HoverCardApi> | null = null;

export function loadHoverCard(): Promise<HoverCardApi> {
  loading ??= (async () => {
    if (isDrawnWindow()) await sendContentRequest('card.load', {});
    else await import(/* @vite-ignore */ browser.runtime.getURL(CARD_SCRIPT));
    const api = (globalThis as Record<string, unknown>)[CARD_GLOBAL] as HoverCardApi | undefined;
    if (!api) throw new Error('The hover card did not load.');
    // Not in the task that evaluated the bundle: the card's first show (its shadow root, styles)
    // and the locale data come each in a task of their own.
    await api.warmUp();
    return api;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
