/**
 * Gmail adapter: the people in an open thread (senders and recipients of every message), in a
 * compose window (To/Cc/Bcc chips), and in the message list (senders of the visible rows).
 *
 * Relied on (read 2026-11-22; summary in /work/shared/notes/dom.md §1):
 * - KartikTalwar/gmail.js @b7dfdab `src/gmail.js`: sender `span[email].gD` with `email`/`name`
 *   (`api.dom.email…from()` L4334-4348, `dom()` L4456-4463); recipients `span[email].g2` in
 *   `span.hb` (`to()` L4356-4390); subject `h2.hP`; messages `div.adn.ads` (L2487-2498); list rows
 *   `tbody>tr.zA[role="row"]` → `*[email][name]` (`visible_messages()` L3951-3968); compose
 *   `closest('div.M9')` (L2470-2580); PeopleKit chips `div[name=to|cc|bcc] div[data-hovercard-id]`
 *   + `data-name` (`recipients()` L4075-4090), legacy `input[type=hidden][name=to]`/`textarea[name=to]`.
 * - InboxSDK/InboxSDK @a8a6fe2c `src/platform-implementation-js/dom-driver/gmail/`:
 *   `views/gmail-message-view.ts` sender `td.gF span[email]` (L226), recipients `.hb span[email]`
 *   (L240-255), `[data-message-id]` (L123); `views/gmail-thread-view.ts` thread element
 *   `.a98.iY` (Nov 2023), `.PeIF1d` (Oct 2022), `.if` (2018) (L203-225, L884) with messages in
 *   `[role=list]` (L299); `views/gmail-message-view/get-updated-contact.ts` "Show details" menu
 *   `.ajA.SK` holding `.ajC [email]` with `name`, else "Name <addr>" text;
 *   `views/gmail-compose-view/get-recipients.ts` chip `data-hovercard-id` = address, `data-name`.
 * - Briskine/briskine @98b08db `src/content/plugins/gmail.js` L103-117:
 *   `input[name=f], [name=f] [role=option]` → `value`, else `data-hovercard-id` + `data-name`.
 * - The thread-list attribute `[gh="tl"]` (used by many Gmail extensions, found with
 *   `find_string '[gh="tl"]'`, 2026-11-22).
 *
 * Address-bearing attributes (`email`, `data-hovercard-id`) are the only source of addresses;
 * classes only pick the part of a message (sender line, header, details) already scoped by them.
 * Message bodies are never read (mailto links and quoted headers are not participants).
 */
import {
  inputValue,
  PeopleCollector,
  addressesIn,
  isHidden,
  normaliseText,
  nestedRoots,
  ownedBy,
  holdsOutsideNested,
  withReadCache,
  parseNameAndAddress,
  roleForLabel,
  isNonParticipantLabel,
  TEXT_EDITOR,
} from './address';
import { queryAll, queryFirst } from './query';
import type { PersonRole, SiteAdapter, Surface, SurfaceKind } from './types';

/**
 * Every Gmail selector lives here: one constant each, not an object's properties, which the
 * minifier cannot shorten in the script injected on every page.
 */
const SEL_ROOTS = [
  // Thread view element: InboxSDK gmail-thread-view.ts, Nov 2023 layout (read 2026-11-22).
  'div.a98.iY',
  // Older thread view elements (InboxSDK: Oct 2022, 2018); kept as fallbacks.
  'div.PeIF1d',
  'div.if',
  // Compose window: gmail.js `closest('div.M9')`; `.AD` is the full-screen/pop-out variant (2026-11-22).
  'div.M9',
  'div.AD',
  // Message list: the `gh="tl"` thread-list attribute (Gmail extensions; 2026-11-22).
  'div[gh="tl"]',
  // Fallback: the main view (InboxSDK tracks `[role=main]`/.nH views); reads only what no root
  // above claims (nested roots are read on their own: address.ts ownedByRoot).
  'div[role="main"]',
  // Fallback for compose windows, which sit outside the main view: their dialog (the fixture's
  // `div.nH.Hd[role=dialog][aria-label="New Message"]`; InboxSDK's Inbox driver finds compose
  // by `div[role=dialog]`). Reads only compose fields no root above claims, e.g. when `.M9`
  // and `.AD` are renamed; Gmail's other dialogs hold none and read as nothing. Not a message's
  // "Show details" popup (`.ajA`, a dialog inside the thread, filled in place when opened: InboxSDK
  // get-updated-contact.ts): as a root of its own it would take the thread's changes and read nothing.
  'div[role="dialog"]:not(.ajA)',
] as const;
/** Messages: data attribute first (InboxSDK), then gmail.js's message class. */
const SEL_MESSAGE = '[data-message-id]';
const SEL_MESSAGE_FALLBACK = 'div.adn';
/** A collapsed message's summary (`.adf.ads`: InboxSDK COLLAPSED); one never opened has no id or `.adn`. */
const SEL_COLLAPSED = 'div.adf';
/** Sender: gmail.js `.gD[email]`, InboxSDK `td.gF span[email]`, then the header's heading. */
const SEL_SENDER = ['.gD[email]', 'td.gF [email]', 'h3 [email]'] as const;
/** Header recipients ("to me, Alex, +4"): gmail.js/InboxSDK `.hb [email]`. */
const SEL_HEADER = '.hb';
/** "Show details" table (InboxSDK get-updated-contact.ts `.ajC [email]`); rows are `tr`. */
const SEL_DETAILS = '.ajC';
/**
 * Message body: never read (gmail.js `div.a3s`, InboxSDK `div.ii.gt`); nor is a compose body
 * (`div.editable[role=textbox][aria-multiline][contenteditable]`): typing in it makes no re-read.
 */
const SEL_BODY = ['.a3s', 'div.ii', '[role="document"]', TEXT_EDITOR] as const;
/** A message's time, rewritten as it ages ("10:42 AM (3 minutes ago)"): gmail.js `span.g3`. Never read. */
const SEL_TIME = 'span.g3';
/** Subject: data attributes first (InboxSDK gmail-thread-view), then gmail.js `h2.hP`. */
const SEL_SUBJECT = ['h2[data-thread-perm-id]', 'h2[data-legacy-thread-id]', 'h2.hP'] as const;
/** Compose fields: PeopleKit chips (gmail.js recipients(), Briskine), legacy inputs. */
const SEL_COMPOSE_CHIP = (field: string) => `[name="${field}"] [data-hovercard-id]`;
const SEL_COMPOSE_LEGACY = (field: string) => [`input[name="${field}"]`, `textarea[name="${field}"]`];
const SEL_COMPOSE_SUBJECT = 'input[name="subjectbox"]';
/** List rows: gmail.js `tbody>tr.zA[role=row]`, then any grid row. */
const SEL_LIST_ROW = 'tr[role="row"]';
/** Signed-in account: Google bar link to SignOutOptions, or any banner link labelled with an address. */
const SEL_ACCOUNT = ['a[href*="accounts.google.com/SignOutOptions"]', 'header a[aria-label*="@"]', '[role="banner"] a[aria-label*="@"]'] as const;
/** Anchors for recognise(): list, list rows, messages, thread subject, PeopleKit compose. */
const SEL_ANCHORS = ['[gh="tl"]', 'tr.zA', '[data-message-id]', '[data-legacy-message-id]', 'h2[data-thread-perm-id]', '[data-thread-id]', 'div.M9', 'input[peoplekit-id]'] as const;

/** `closest()` tests the body's selectors as one list. */
const BODY = SEL_BODY.join(', ');

const FIELDS = ['to', 'cc', 'bcc'] as const;

/** Every element one of the readers below starts from: a fallback root without any owns nobody. */
const FALLBACK_CANDIDATES = [
  SEL_MESSAGE,
  SEL_MESSAGE_FALLBACK,
  SEL_COLLAPSED,
  ...FIELDS.flatMap((field) => [SEL_COMPOSE_CHIP(field), ...SEL_COMPOSE_LEGACY(field)]),
  SEL_LIST_ROW,
];

function nameAttr(el: Element): string | null {
  return el.getAttribute('name');
}

/**
 * `name` attribute first (gmail.js); else "Name <addr>" text (InboxSDK get-updated-contact). The
 * attribute is handed over as it is: PeopleCollector normalises a name once, and only the first.
 */
function nameOf(el: Element): string | null {
  const name = nameAttr(el);
  if (name !== null && name.trim() !== '') return name;
  return parseNameAndAddress(el.textContent).name;
}

/** The `email` attribute as the collector keys it (trimmed, lowercased), for comparing before adding. */
const emailOf = (element: Element) => element.getAttribute('email')?.trim().toLowerCase() ?? null;

/**
 * A message's elements matching `selector`, except those inside its body: quoted or crafted mail
 * can carry Gmail's own header and details markup too. Asked of the few containers (a header, a
 * details table), not of every address in them.
 */
function outsideBody(message: Element, selector: string): Element[] {
  return [...message.querySelectorAll(selector)].filter((element) => !element.closest(BODY));
}

/**
 * Mail a Google Group re-sends as itself (DMARC): "'Maya Chen' via Team" <team@…>, in the sender line
 * and in the details' "from:" row. The address is the group's, no one's: the person is known by name
 * only. An address there is no one's either: anyone can write "'ceo@company.example' via x" as their
 * name, and the background would look it up as that address, an exact match.
 */
function addPerson(people: PeopleCollector, span: Element, role: PersonRole): void {
  const via = /^'(.+)' via /.exec(span.textContent?.trim() ?? '');
  if (!via) people.add(span.getAttribute('email'), nameOf(span), role, span);
  else if (!via[1]!.includes('@')) people.addName(via[1]!, role, span);
}

/** `classesGone`: the thread shows no header or details class at all (Gmail renamed them). */
function readMessage(message: Element, people: PeopleCollector, classesGone: boolean): void {
  // Sender (never from inside a body: quoted mail can carry Gmail markup too).
  const sender = queryFirst(message, SEL_SENDER);
  // Mail a Google Group re-sends as itself (DMARC): "'Maya Chen' via Team" <team@…>. The address is
  // the group's, no one's: the person is known by name only.
  if (sender && !sender.closest(BODY)) addPerson(people, sender, 'sender');

  // The details table lists every recipient with its role; the header shows the first few.
  const details = outsideBody(message, SEL_DETAILS)[0];
  const headers = outsideBody(message, SEL_HEADER);
  if (details) {
    const rows: [Element[], string | null][] = [];
    for (const row of details.querySelectorAll('tr')) {
      const spans = [...row.querySelectorAll('[email]')];
      const label = row.querySelector('td');
      const labelText = label && !label.querySelector('[email]') ? label.textContent : null;
      // Where replies go is no one on the thread (a list's or a vendor's address).
      if (spans.length > 0 && !isNonParticipantLabel(labelText)) rows.push([spans, labelText]);
    }
    // Unknown labels (another language): the first row is the sender. The header shows recipients
    // only, so recipients start at the first row that is the last to hold one of them: the reply-to
    // row the sender writes (right after "from") is left out, even when it repeats a recipient.
    const shown = new Set(headers.flatMap((header) => [...header.querySelectorAll('[email]')].map(emailOf)));
    const last = new Map<string | null, number>();
    rows.forEach(([spans], index) => {
      for (const span of spans) if (index > 0 && shown.has(emailOf(span))) last.set(emailOf(span), index);
    });
    const first = last.size > 0 ? Math.min(...last.values()) : 1;
    rows.forEach(([spans, labelText], index) => {
      const role = roleForLabel(labelText) ?? (index === 0 ? 'sender' : index < first ? null : 'to');
      if (role) for (const span of spans) addPerson(people, span, role);
    });
  }
  // Header recipients: their elements always; the role "to" only for someone the details table
  // (or the sender line) does not show: the table's roles are already theirs, and say more.
  for (const header of headers) {
    for (const span of header.querySelectorAll('[email]')) {
      const address = emailOf(span) ?? '';
      people.add(address, nameOf(span), details && people.has(address) ? null : 'to', span);
    }
  }
  // Neither the header's nor the details' class anywhere in the thread (Gmail renamed them): every
  // other address the message shows outside its body is a recipient, as "to" (the role cannot be
  // told). Not done otherwise: a collapsed message of a normal thread shows its sender only.
  if (classesGone) {
    const senderAddress = sender ? emailOf(sender) : null;
    for (const span of message.querySelectorAll('[email]')) {
      // The sender's address shows again in the details ("from:"): still the sender, not a recipient.
      if (span.closest(BODY) || emailOf(span) === senderAddress) continue;
      people.add(span.getAttribute('email'), nameOf(span), 'to', span);
    }
  }
}

function readThread(root: Element, owned: (el: Element) => boolean): Surface | null {
  const messages = queryAll(root, [root.querySelector(SEL_MESSAGE) ? SEL_MESSAGE : SEL_MESSAGE_FALLBACK, SEL_COLLAPSED]);
  const people = new PeopleCollector();
  const classesGone = root.querySelector(`${SEL_HEADER} [email], ${SEL_DETAILS}`) === null;
  for (const message of messages) {
    if (!owned(message) || isHiddenBelow(message, root)) continue;
    // A message element inside another one (quoted/nested markup) is read with its parent.
    if (message.parentElement?.closest(SEL_MESSAGE) && root.contains(message.parentElement.closest(SEL_MESSAGE))) continue;
    readMessage(message, people, classesGone);
  }
  if (people.size === 0) return null;
  const subject = queryFirst(root, SEL_SUBJECT);
  return { kind: 'thread', root, context: { title: subject ? normaliseText(subject.textContent) : null, when: null }, people: people.people() };
}

function readCompose(root: Element, owned: (el: Element) => boolean): Surface | null {
  const people = new PeopleCollector();
  for (const field of FIELDS) {
    let chips = 0;
    for (const chip of root.querySelectorAll(SEL_COMPOSE_CHIP(field))) {
      if (!owned(chip)) continue;
      chips++;
      people.add(chip.getAttribute('data-hovercard-id'), chip.getAttribute('data-name'), field, chip);
    }
    if (chips > 0) continue;
    // Legacy compose (and Briskine's `input[name=to]` branch): "Name <addr>, …" in a value. Its
    // people are read for the briefing but shown by no element: all of them share the one field, and
    // a mark per element would leave the last one marked (and a card on the field's surroundings).
    for (const input of queryAll(root, SEL_COMPOSE_LEGACY(field))) {
      if (!owned(input)) continue;
      for (const part of (inputValue(input) ?? '').split(/[,;](?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
        const parsed = parseNameAndAddress(part);
        if (parsed.email) people.add(parsed.email, parsed.name, field, null);
      }
    }
  }
  const subject = root.querySelector(SEL_COMPOSE_SUBJECT);
  const title = subject ? inputValue(subject) : null;
  // A compose window without recipients has no one to mark.
  if (people.size === 0) return null;
  return { kind: 'compose', root, context: { title, when: null }, people: people.people() };
}

function readList(root: Element, owned: (el: Element) => boolean): Surface | null {
  const people = new PeopleCollector();
  for (const row of root.querySelectorAll(SEL_LIST_ROW)) {
    if (!owned(row) || isHiddenBelow(row, root)) continue;
    for (const span of row.querySelectorAll('[email]')) {
      people.add(span.getAttribute('email'), nameAttr(span), 'sender', span);
    }
  }
  if (people.size === 0) return null;
  return { kind: 'list', root, context: { title: null, when: null }, people: people.people() };
}

/** Hidden by attribute/inline style between `el` and `root` (the root itself is checked once). */
function isHiddenBelow(el: Element, root: Element): boolean {
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
    // Only an element with a style attribute can hide itself inline (reading .style costs more).
    if (node.hasAttribute('style') && (node as Partial<HTMLElement>).style?.display === 'none') return true;
  }
  return false;
}

function kindOf(root: Element): SurfaceKind | null {
  if (root.matches('div.M9, div.AD')) return 'compose';
  if (root.matches('div.a98.iY, div.PeIF1d, div.if')) return 'thread';
  if (root.matches('div[gh="tl"]')) return 'list';
  return null;
}

function readSurface(root: Element): Surface | null {
  // A root inside a message's body is mail someone wrote (quoted, or crafted to look like Gmail's
  // own compose or list): nobody there is a recipient to brief.
  if (isHidden(root) || root.parentElement?.closest(BODY)) return null;
  const nested = nestedRoots(root, SEL_ROOTS);
  const owned = ownedBy(nested);
  switch (kindOf(root)) {
    case 'compose':
      return readCompose(root, owned);
    case 'thread':
      return readThread(root, owned);
    case 'list':
      return readList(root, owned);
    default:
      // Fallback root ([role=main]): whatever it holds that no other root claimed. It usually
      // holds only nested roots: a walk of its own part tells, instead of each reader searching it.
      if (!holdsOutsideNested(root, nested, FALLBACK_CANDIDATES)) return null;
      return readThread(root, owned) ?? readCompose(root, owned) ?? readList(root, owned);
  }
}

function ownAddresses(doc: Document): string[] {
  const found = new Set<string>();
  for (const el of queryAll(doc, SEL_ACCOUNT)) {
    for (const address of addressesIn(`${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`)) found.add(address);
  }
  // Gmail's document title: "Inbox (3) - me@example.com - Gmail" (the account's address).
  const title = /\s-\s([^\s]+@[^\s]+)\s-\s[^-]+$/.exec(doc.title);
  for (const address of addressesIn(title?.[1])) found.add(address);
  return [...found];
}

/** An open message in view: every message shows its sender. */
function showsMessage(doc: Document): boolean {
  return [SEL_MESSAGE, SEL_MESSAGE_FALLBACK].some((selector) => [...doc.querySelectorAll(selector)].some((message) => !isHidden(message)));
}

export const gmailAdapter: SiteAdapter = {
  site: 'gmail',
  surfaceSelectors: SEL_ROOTS,
  readSurface: (root) => withReadCache(() => readSurface(root)),
  // Any one anchor will do: stop at the first found (a missing one costs a whole-page search).
  recognise: (doc) => SEL_ANCHORS.some((selector) => doc.querySelector(selector) !== null),
  // Settings (`#settings/general`, …) list no one; Google Chat (`/chat/u/0/…`, and `#chat/…` inside
  // Gmail) is another app, which this adapter does not read; a message's "Show original", a
  // thread's "Print all" and a clipped message's "View entire message" (`?view=om`, `pt`, `lg`)
  // are plain pages, not Gmail's app.
  peopleless: (where) =>
    /^#(settings|chat)\b/.test(where.hash) || /^\/chat(\/|$)/.test(where.pathname) || ['om', 'pt', 'lg'].includes(where.searchParams.get('view') ?? ''),
  expectsPeople: (doc) => withReadCache(() => showsMessage(doc)),
  unreadRegions: [...SEL_BODY, SEL_TIME],
  // Senders and recipients (`email`, `name`), compose chips (`data-hovercard-id`, `data-name`).
  identityAttributes: ['email', 'name', 'data-hovercard-id', 'data-name', 'title'],
  ownAddresses,
};
