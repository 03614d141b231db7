/**
 * Saves a copy of the briefing on screen (lib/panel/saved-briefing.ts), so the next opening on the
 * same page or choice paints it before the panel's code has loaded. Saved soon after the briefing
 * is painted, again once changes behind it have settled (a refresh), and when the panel is hidden
 * or closed; never while anything is loading or an error is shown, nor while another view (an
 * attendee, a recording) is open on top. Notes about this moment (offline, updating) are left out
 * of the copy (`data-unsaved`).
 */
import { useCallback, useEffect, useRef } from 'react';
import { browser } from '#imports';
import { captureBriefing, SAVED_BRIEFING_MAX_AGE_MS, withSavedBriefing, type SavedBriefing } from '@/lib/panel/saved-briefing';
import type { PaintDetail } from '@/lib/panel/paint-mark';
import { SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';

/** After the paint, out of the way of the frame and of the work that waited for it. */
export const SAVE_AFTER_PAINT_MS = 50;
/** Quiet time before saving a change: a briefing settles (recordings, a refresh) in a few hundred ms. */
export const SAVE_AFTER_QUIET_MS = 400;

/**
 * What was last saved under each key, and when, so an unchanged briefing is not written again:
 * only for the copies still stored (SAVED_BRIEFINGS_MAX), and not once its copy is half its
 * lifetime old. A subject shown again after its copy was dropped is saved again.
 */
const lastSaved = new Map<string, { text: string; at: number }>();
/**
 * The stored copies as this panel last read or wrote them: read once, so a save (on closing too)
 * is one write, made before the page is gone. A copy another panel saved meanwhile may be dropped;
 * it only costs that subject its instant paint.
 */
let known: Promise<unknown> | null = null;
/** Bumped when the copies are forgotten: a save begun before then is not written. */
let generation = 0;

function readKnown(): Promise<unknown> {
  known ??= browser.storage.session.get(SAVED_BRIEFINGS_KEY).then((stored) => stored[SAVED_BRIEFINGS_KEY]);
  return known;
}

function store(key: string, briefing: SavedBriefing): Promise<void> {
  const text = JSON.stringify([briefing.mark, briefing.nodes]);
  const last = lastSaved.get(key);
  if (last?.text === text && Math.abs(briefing.at - last.at) < SAVED_BRIEFING_MAX_AGE_MS / 2) return Promise.resolve();
  lastSaved.set(key, { text, at: briefing.at });
  const started = generation;
  const next = readKnown()
    .catch(() => undefined)
    .then((stored) => {
      const all = withSavedBriefing(stored, key, briefing);
      for (const saved of lastSaved.keys()) if (!Object.hasOwn(all, saved)) lastSaved.delete(saved);
      return all;
    });
  known = next;
  return next.then((all) => (started === generation ? browser.storage.session.set({ [SAVED_BRIEFINGS_KEY]: all }) : undefined));
}

/** Forgets every saved copy (the settings changed: they belong to another account). */
export async function forgetSavedBriefings(): Promise<void> {
  generation++;
  lastSaved.clear();
  known = Promise.resolve(undefined);
  await browser.storage.session.remove(SAVED_BRIEFINGS_KEY);
}

/**
 * `savedKey`: the target's key while a person or meeting is briefed on the base view, else none;
 * `subjectKey`: what the base view briefs. Returns what the base view's briefing calls once it is
 * on screen (`onPainted`): only a briefing of the current subject is saved.
 */
export function useSaveBriefing(savedKey: string | undefined, subjectKey: string): (detail: PaintDetail) => void {
  const painted = useRef<{ subjectKey: string; detail: PaintDetail; generation: number } | null>(null);
  const paintedNow = useRef<() => void>(() => undefined);
  // A briefing of the previous subject may still report its paint (a frame later): not saved.
  const current = useRef(subjectKey);
  useEffect(() => {
    current.current = subjectKey;
  }, [subjectKey]);

  useEffect(() => {
    const root = document.getElementById('root');
    if (!savedKey || !root) return;
    // Read now: a save when the panel closes must be a single write, made before the page is gone.
    readKnown().catch(() => undefined);
    const save = () => {
      const shown = painted.current;
      // Drawn for this subject, since the copies were last forgotten (the old account's briefing
      // may still be on screen), with nothing loading or failing.
      if (shown?.subjectKey !== subjectKey || shown.generation !== generation || root.querySelector('[aria-busy="true"], [data-loading], [role="alert"]')) return;
      const nodes = captureBriefing(root);
      if (nodes) void store(savedKey, { at: Date.now(), mark: { kind: shown.detail.kind, key: shown.detail.key }, nodes }).catch(() => undefined);
    };
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(quiet);
      quiet = setTimeout(save, SAVE_AFTER_QUIET_MS);
    };
    // Soon after the paint, whatever changes follow: Chrome runs no `pagehide` for a side panel it
    // closes, and a panel may be closed at once.
    paintedNow.current = () => {
      clearTimeout(soon);
      soon = setTimeout(save, SAVE_AFTER_PAINT_MS);
    };
    if (painted.current?.subjectKey === subjectKey) later();
    const observer = new MutationObserver(later);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const onHide = () => {
      clearTimeout(quiet);
      clearTimeout(soon);
      save();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    globalThis.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      paintedNow.current = () => undefined;
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(soon);
      globalThis.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [savedKey, subjectKey]);

  return useCallback(
    (detail: PaintDetail) => {
      if (subjectKey !== current.current) return;
      painted.current = { subjectKey, detail, generation };
      paintedNow.current();
    },
    [subjectKey],
  );
}
