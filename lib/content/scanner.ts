/**
 * Reads the surfaces the observer hands over, leaves out the user's own addresses and excluded
 * domains (for people shown by name only: by their matched contact's address), asks who is a
 * known contact, and marks exactly those people. Unknown people get
 * nothing. A surface re-read (a reused Calendar popup, a re-rendered Gmail header) replaces or
 * removes marks whose element now shows someone else or no one; marks on elements that left the
 * page are dropped, so a tab open for a day does not grow. Surfaces whose people could not all be
 * looked up are remembered until a read of them succeeds (`failedRoots`, for recovery.ts).
 */
import type { PersonQuery } from '../messaging/protocol';
import { LONGEST_NAME } from '../messaging/content-replies';
import type { PageContext, PageSurface } from '../panel/context';
import { viewOf, VIEWS_MAX, type PageView } from '../panel/view';
import type { ContactMatch } from '../models';
import { isHidden, withReadCache } from '../sites/address';
import type { FoundPerson, SiteAdapter, Surface } from '../sites/types';
import { isExcludedAddress, ownAddressAsShown, type Preferences } from '../storage/preferences';
import { fullName, normaliseName } from '../sites/person-name';
import { personKey, type PeopleLookup } from './lookup';
import { createMarker, MARKER_ATTRIBUTE, MARKER_TAG } from './marker';
import { isOwned } from './owned-nodes';

export interface Mark {
  key: string;
  element: Element;
  marker: HTMLElement | null;
  match: ContactMatch;
  surface: Surface;
}

export interface ScannerOptions {
  adapter: SiteAdapter;
  lookup: PeopleLookup;
  preferences: () => Preferences;
  /** The user's own addresses: from the page and from the options. */
  ownAddresses: () => ReadonlySet<string>;
  /** The user's own display names (normalised), where the site shows people by name only. */
  ownNames?: () => ReadonlySet<string>;
  /** Applies the scanner's own DOM changes (markers in and out); the runtime hides them from its observer. */
  write?: (apply: () => void) => void;
}

export interface ScanStats {
  surfaces: number;
  people: number;
  known: number;
  /** What is in view (each surface's kind, title and time), so a new view is noticed. */
  views: PageView[];
  /** Who is in view (their keys), so a person replaced by another is noticed. */
  who: string;
}

export class PageScanner {
  readonly #options: ScannerOptions;
  readonly #marks = new Map<Element, Mark>();
  readonly #markerOwners = new WeakMap<Element, Element>();
  /** Elements marked from each surface root at its last read. */
  readonly #byRoot = new Map<Element, Set<Element>>();
  readonly #surfaces = new Map<Element, Surface>();
  /** The people keys of each surface at its last read (for stats without re-normalising). */
  readonly #keysByRoot = new Map<Element, string[]>();
  /**
   * Each root's latest read: an answer applies only to the read that asked for it. The site may
   * reuse the element for someone else meanwhile, and an older, slower lookup must not win.
   */
  readonly #latestRead = new Map<Element, number>();
  #reads = 0;
  /** Roots whose last read had failed lookups, with when asking again is worthwhile (PeopleLookup.retryAt). */
  readonly #failed = new Map<Element, number>();
  /** People shown by name only whose match turned out to be the user or in an excluded domain. */
  readonly #leftOutByMatch = new WeakSet<FoundPerson>();
  /** Told when a mark is dropped or its element now shows someone else (a card open on it closes). */
  onDrop: ((mark: Mark) => void) | null = null;
  /** The user's own addresses, read once per scan. */
  #own: ReadonlySet<string> = new Set();

  constructor(options: ScannerOptions) {
    this.#options = options;
  }

  /** Reads these surface roots now; resolves when their lookups have been answered and applied. */
  async scan(roots: Iterable<Element>): Promise<void> {
    this.#prune();
    this.#own = this.#options.ownAddresses();
    const pending: Promise<void>[] = [];
    for (const root of roots) {
      if (!root.isConnected) continue;
      const surface = this.#options.adapter.readSurface(root);
      if (!surface) {
        this.#forgetRoot(root);
        this.#write(() => this.#unmarkRoot(root, new Set()));
        continue;
      }
      this.#surfaces.set(root, surface);
      const read = ++this.#reads;
      this.#latestRead.set(root, read);
      pending.push(this.#scanSurface(surface, read));
    }
    await Promise.all(pending);
  }

  /** The mark for a page element, or for the marker beside it. */
  markFor(node: Element): Mark | undefined {
    const owner = this.#markerOwners.get(node);
    return this.#marks.get(owner ?? node);
  }

  /** The marked element (or its marker) at or above `node`, within a few levels, or the address printed beside one. */
  findMark(node: Node | null): Mark | undefined {
    let current: Node | null = node;
    for (let depth = 0; current && depth < 8; depth++) {
      if (current instanceof Element) {
        const mark = this.markFor(current) ?? this.#addressBeside(current);
        if (mark) return mark;
      }
      current = current.parentNode;
    }
    return undefined;
  }

  /**
   * The mark of the person whose address `element` prints right after them ("Maya Chen
   * <maya@…>" in Gmail's message headers): the address shows the same person, and is hovered
   * like the name. Only when its text is exactly that address (brackets aside).
   */
  #addressBeside(element: Element): Mark | undefined {
    const before = element.previousElementSibling;
    const mark = before ? this.markFor(before) : undefined;
    if (!mark?.key.startsWith('e:')) return undefined;
    return element.textContent?.replace(/[\s<>]/g, '').toLowerCase() === mark.key.slice(2) ? mark : undefined;
  }

  stats(): ScanStats {
    // Runs after every batch: uses the keys computed when each surface was read.
    const surfaces = this.surfaces();
    const shown = new Set(surfaces.map((surface) => surface.root));
    const people = new Set<string>();
    for (const surface of surfaces) for (const key of this.#keysByRoot.get(surface.root) ?? []) people.add(key);
    const known = new Set<string>();
    for (const mark of this.#marks.values()) if (shown.has(mark.surface.root)) known.add(mark.key);
    const views = surfaces.slice(0, VIEWS_MAX).map(viewOf);
    return { surfaces: surfaces.length, people: people.size, known: known.size, views, who: [...people].join() };
  }

  /**
   * Current surfaces (events, threads…) with their people, for the side panel. A view the site hid
   * is left out: Gmail keeps a thread it leaves in the page with display:none (its marks stay for
   * when it is shown again), and the panel must not go on briefing it.
   */
  surfaces(): Surface[] {
    // Attribute reads only; surfaces share most ancestors, so each is checked once.
    return withReadCache(() => [...this.#surfaces.values()].filter((surface) => surface.root.isConnected && !isHidden(surface.root)));
  }

  /** The surfaces in view with each person's match, for the side panel (lists last). */
  pageContext(): PageContext['surfaces'] {
    const order = (surface: Surface) => (surface.kind === 'list' ? 1 : 0);
    return this.surfaces()
      .sort((a, b) => order(a) - order(b))
      .map((surface) => this.describe(surface));
  }

  /** One surface as the side panel sees it: context and people, each with its match. */
  describe(surface: Surface): PageSurface {
    return {
      kind: surface.kind,
      title: surface.context.title,
      when: surface.context.when,
      people: surface.people
        .filter((person) => this.#included(person) && !this.#leftOutByMatch.has(person))
        .map((person) => ({
          email: person.email,
          name: person.name,
          roles: person.roles,
          match: person.elements.map((element) => this.#marks.get(element)?.match).find((match) => match !== undefined) ?? null,
        })),
    };
  }

  /** Roots in view whose last read left people unlooked-up, and worth reading again by `dueBy`. */
  failedRoots(dueBy = Infinity): Element[] {
    const roots: Element[] = [];
    for (const [root, retryAt] of this.#failed) if (retryAt <= dueBy && root.isConnected && !isHidden(root)) roots.push(root);
    return roots;
  }

  /** The service no longer has the contact of the person with this key (the card was told): a read asks again. */
  forget(key: string): void {
    this.#options.lookup.forget(key);
  }

  /** Removes every mark (site switched off, settings changed); pending lookups are ignored. */
  clear(): void {
    this.#latestRead.clear();
    this.#failed.clear();
    for (const mark of this.#marks.values()) mark.marker?.remove();
    this.#marks.clear();
    this.#byRoot.clear();
    this.#surfaces.clear();
    this.#keysByRoot.clear();
  }

  #included(person: FoundPerson): boolean {
    // A name longer than a name can be (a row's whole text read as one) is no one: the background
    // would refuse the whole batch it is in, and everyone in it would go unmarked.
    if (person.email === null) {
      if (person.name === null) return false;
      const full = fullName(person.name);
      return full.trim().length <= LONGEST_NAME && !this.#isOwnName(person.name, full);
    }
    if (this.#own.has(person.email)) return false;
    return !isExcludedAddress(person.email, this.#options.preferences());
  }

  /** The user's own name, as the page shows it or as the lookup asks for it (`full`: "Tester, Primer" → "Primer Tester"). */
  #isOwnName(shown: string, full: string): boolean {
    const own = this.#options.ownNames?.();
    return own !== undefined && (own.has(normaliseName(shown)) || (full !== shown && own.has(normaliseName(full))));
  }

  /**
   * A person shown by name only could not be checked before the lookup: the matched contact's
   * address tells whether it is the user or someone in an excluded domain.
   */
  #excludedMatch(match: ContactMatch): boolean {
    // In the form pages show it (its domain in ASCII), as own addresses and excluded domains are.
    const email = match.contact.email && ownAddressAsShown(match.contact.email);
    return !!email && (this.#own.has(email) || isExcludedAddress(email, this.#options.preferences()));
  }

  async #scanSurface(surface: Surface, read: number): Promise<void> {
    const people = surface.people.filter((person) => this.#included(person));
    const queries = people.map(queryFor);
    const keys = people.map(keyFor);
    this.#keysByRoot.set(surface.root, keys);
    this.#dropOutdated(surface.root, people, keys);
    // One wait for the whole surface; a failed lookup answers undefined (nothing is marked, and the
    // surface is remembered in #failed for recovery.ts).
    const matches = await this.#options.lookup.findAll(queries, keys);
    // Dropped after a clear, or when the root was read again meanwhile (the newer read applies).
    if (this.#latestRead.get(surface.root) !== read || !surface.root.isConnected) return;
    const keep = new Set<Element>();
    // Most surfaces (a thread, an event) hold no editable text at all: then no element needs the
    // per-element check below (hundreds of walks up the tree on a large surface).
    const mayEdit = surface.root.closest('[contenteditable]') !== null || surface.root.querySelector('[contenteditable]') !== null;
    let above: Around | null = null;
    const aboveRoot = () => (above ??= aroundOf(surface.root.parentElement, null));
    const around = new Map<Element, Around>();
    let retryAt = Infinity;
    // A surface read again with the same people (a message's time rewritten, a line added to its
    // body) changes no marker: a dry run first says so, and the write hook's cost (the observer
    // taken off the page and put back) is spared. Both runs make the same choices.
    let writes = false;
    const apply = (dry?: boolean) => {
      people.forEach((person, i) => {
        if (dry && writes) return;
        const match = matches[i];
        if (!match) {
          if (match !== undefined) return;
          retryAt = Math.min(retryAt, this.#options.lookup.retryAt(keys[i]!));
          // A lookup that failed this time (the service busy, the background restarting) says
          // nothing new of someone marked already: their mark, and a card open on it, stay.
          for (const element of person.elements) if (this.#marks.get(element)?.key === keys[i]) keep.add(element);
          return;
        }
        if (person.email === null && this.#excludedMatch(match)) {
          this.#leftOutByMatch.add(person);
          return;
        }
        let texts: string[] | null = null;
        for (const element of person.elements) {
          if (!element.isConnected) continue;
          keep.add(element);
          // The texts a marker is placed after, worked out once per person (lazily: most elements
          // of a re-read surface are marked already).
          if (dry) writes ||= !this.#markHolds(element, keys[i]!);
          else this.#mark(element, keys[i]!, person, match, surface, () => (texts ??= markerTexts(person)), mayEdit, aboveRoot, around);
        }
      });
      if (dry) writes ||= [...(this.#byRoot.get(surface.root) ?? [])].some((element) => !keep.has(element) && this.#marks.get(element)?.surface.root === surface.root);
      else this.#unmarkRoot(surface.root, keep);
    };
    apply(true);
    if (writes) this.#write(apply);
    else apply();
    this.#byRoot.set(surface.root, keep);
    if (retryAt < Infinity) this.#failed.set(surface.root, retryAt);
    else this.#failed.delete(surface.root);
  }

  /**
   * Marks of `root` whose element now shows someone else, or no one: dropped at once, not once the
   * new people are looked up. Meanwhile the old marker would name the previous person beside the new
   * one, and a card open on it would go on describing them (Outlook keeps the From button for the
   * next message; Calendar reuses its popup's rows).
   */
  #dropOutdated(root: Element, people: readonly FoundPerson[], keys: readonly string[]): void {
    const before = this.#byRoot.get(root);
    if (!before || before.size === 0) return;
    const shows = new Map<Element, string>();
    people.forEach((person, i) => {
      for (const element of person.elements) shows.set(element, keys[i]!);
    });
    const outdated: Mark[] = [];
    for (const element of before) {
      const mark = this.#marks.get(element);
      if (mark?.surface.root === root && shows.get(element) !== mark.key) outdated.push(mark);
    }
    if (outdated.length === 0) return;
    this.#write(() => {
      for (const mark of outdated) {
        mark.marker?.remove();
        this.#marks.delete(mark.element);
        before.delete(mark.element);
        this.onDrop?.(mark);
      }
    });
  }

  #write(apply: () => void): void {
    if (this.#options.write) this.#options.write(apply);
    else apply();
  }

  /** Whether `element`'s mark is `key`'s with its marker (if any) still beside it: nothing to redo. */
  #markHolds(element: Element, key: string): boolean {
    const existing = this.#marks.get(element);
    return existing?.key === key && (existing.marker === null || besideItsPerson(existing.marker, element));
  }

  #mark(element: Element, key: string, person: FoundPerson, match: ContactMatch, surface: Surface, texts: () => string[], mayEdit: boolean, aboveRoot: () => Around, around: Map<Element, Around>): void {
    const existing = this.#marks.get(element);
    if (existing && this.#markHolds(element, key)) {
      // The same person, answered afresh (a contact merged into another: the card and the panel brief the newer).
      existing.surface = surface;
      existing.match = match;
      return;
    }
    existing?.marker?.remove();
    if (existing && existing.key !== key) this.onDrop?.(existing);
    // Typing in a compose field must not meet our node inside the editable text; a recipient chip
    // that is a non-editable island (contenteditable=false) can carry it.
    const editable = mayEdit && isEditable(element);
    let marker: HTMLElement | null = null;
    if (!editable) {
      // A chip moved as HTML (dragged from To to Cc) brings a copy of its old marker: a dead one.
      if (mayEdit) for (const copy of element.querySelectorAll(MARKER_TAG)) if (!isOwned(copy)) copy.remove();
      const place = placementOf(element, surface.root, aboveRoot, around);
      marker = createMarker(person, match.matchedBy, place.tabStop);
      if (place.after) place.after.after(marker);
      else placeInside(element, marker, texts());
      this.#markerOwners.set(marker, element);
    }
    // The same person drawn again by the site: the same mark, with its new marker (an open card,
    // its return of focus and an Esc's dismissal hold on to the mark).
    if (existing?.key === key) Object.assign(existing, { marker, match, surface });
    else this.#marks.set(element, { key, element, marker, match, surface });
  }

  #unmarkRoot(root: Element, keep: Set<Element>): void {
    for (const element of this.#byRoot.get(root) ?? []) {
      if (keep.has(element)) continue;
      const mark = this.#marks.get(element);
      if (mark?.surface.root === root) {
        mark.marker?.remove();
        this.#marks.delete(element);
        this.onDrop?.(mark);
      }
    }
  }

  #prune(): void {
    for (const [element, mark] of this.#marks) {
      if (!element.isConnected) {
        // A marker placed beside its person's element can outlive it; its removal is Primer's own.
        const marker = mark.marker;
        // One taken out with its subtree is removed too, in case the site puts the subtree back.
        if (marker?.isConnected) this.#write(() => marker.remove());
        else marker?.remove();
        this.#marks.delete(element);
        this.onDrop?.(mark);
      }
    }
    for (const root of this.#surfaces.keys()) if (!root.isConnected) this.#forgetRoot(root);
    for (const root of this.#byRoot.keys()) if (!root.isConnected) this.#byRoot.delete(root);
  }

  /** A root that holds no surface (any more): what its last read left is dropped. */
  #forgetRoot(root: Element): void {
    this.#latestRead.delete(root);
    this.#failed.delete(root);
    this.#surfaces.delete(root);
    this.#keysByRoot.delete(root);
  }
}

function queryFor(person: FoundPerson): PersonQuery {
  return person.email !== null ? { email: person.email } : { name: fullName(person.name ?? '') };
}

/** `personKey(queryFor(person))`, without normalising again an address the adapter normalised. */
function keyFor(person: FoundPerson): string {
  return person.email !== null ? `e:${person.email}` : personKey({ name: fullName(person.name ?? '') });
}

/**
 * What the page itself shows for a person, lowercased: the marker goes right after that text. Never
 * the matched contact's name or address: the page would learn them from where the marker went.
 */
function markerTexts(person: FoundPerson): string[] {
  return [person.name, person.email].flatMap((text) => (text ? [text.trim().toLowerCase()] : []));
}

const MAX_TEXT_NODES = 40;

/** Roles of a site's controls: a marker inside one would be a button in a button (unreachable, read twice). */
const CONTROL_ROLES = new Set(['button', 'link']);
/**
 * Roles of widgets the site moves through with arrow keys: focus on their items opens the card, and
 * Alt+Down there moves into it (hover.ts).
 */
const COMPOSITE_ROLES = new Set(['tree', 'treegrid', 'treeitem', 'grid', 'row', 'listbox', 'option', 'menu']);

interface Around {
  control: Element | null;
  inComposite: boolean;
}

/** What one element is: a control (button, link), an arrow-key widget, or neither. */
function kindOf(element: Element): 'control' | 'composite' | null {
  const tag = element.tagName;
  if (tag === 'BUTTON' || (tag === 'A' && element.hasAttribute('href'))) return 'control';
  const role = element.getAttribute('role');
  if (role === null) return null;
  return CONTROL_ROLES.has(role) ? 'control' : COMPOSITE_ROLES.has(role) ? 'composite' : null;
}

const NOTHING_AROUND: Around = { control: null, inComposite: false };

/**
 * The nearest control at or above `from` (the marker goes after it), and whether an arrow-key
 * widget holds the marker's place, up to `stop` (excluded). A walk by tag and role, not a selector
 * list per ancestor: it runs for every known person of a 300-person page. `memo` keeps each
 * ancestor's answer for one marking of a surface (same `stop`): its people share most ancestors.
 */
function aroundOf(from: Element | null, stop: Element | null, memo?: Map<Element, Around>): Around {
  const path: Element[] = [];
  let around = NOTHING_AROUND;
  for (let node = from; node && node !== stop; node = node.parentElement) {
    const known = memo?.get(node);
    if (known) {
      around = known;
      break;
    }
    path.push(node);
  }
  // Downwards from the highest new ancestor: a widget hides every control above it; the nearest
  // control below it wins.
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i]!;
    const kind = kindOf(node);
    if (kind === 'composite') around = { control: null, inComposite: true };
    else if (kind === 'control') around = { control: node, inComposite: around.inComposite };
    memo?.set(node, around);
  }
  return around;
}

/**
 * Where the marker goes, and whether Tab stops on it. Inside a site's button or link: right after
 * it (`after`). Inside an arrow-key widget (Calendar's guest tree, Gmail's list rows and chips):
 * out of the Tab order, or Tab would pass through every known person. The walk stops at the
 * surface root, whose own ancestors are looked at once per marking (`aboveRoot`). Worked out
 * before the marker is made, so that it is made as it must be (marker.ts templates).
 */
function placementOf(element: Element, root: Element, aboveRoot: () => Around, memo: Map<Element, Around>): { after: Element | null; tabStop: boolean } {
  const inside = aroundOf(element, root.parentElement, memo);
  // A widget within the surface decides alone; else what is above the root (looked at once).
  const above = inside.inComposite ? null : aboveRoot();
  return { after: inside.control ?? above?.control ?? null, tabStop: !(inside.inComposite || above?.inComposite) };
}

/**
 * Right after the person's name (or address) as the page shows it, so the marker reads as part of
 * the name; at the end of the element when no such text is found. Never inside form fields.
 */
function placeInside(element: Element, marker: HTMLElement, wanted: string[]): void {
  const matches = (node: Node) => {
    const text = node.nodeValue?.trim().toLowerCase() ?? '';
    return text !== '' && wanted.includes(text);
  };
  // Most sites put the name straight into the element (Gmail's span[email]): look there first.
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE && matches(child)) {
      child.after(marker);
      return;
    }
  }
  // Without child elements the walk below would only see the text nodes just checked.
  if (element.firstElementChild) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let count = 0, node = walker.nextNode(); node && count < MAX_TEXT_NODES; count++, node = walker.nextNode()) {
      if (matches(node)) {
        (node as Text).after(marker);
        return;
      }
    }
  }
  element.append(marker);
}

/**
 * Whether a marker is still where it was put: inside its person's element, or right after the
 * control holding it. A site that moves its nodes (a list re-ordered, a row inserted after a
 * person's button) leaves a marker after a control beside someone else.
 */
function besideItsPerson(marker: Element, element: Element): boolean {
  if (!marker.isConnected) return false;
  if (element.contains(marker)) return true;
  // Past the markers of others in the same control (two people in one button or link).
  let before = marker.previousElementSibling;
  while (before?.hasAttribute(MARKER_ATTRIBUTE)) before = before.previousElementSibling;
  return before?.contains(element) ?? false;
}

/** Whether the user edits text at `element` (the nearest contenteditable attribute decides). */
function isEditable(element: Element): boolean {
  const host = element.closest('[contenteditable]');
  if (!host) return false;
  const value = host.getAttribute('contenteditable')?.toLowerCase() ?? '';
  return value !== 'false';
}
