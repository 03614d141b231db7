/**
 * One view a page shows: a surface's kind, title and time, as its content script reports it
 * (the self-check's status) and as a hover card remembers where "Open briefing" was chosen. Plain
 * functions, no schema: the always-injected content scripts use them (the schema is in context.ts).
 */
import type { SurfaceKind } from '../sites/types';

export interface PageView {
  kind: SurfaceKind;
  title: string | null;
  when: string | null;
}

/** Longest title or time kept: enough to tell views apart, bounded for the message. */
export const VIEW_TEXT_MAX = 200;
/** Most views reported at once (a page shows a handful; a bound for the message). */
export const VIEWS_MAX = 20;

export function viewOf(surface: { kind: SurfaceKind; context: { title: string | null; when: string | null } }): PageView {
  const { title, when } = surface.context;
  return { kind: surface.kind, title: title === null ? null : title.slice(0, VIEW_TEXT_MAX), when: when === null ? null : when.slice(0, VIEW_TEXT_MAX) };
}

/**
 * Whether two reports show the same view: the same kind, title and time. A title alone is not
 * enough (a weekly "Interview" with another candidate each time, two "1:1"s), nor a time alone (a
 * double-booked slot): a person chosen on one would be briefed over the other. A site writes one
 * event's time differently in its popup and on its own page ("Tuesday, May 19, 2026⋅10:00 –
 * 10:45am", "… 2026 10:00am – 10:45am"): `startOf` reads when it starts, so those are one time.
 * Editing the event's title or time makes another view, and the panel follows the page (the
 * event, with the person among its guests). A message being written is titled by the subject
 * being typed, and has no time: any compose view is the same one.
 */
export function sameView(a: PageView, b: PageView, startOf: (when: string) => string | null = () => null): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'compose') return true;
  if (a.title !== b.title) return false;
  if (a.when === b.when) return true;
  const start = a.when !== null && b.when !== null ? startOf(a.when) : null;
  return start !== null && start === startOf(b.when ?? '');
}
