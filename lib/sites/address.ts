/**
 * Shared, site-independent helpers for the site adapters: address validation and normalisation,
 * "Name <addr>" parsing, text normalisation, a per-surface people collector (dedupe by address,
 * by exact name for name-only people; roles and elements merged), cheap visibility checks, and
 * the rule for surface roots nested inside other surface roots.
 *
 * Pure functions over strings and DOM reads only: nothing here writes to the page.
 */
import { queryAll } from './query';
import type { FoundPerson, PersonRole } from './types';

// ---------------------------------------------------------------- addresses

/**
 * A pragmatic address check (RFC 5321 dot-atom local part, DNS host with at least one dot, no
 * quoted local parts or IP literals, which no site shows as a person). Length limits: 64 for the
 * local part, 254 overall, 63 per host label.
 *
 * The pattern checks the shape only; each host label's rules (1-63 characters, no hyphen at
 * either end, a letter first in the last one) are checked by `isHost`. A pattern that counts label
 * lengths (`[a-z0-9-]{0,61}`) is unrolled by V8's regular-expression compiler: compiling it cost
 * 1-2 ms on every page load of the large fixtures (a fresh isolated world compiles it again).
 */
const ADDRESS = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;

const HYPHEN = 0x2d;

/** The host of an address the pattern accepted (`value` from `start`): each label's length and ends, the last's first letter. */
function isHost(value: string, start: number): boolean {
  for (;;) {
    const dot = value.indexOf('.', start);
    const end = dot === -1 ? value.length : dot;
    const length = end - start;
    if (length < 1 || length > 63 || value.charCodeAt(start) === HYPHEN || value.charCodeAt(end - 1) === HYPHEN) return false;
    if (dot === -1) {
      const first = value.charCodeAt(start) | 0x20;
      return first >= 0x61 && first <= 0x7a;
    }
    start = dot + 1;
  }
}

export function isAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && ADDRESS.test(value) && isHost(value, at + 1);
}

/** Trims, drops a `mailto:` prefix and lowercases; null unless the result is a valid address. */
export function normaliseAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  // A cheap first-letter test before the regex: this runs for every address on a page.
  if ((value.charCodeAt(0) | 0x20) === 0x6d && /^mailto:/i.test(value)) value = value.slice(7).split('?')[0] ?? '';
  value = value.toLowerCase();
  return isAddress(value) ? value : null;
}

/**
 * Every valid address in a piece of text (lowercased, in order, deduplicated): each word checked
 * whole. A pattern picking addresses out of the text read an internationalised address's ASCII tail
 * as an address ("josé.garcia@example.com" as "garcia@example.com": someone else's, matched exactly).
 */
export function addressesIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const found = new Set<string>();
  // Split at white space, ASCII punctuation, and what surrounds an address in other scripts:
  // "/" and "|" (legal in a local part, never seen in one), Arabic punctuation, direction marks,
  // bidi embeddings and isolates, typographic quotes (U+200E-206F), CJK and full-width punctuation.
  // Never at a letter: "josé.garcia@…" stays one word, and no address.
  for (const word of text.split(/[\s<>(),;:"[\]/|\u060c\u061b\u061f\u200e-\u206f\u3000-\u303f\uff00-\uff20]+/)) {
    // Sentence punctuation around an address is not part of it ("write to a@b.com."; "a@b.com!").
    const address = normaliseAddress(word.replace(/^\.+|[.!?-]+$/g, ''));
    if (address) found.add(address);
  }
  return [...found];
}

/**
 * Google Calendar's addresses that are no one: rooms and resources (`@resource.calendar.google.com`),
 * shared and holiday calendars (`@group.calendar.google.com`, `@group.v.…`, an event on one lists
 * it as the organizer) and imported ones (`@import.…`). `address` normalised.
 */
export function isResourceAddress(address: string): boolean {
  return /[@.]calendar\.google\.com$/.test(address);
}

// ---------------------------------------------------------------- text

/** Text already in normal form: runs of non-space characters joined by single spaces. */
const NORMALISED = /^\S+(?: \S+)*$/;

/** Collapses runs of whitespace (including NBSP) and trims; null when nothing is left. */
export function normaliseText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // Most texts need no change (names, values normalised already): one test, no new string.
  if (NORMALISED.test(value)) return value;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

export interface ParsedContact {
  name: string | null;
  email: string | null;
}

/**
 * Parses what a chip or a header shows: "Name <addr>", an address alone, or a name alone. The
 * address between the last `<` and `>` counts only if it is valid, so a display name such as
 * `<img src=x onerror=…>` stays a name. Returns both null for empty text.
 */
export function parseNameAndAddress(text: string | null | undefined): ParsedContact {
  const value = normaliseText(text);
  if (value === null) return { name: null, email: null };
  if (value.endsWith('>')) {
    const open = value.lastIndexOf('<');
    if (open >= 0) {
      const email = normaliseAddress(value.slice(open + 1, -1));
      if (email) return { name: normaliseText(value.slice(0, open)), email };
    }
  }
  const alone = normaliseAddress(value);
  if (alone) return { name: null, email: alone };
  return { name: value, email: null };
}

/** A display name, or null when the "name" is really an address (the page knew no name). */
export function nameOrNull(value: string | null | undefined): string | null {
  const name = normaliseText(value);
  if (name === null) return null;
  return isAddress(name) ? null : name;
}

/**
 * A rich-text editor the user types a message or description into (Gmail's and Outlook's compose
 * body, Calendar's description editor): never people, and typing there must cause no re-read.
 */
export const TEXT_EDITOR = '[contenteditable="true"][aria-multiline="true"]';

/** Attribute Primer's markers carry (lib/content/marker.ts); adapters never read inside them. */
const MARKER_ATTRIBUTE = 'data-primer-marker';

/**
 * Text of an element without the parts hidden from assistive technology (initials avatars,
 * separators) and without Primer's own markers.
 */
export function shownText(element: Element): string | null {
  // Usually nothing inside is hidden: then the plain text is the shown text (one native query
  // instead of a walk in script, for every person of a large surface). Markers hold no text.
  if (element.querySelector('[aria-hidden="true"]') === null) return normaliseText(element.textContent);
  let out = '';
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) out += child.nodeValue ?? '';
      else if (child.nodeType === 1) {
        const el = child as Element;
        if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute(MARKER_ATTRIBUTE)) continue;
        walk(el);
      }
    }
  };
  walk(element);
  return normaliseText(out);
}

// ---------------------------------------------------------------- visibility

/**
 * Whether the element, or an ancestor up to the document, is hidden by attribute or inline style:
 * `hidden`, `aria-hidden="true"`, `style="display:none"` / `visibility:hidden`. These are the ways
 * the sites hide leftover dialogs and inactive views (Gmail hides views with an inline
 * `display:none`, InboxSDK watches those style changes). Attribute reads only: no layout.
 */
export function isHidden(element: Element): boolean {
  return hiddenUp(element, hiddenCache ?? new Map<Element, boolean>());
}

/**
 * Runs one surface read with visibility answers remembered: the people of a surface share most
 * ancestors, so a 300-person surface checks each ancestor once instead of once per person. The
 * memory lasts for this synchronous read only, so the page cannot change underneath it.
 */
export function withReadCache<T>(read: () => T): T {
  const outer = hiddenCache;
  hiddenCache = new Map<Element, boolean>();
  try {
    return read();
  } finally {
    hiddenCache = outer;
  }
}

let hiddenCache: Map<Element, boolean> | null = null;

function hiddenUp(element: Element, cache: Map<Element, boolean>): boolean {
  const known = cache.get(element);
  if (known !== undefined) return known;
  let hidden: boolean;
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') hidden = true;
  else {
    // Only elements with a style attribute can hide themselves inline; skip the rest cheaply.
    const style = element.hasAttribute('style') ? (element as Partial<HTMLElement>).style : undefined;
    hidden = !!style && (style.display === 'none' || style.visibility === 'hidden');
  }
  if (!hidden && element.parentElement) hidden = hiddenUp(element.parentElement, cache);
  cache.set(element, hidden);
  return hidden;
}

// ---------------------------------------------------------------- nested surface roots

/**
 * The nesting rule shared by all adapters: a surface root found inside another surface root (a
 * Gmail inline reply inside a thread, an Outlook inline reply inside the reading pane, Calendar's
 * details block inside a dialog that also matches) is a surface of its own, read on its own. The
 * outer root skips that subtree, so nobody is read twice and the runtime's observer, which maps a
 * change to the nearest root (`closest`), re-reads exactly the surface that changed.
 *
 * Returns a predicate "does this element belong to `root` itself"; cheap when nothing is nested.
 */
export function ownedByRoot(root: Element, surfaceSelectors: readonly string[]): (element: Element) => boolean {
  return ownedBy(nestedRoots(root, surfaceSelectors));
}

/** The surface roots inside `root`, outermost only (a root inside one of them is inside it too). */
export function nestedRoots(root: Element, surfaceSelectors: readonly string[]): Element[] {
  const inner = queryAll(root, surfaceSelectors);
  if (inner.length < 2) return inner;
  return inner.filter((element) => !inner.some((other) => other !== element && other.contains(element)));
}

/** "Does this element belong to the root itself", given its nested roots (`nestedRoots`). */
export function ownedBy(nested: readonly Element[]): (element: Element) => boolean {
  if (nested.length === 0) return () => true;
  return (element) => !nested.some((n) => n.contains(element));
}

/**
 * How many elements matching `selector` the nested roots hold, themselves included. When that is
 * all of the root's, the root owns none: a fallback root around a 300-guest dialog then skips
 * its rows with a few native queries instead of testing each one (`ownedBy`).
 */
export function heldByNested(nested: readonly Element[], selector: string): number {
  let held = 0;
  for (const root of nested) held += root.querySelectorAll(selector).length + (root.matches(selector) ? 1 : 0);
  return held;
}

/** Elements a fallback root's own part is walked through before queries take over (`holdsOutsideNested`). */
const OUTSIDE_WALK_MAX = 400;

/**
 * Whether `root` holds, outside its nested roots, an element matching any of `selectors`. A
 * fallback root (Gmail's main view) is mostly its nested roots: a query per selector walked the
 * 300-person thread inside it once per selector to find nothing of its own. This walks only what
 * no nested root holds, element by element; past OUTSIDE_WALK_MAX elements (the nested roots'
 * selectors no longer match the site, so the root holds everything) it queries instead.
 */
export function holdsOutsideNested(root: Element, nested: readonly Element[], selectors: readonly string[]): boolean {
  if (nested.length === 0) return selectors.some((selector) => root.querySelector(selector) !== null);
  const skip = new Set(nested);
  const list = selectors.join(', ');
  let node = root.firstElementChild;
  for (let visited = 0; node; visited++) {
    if (visited >= OUTSIDE_WALK_MAX) {
      const owned = ownedBy(nested);
      return selectors.some((selector) => [...root.querySelectorAll(selector)].some(owned));
    }
    let next: Element | null = null;
    if (!skip.has(node)) {
      if (node.matches(list)) return true;
      next = node.firstElementChild;
    }
    // Depth first: the first child, else the next sibling of the nearest ancestor that has one.
    for (let up: Element | null = node; next === null && up !== null && up !== root; up = up.parentElement) next = up.nextElementSibling;
    node = next;
  }
  return false;
}

// ---------------------------------------------------------------- people

const ROLE_ORDER: readonly PersonRole[] = ['organizer', 'guest', 'sender', 'to', 'cc', 'bcc'];
const byRoleOrder = (a: PersonRole, b: PersonRole) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b);

/**
 * Collects the people of one surface: one entry per address (lowercased) and one per exact
 * display name for name-only people; roles and elements are merged, the first name seen is kept.
 */
export class PeopleCollector {
  readonly #byEmail = new Map<string, FoundPerson>();
  readonly #byName = new Map<string, FoundPerson>();
  readonly #order: FoundPerson[] = [];

  /**
   * A person shown with an address (already normalised by the caller, or raw: it is checked).
   * Returns the normalised address, or null when it is not a person's address.
   */
  add(rawEmail: string | null, name: string | null, role: PersonRole | null, element: Element | null): string | null {
    const email = normaliseAddress(rawEmail);
    return email === null ? null : this.addNormalised(email, name, role, element);
  }

  /** `add` for an address the caller already normalised (`normaliseAddress`): not checked again. */
  addNormalised(email: string, name: string | null, role: PersonRole | null, element: Element | null): string | null {
    if (isResourceAddress(email)) return null;
    const person = this.#byEmail.get(email);
    if (!person) {
      // Made with its first role and element in place: arrays of their exact size (most people
      // have one of each), not empty ones grown by a push (a large page has hundreds).
      const found: FoundPerson = { email, name: nameOrNull(name), roles: role === null ? [] : [role], elements: element === null ? [] : [element] };
      this.#byEmail.set(email, found);
      this.#order.push(found);
      return email;
    }
    // The first name seen is kept, so later ones need no checking (hundreds per large surface).
    this.#merge(person, person.name === null ? nameOrNull(name) : null, role, element);
    return email;
  }

  /** A person shown by name only (Outlook). The name is kept exactly as shown (whitespace collapsed). */
  addName(rawName: string | null, role: PersonRole | null, element: Element | null): boolean {
    const name = normaliseText(rawName);
    if (name === null) return false;
    const person = this.#byName.get(name);
    if (!person) {
      const found: FoundPerson = { email: null, name, roles: role === null ? [] : [role], elements: element === null ? [] : [element] };
      this.#byName.set(name, found);
      this.#order.push(found);
      return true;
    }
    this.#merge(person, null, role, element);
    return true;
  }

  /** Adds what `parseNameAndAddress` found: by address when there is one, else by name. */
  addParsed(parsed: ParsedContact, role: PersonRole | null, element: Element | null): boolean {
    if (parsed.email) return this.add(parsed.email, parsed.name, role, element) !== null;
    return this.addName(parsed.name, role, element);
  }

  has(email: string): boolean {
    return this.#byEmail.has(email);
  }

  get size(): number {
    return this.#order.length;
  }

  people(): FoundPerson[] {
    // Most people have one role: sorting those would cost a call each (hundreds per surface).
    for (const person of this.#order) if (person.roles.length > 1) person.roles.sort(byRoleOrder);
    return this.#order;
  }

  #merge(person: FoundPerson, name: string | null, role: PersonRole | null, element: Element | null): void {
    if (person.name === null && name !== null) person.name = name;
    if (role !== null && !person.roles.includes(role)) person.roles.push(role);
    if (element !== null && !person.elements.includes(element)) person.elements.push(element);
  }
}

// ---------------------------------------------------------------- localized labels

/**
 * Header labels as the sites write them in their main UI languages (lowercased, without the
 * colon). Used before any positional fallback; an unknown label never drops a person.
 */
const LABELS: Record<'sender' | 'to' | 'cc' | 'bcc', readonly string[]> = {
  sender: ['from', 'von', 'de', 'da', 'van', 'från', 'fra', 'od', 'от', '差出人', '发件人', '寄件者', '보낸 사람', 'mittente', 'remitente', 'expéditeur'],
  to: ['to', 'an', 'à', 'a', 'para', 'aan', 'till', 'til', 'do', 'кому', '宛先', '收件人', '받는 사람', 'destinataire', 'destinatario'],
  cc: ['cc', 'kopie', 'copie', 'copia', 'kopia', 'копия', '抄送', '副本'],
  bcc: ['bcc', 'cci', 'cco', 'ccn', 'bkopie', 'ukryta kopia', 'скрытая копия', '密送', '密件副本', '숨은 참조'],
};

/**
 * A header row of someone who is neither sender nor recipient: where replies go (a mailing list's
 * or a vendor's address, in Gmail's details table). Never counted as a recipient.
 */
const NOT_A_PARTICIPANT = ['reply-to', 'reply to', 'antwort an', 'répondre à', 'responder a', 'rispondi a', 'antwoord aan', 'svara till', 'svar til', 'odpowiedz do', 'ответить', '返信先', '回复至', '回覆至'];

function labelKey(label: string | null | undefined): string | null {
  return normaliseText(label)?.replace(/[:：]\s*$/, '').trim().toLowerCase() || null;
}

/** Maps a header label ("To:", "Cc :", "An:", "Cci :") to a role, or null when unknown. */
export function roleForLabel(label: string | null | undefined): 'sender' | 'to' | 'cc' | 'bcc' | null {
  const key = labelKey(label);
  if (!key) return null;
  for (const role of ['bcc', 'cc', 'to', 'sender'] as const) if (LABELS[role].includes(key)) return role;
  return null;
}

/** Whether a header label names a row of no participant ("reply-to:"): its people are not read. */
export function isNonParticipantLabel(label: string | null | undefined): boolean {
  const key = labelKey(label);
  return key !== null && NOT_A_PARTICIPANT.includes(key);
}

/** "Organizer" and its translations, as Calendar puts it in a guest row's label or second line. */
export const ORGANIZER_WORDS = /organi[sz]er|organisateur|organizador|organisator|organizzatore|organizator|organizátor|järjestäjä|arrangør|arrangör|主催者|组织者|組織者|主辦者|주최자|организатор/i;

/**
 * The current value of an input or textarea (normalised), by tag name rather than `instanceof`, so
 * it also works for elements from another window (pop-out compose, iframes, parsed documents).
 */
export function inputValue(element: Element): string | null {
  const tag = element.tagName;
  if (tag !== 'INPUT' && tag !== 'TEXTAREA') return null;
  return normaliseText((element as HTMLInputElement).value);
}

/** All text under an element with a space between text nodes (so "Name" + "addr" never fuse). */
export function spacedText(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) parts.push(child.nodeValue ?? '');
      else if (child.nodeType === 1 && !(child as Element).hasAttribute(MARKER_ATTRIBUTE)) walk(child);
    }
  };
  walk(element);
  return parts.join(' ');
}
