/**
 * The panel's one polite announcement of a view that finished loading: after Find, Full briefing
 * or Try again, focus lands on the view's heading over a placeholder, and the briefing (or "not
 * in Primer yet") then replaced it without a word. The region is there from the start, outside
 * the views (a region added with its text already in it is not read by every screen reader), and
 * has no role: the views' own statuses stay the only ones they hold.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

let said = '';
const listeners = new Set<() => void>();

function say(text: string): void {
  // The same words again (the same person loaded twice) must change the region to be read.
  said = said === text ? `${text}\u00a0` : text;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function PanelAnnouncer() {
  const text = useSyncExternalStore(subscribe, () => said);
  // Starts empty: nothing said before it was there is news.
  useEffect(() => {
    said = '';
    for (const listener of listeners) listener();
  }, []);
  return (
    // Left out of the copy the next opening paints first (useSaveBriefing.ts): it is about this moment.
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-unsaved="">
      {text}
    </div>
  );
}

/**
 * Says `done` once the view stops `loading`, if it was seen loading: a view that had its answer at
 * once (the panel's copy) says nothing, nor one that failed (`done` null: its alert speaks). Once
 * per `subject`: a meeting loading again for a guest added, or a refresh, is not news.
 */
export function useSayWhenLoaded(loading: boolean, done: string | null, subject: string): void {
  const waited = useRef(false);
  const saidFor = useRef<string | null>(null);
  useEffect(() => {
    if (saidFor.current === subject) return;
    if (loading) {
      waited.current = true;
      return;
    }
    if (!waited.current || done === null) return;
    waited.current = false;
    saidFor.current = subject;
    say(done);
  }, [loading, done, subject]);
}
