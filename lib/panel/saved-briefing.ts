/**
 * The last briefing the side panel drew for a subject, saved as a plain tree of elements and text,
 * so that the next opening on the same page paints it at once (the panel's start-up script,
 * entrypoints/panel-start.ts) while React and the rest of the panel's code are still loading. The
 * live panel replaces it in its first render.
 *
 * Rebuilt from data, never parsed as HTML: elements come from a fixed list, attributes from a
 * fixed list (no `href`, `src`, `style` or event handlers), text only as text nodes. The saved
 * copy is shown inert and marked busy, so nothing on it can be clicked or focused until the live
 * panel takes over. No dependencies: the start-up script must stay small.
 */
import { markWhenPainted } from './paint-mark';

/** Text, or an element: tag, attributes, children. */
export type SavedNode = string | [tag: string, attributes: Record<string, string>, children: SavedNode[]];

export interface SavedBriefing {
  /** When it was drawn (ms since the epoch). */
  at: number;
  /** The paint mark's detail of the live briefing it copies (paint-mark.ts). */
  mark: { kind: string; key: string };
  nodes: SavedNode[];
}

/** Subjects kept (the most recently drawn). */
export const SAVED_BRIEFINGS_MAX = 8;
/** Older copies are not shown: their relative dates ("3 days ago") would be too far off. */
export const SAVED_BRIEFING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_NODES = 6000;
const MAX_DEPTH = 40;

const TAGS = new Set(
  (
    'a abbr article aside b bdi br button caption dd del details div dl dt em footer form h1 h2 h3 h4 h5 h6 header hr i input ins label ' +
    'legend li main mark meter nav ol output p progress s search section small span strong sub summary sup table tbody td th thead ' +
    'time tr u ul wbr'
  ).split(' '),
);
/**
 * No `id`, `name` or `for`: named elements become properties of `window` and `document`, and the
 * inert copy needs no labels. No `value`: what was being typed belongs to that panel only.
 */
const ATTRIBUTE = /^(?:class|role|title|datetime|dir|lang|hidden|type|placeholder|disabled|readonly|checked|open|min|max|low|high|optimum|colspan|rowspan|tabindex|autocomplete|spellcheck|novalidate|(?:aria|data)-[a-z0-9-]+)$/;

/** The saved copy of what `root` shows now, or null when it holds anything not on the lists. */
export function captureBriefing(root: Element): SavedNode[] | null {
  let count = 0;
  const capture = (node: Node, depth: number): SavedNode | null | undefined => {
    if (++count > MAX_NODES || depth > MAX_DEPTH) return null;
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? '';
    if (node.nodeType !== Node.ELEMENT_NODE) return undefined; // comments: left out
    const element = node as Element;
    // Notes about the moment it was drawn (offline, updating): not true of the next opening.
    if (element.hasAttribute('data-unsaved')) return undefined;
    const tag = element.localName;
    if (!TAGS.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return null;
    const attributes: Record<string, string> = {};
    for (const { name, value } of element.attributes) if (ATTRIBUTE.test(name)) attributes[name] = value;
    const children = captureChildren(element, depth + 1);
    return children ? [tag, attributes, children] : null;
  };
  const captureChildren = (parent: Node, depth: number): SavedNode[] | null => {
    const out: SavedNode[] = [];
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      const saved = capture(child, depth);
      if (saved === null) return null;
      if (saved !== undefined) out.push(saved);
    }
    return out;
  };
  return captureChildren(root, 0);
}

/**
 * The elements of a saved copy, checked as they are built (it comes from storage): null when
 * anything in it is not on the lists, so a copy is shown whole or not at all.
 */
export function buildBriefing(doc: Document, nodes: unknown): DocumentFragment | null {
  let count = 0;
  const build = (node: unknown, depth: number): Node | null => {
    if (++count > MAX_NODES || depth > MAX_DEPTH) return null;
    if (typeof node === 'string') return doc.createTextNode(node);
    if (!Array.isArray(node) || node.length !== 3) return null;
    const [tag, attributes, children] = node as unknown[];
    if (typeof tag !== 'string' || !TAGS.has(tag) || typeof attributes !== 'object' || attributes === null || !Array.isArray(children)) return null;
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (!ATTRIBUTE.test(name) || typeof value !== 'string') return null;
      element.setAttribute(name, value);
    }
    for (const child of children) {
      const built = build(child, depth + 1);
      if (!built) return null;
      element.append(built);
    }
    return element;
  };
  if (!Array.isArray(nodes)) return null;
  const fragment = doc.createDocumentFragment();
  for (const node of nodes) {
    const built = build(node, 0);
    if (!built) return null;
    fragment.append(built);
  }
  return fragment;
}

/**
 * Whether the stored focus decides the subject by itself (lib/panel/subject.ts: a chosen person,
 * or a chosen meeting with people), so the page's report does not matter. Read loosely: the
 * start-up script has no zod. The panel keys a focus its check refused as no focus, so the two
 * sides' keys differ for it and no saved copy is shown.
 */
export function focusDecides(focus: unknown): boolean {
  if (typeof focus !== 'object' || focus === null) return false;
  const { kind, match, surface } = focus as { kind?: unknown; match?: unknown; surface?: { people?: unknown } };
  if (kind === 'person') return typeof match === 'object' && match !== null;
  return kind === 'surface' && Array.isArray(surface?.people) && surface.people.length > 0;
}

/**
 * The key a saved copy is kept under: what the subject is made of (the chosen focus, else the
 * page's report, as read), so a copy is shown only for exactly the same inputs. Hashed (53 bits):
 * a large meeting's report is tens of kilobytes.
 */
export function savedBriefingKey(focus: unknown, page: unknown): string {
  // When it was chosen is no part of what is briefed: a saved copy serves every choice of it.
  const chosen = typeof focus === 'object' && focus !== null && 'chosenAt' in focus ? { ...focus, chosenAt: undefined } : focus;
  const text = JSON.stringify(focusDecides(chosen) ? ['focus', chosen] : ['page', page ?? null]);
  // cyrb53 (public domain): two 32-bit multiplicative hashes, combined.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** `savedBriefingKey`, waiting for the page's report only when the focus does not decide. */
export async function savedBriefingKeyOf(focus: unknown, page: Promise<unknown>): Promise<string> {
  return savedBriefingKey(focus, focusDecides(focus) ? null : await page);
}

/** A saved copy as read from storage: its nodes are checked as they are built (`buildBriefing`). */
export type FoundBriefing = Pick<SavedBriefing, 'mark'> & { nodes: unknown };

/** The saved copy for `key`, if it is young enough. */
export function savedBriefingFor(stored: unknown, key: string, now: number): FoundBriefing | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const entry = (stored as Record<string, unknown>)[key];
  if (typeof entry !== 'object' || entry === null) return null;
  const { at, mark, nodes } = entry as { at?: unknown; mark?: { kind?: unknown; key?: unknown }; nodes?: unknown };
  if (typeof at !== 'number' || now - at > SAVED_BRIEFING_MAX_AGE_MS || now < at - 60_000) return null;
  if (typeof mark?.kind !== 'string' || typeof mark.key !== 'string') return null;
  return { mark: { kind: mark.kind, key: mark.key }, nodes };
}

/** `stored` with `briefing` under `key`, keeping the SAVED_BRIEFINGS_MAX most recent. */
export function withSavedBriefing(stored: unknown, key: string, briefing: SavedBriefing): Record<string, SavedBriefing> {
  const entries = Object.entries(typeof stored === 'object' && stored !== null ? (stored as Record<string, SavedBriefing>) : {}).filter(
    ([other, entry]) => other !== key && typeof entry?.at === 'number',
  );
  entries.push([key, briefing]);
  entries.sort((a, b) => b[1].at - a[1].at);
  return Object.fromEntries(entries.slice(0, SAVED_BRIEFINGS_MAX));
}

/**
 * Shows a saved copy in the panel's root while it is still empty (the live panel has not drawn),
 * inert and marked busy, and sets the paint mark. Resolves once it is on screen: true, or false at
 * once when it cannot be shown.
 */
export function paintSavedBriefing(doc: Document, saved: FoundBriefing): Promise<boolean> {
  const root = doc.getElementById('root');
  if (!root || root.firstChild) return Promise.resolve(false);
  const fragment = buildBriefing(doc, saved.nodes);
  if (!fragment) return Promise.resolve(false);
  root.inert = true;
  root.setAttribute('aria-busy', 'true');
  root.dataset.saved = '';
  root.append(fragment);
  return new Promise((resolve) => markWhenPainted({ ...saved.mark, saved: true }, () => resolve(true)));
}

/** Whether the root shows a saved copy; the live panel calls `releaseSavedBriefing` as it draws over it. */
export const showsSavedBriefing = (root: HTMLElement) => root.dataset.saved !== undefined;

export function releaseSavedBriefing(root: HTMLElement): void {
  if (!showsSavedBriefing(root)) return;
  delete root.dataset.saved;
  root.inert = false;
  root.removeAttribute('aria-busy');
}
