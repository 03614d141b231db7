/**
 * Keeps a saved copy of the briefing on screen (lib/panel/saved-briefing.ts), so the next opening
 * on the same page or choice paints it before the panel's code has loaded. Saved once the briefing
 * is painted and the panel has been quiet for a moment (a refresh behind it is saved too), and
 * when the panel is closed or hidden; never
 * while anything is loading or an error is shown, nor while another view (an attendee, a
 * recording) is open on top.
 */
import { useEffect } from 'react';
import { browser } from '#imports';
import { captureBriefing, withSavedBriefing, type SavedBriefing } from '@/lib/panel/saved-briefing';
import { SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';
import type { PaintDetail } from '@/lib/panel/paint-mark';
import { onBriefingPainted } from './paint-mark';

/** Quiet time before saving a change: a briefing settles (recordings, a refresh) in a few hundred ms. */
export const SAVE_AFTER_QUIET_MS = 400;
/** After the paint, out of the way of the frame and of the work that waited for it. */
export const SAVE_AFTER_PAINT_MS = 50;

/** What was last saved under each key, so an unchanged briefing is not written again. */
const lastSaved = new Map<string, string>();
/**
 * The stored copies as this panel last read or wrote them: read once, so a save (on closing too)
 * is one write, made before the page is gone. A copy another panel saved meanwhile may be dropped;
 * it only costs that subject its instant paint.
 */
let known: Promise<unknown> | null = null;

function readKnown(): Promise<unknown> {
  known ??= browser.storage.session.get(SAVED_BRIEFINGS_KEY).then((stored) => stored[SAVED_BRIEFINGS_KEY]);
  return known;
}

function store(key: string, briefing: SavedBriefing): Promise<void> {
  const text = JSON.stringify([briefing.mark, briefing.nodes]);
  if (lastSaved.get(key) === text) return Promise.resolve();
  lastSaved.set(key, text);
  const next = readKnown()
    .catch(() => undefined)
    .then((stored) => withSavedBriefing(stored, key, briefing));
  known = next;
  return next.then((all) => browser.storage.session.set({ [SAVED_BRIEFINGS_KEY]: all }));
}

/** Forgets every saved copy (the settings changed: they belong to another account). */
export async function forgetSavedBriefings(): Promise<void> {
  lastSaved.clear();
  known = Promise.resolve(undefined);
  await browser.storage.session.remove(SAVED_BRIEFINGS_KEY);
}

/** `savedKey`: the target's key while a person or meeting is briefed on the base view; else none. */
export function useSaveBriefing(savedKey: string | undefined): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!savedKey || !root) return;
    // Read now: a save when the panel closes must be a single write, made before the page is gone.
    readKnown().catch(() => undefined);
    // Only a briefing painted for this subject (marked after this effect began) is saved.
    let painted: PaintDetail | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      if (!painted || root.querySelector('[aria-busy="true"], [role="alert"]')) return;
      const nodes = captureBriefing(root);
      if (nodes) void store(savedKey, { at: Date.now(), mark: { kind: painted.kind, key: painted.key }, nodes }).catch(() => undefined);
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_QUIET_MS);
    };
    // Saved soon after it is painted (a panel may be closed at once: Chrome runs no `pagehide` for
    // a side panel it closes), and again once changes behind it have settled.
    let soon: ReturnType<typeof setTimeout> | undefined;
    const stopListening = onBriefingPainted((detail) => {
      painted = detail;
      clearTimeout(soon);
      soon = setTimeout(save, SAVE_AFTER_PAINT_MS);
    });
    const observer = new MutationObserver(later);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    // Closed before the quiet time was up: saved now (a closing page runs no timers).
    const onHide = () => {
      clearTimeout(timer);
      save();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    globalThis.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopListening();
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(soon);
      globalThis.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [savedKey]);
}
