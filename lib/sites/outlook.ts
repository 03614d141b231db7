/**
 * Outlook on the web adapter (outlook.office.com, outlook.office365.com, outlook.live.com,
 * outlook.cloud.microsoft): the people in the reading pane (From/To/Cc), in a compose form
 * (To/Cc/Bcc chips) and in the full calendar event view (organizer and attendees). Outlook mostly
 * shows names only: those people come back with `email: null` and the exact display name.
 *
 * Relied on (read 2026-11-22; summary in /work/shared/notes/dom.md §3):
 * - gabeosx/outlook-web-skill @ff7238c `references/outlook-ui.md` (ARIA captured live 2026-04-10):
 *   `main "Reading Pane"` with level-3 headings "From: …", "To: …" (one button per recipient),
 *   "Cc: …"; `button "Opens card for {name}"`; `document "Message body"`; `listbox "Message list"`
 *   with `option[data-convid]` rows; labels are localized, so key on roles and structure.
 * - gabeosx/outlook-web-skill `references/calendar-events.md`, `outlook-web/lib/calendar.js`
 *   `parseFullEventSnapshot()`: the full event view lists attendees as `listitem` rows under
 *   response headings, and names the organizer through `button "Opens card for {name}"`.
 * - Briskine/briskine @98b08db `src/content/plugins/outlook.js` L69-114, L246: compose parent
 *   `[role=main], [data-app-section="Form_Content"]`; fields
 *   `[contenteditable=true]:not([aria-multiline=true])` in To/Cc/Bcc order; chip text in
 *   `[class*="textContainer-"], [class*="individualText-"]`, "Name <addr>" or either part alone;
 *   `#O365_MainLink_Me` for the user; older subject `.ms-TextField-field[maxlength="255"]`
 *   (f9b6dd7); host markers `meta[content*="owamail"]`, `meta[name=cdnUrl]` (`isActive()`).
 * - Briskine PR #550 (commit 325973db, Aug 2024): chips were `[draggable="true"],
 *   [data-lpc-hover-target-id]` (Live Persona Card targets).
 * - `#ReadingPaneContainerId` as the reading pane (several OWA extensions, `find_string`, 2026-11-22);
 *   `#mectrl_currentAccount_secondary` for the account's address (test code found by
 *   `find_string O365_MainLink_Me`).
 *
 * Every address is validated (a display name like `<img …>` stays a name). English aria-label text
 * is used only as a last fallback (the organizer's "Opens card for"); header roles come from the
 * label text in several languages, then from the headers' fixed order.
 */
import {
  inputValue,
  PeopleCollector,
  addressesIn,
  isHidden,
  normaliseText,
  ownedByRoot,
  withReadCache,
  parseNameAndAddress,
  roleForLabel,
  shownText,
  spacedText,
  TEXT_EDITOR,
} from './address';
import type { ParsedContact } from './address';
import { fullName } from './person-name';
import { isDrawnWindow } from './drawn-window';
import { queryAll } from './query';
import type { PersonRole, SiteAdapter, Surface } from './types';

/**
 * Every Outlook selector lives here: one constant each, not an object's properties, which the
 * minifier cannot shorten in the script injected on every page.
 */
const SEL_ROOTS = [
  // Reading pane container id (OWA extensions, 2026-11-22).
  '#ReadingPaneContainerId',
  // Main region: reading pane, compose, event view (outlook-web-skill ARIA map; Briskine compose
  // parent). The capture's snapshots are scoped by `main[aria-label=…]`: the element, with or
  // without the role.
  '[role="main"]',
  'main',
  // Compose form, also when popped out or inline (Briskine outlook.js, 2026-11-22).
  '[data-app-section="Form_Content"]',
] as const;
/** Headings (role first, then tags). */
const SEL_HEADING = ['[role="heading"]', 'h1', 'h2', 'h3'] as const;
/** Person buttons in a compose field's chip; Live Persona Card targets (Briskine PR #550). */
const SEL_PERSON_TARGET = ['button', '[data-lpc-hover-target-id]'] as const;
/**
 * People in a header heading: the ARIA capture shows each as a `button`, which the DOM need not
 * write as <button> (read-mode snapshots show the sender as `span[aria-label="From: …"]`), so the
 * role counts too. Headers only: in a compose field a role=button may be a chip's remove control.
 */
const SEL_HEADER_TARGET = [...SEL_PERSON_TARGET, '[role="button"]'] as const;
/** Compose recipient fields (Briskine): single-line editables; the body is aria-multiline. */
const SEL_RECIPIENT_FIELD = '[contenteditable="true"]:not([aria-multiline="true"])';
/** A chip inside a field: Briskine (current: `:scope > [contenteditable]`; before Aug 2024: draggable / LPC). */
const SEL_CHIP = '[contenteditable="false"], [draggable="true"], [data-lpc-hover-target-id]';
/** Chip text (Briskine): hashed class *prefixes*, then the Fluent UI persona text. */
const SEL_CHIP_TEXT = '[class*="individualText-"], [class*="textContainer-"], .ms-Persona-primaryText';
/** Compose subject: Briskine's older `[maxlength="255"]`, then the form's text input. */
const SEL_SUBJECT = ['input[maxlength="255"]', 'input[type="text"]', 'input:not([type])'] as const;
/** Attendee rows of the full event view (outlook-web-skill calendar-events.md: `listitem "Name"`). */
const SEL_ATTENDEE = '[role="listitem"]';
/**
 * Rows that say they show a person: a Live Persona Card target (Briskine PR #550) or a Fluent UI
 * persona. Where any row does, only those are read: a file or a list in the event is no one.
 */
const SEL_PERSON_ROW = '[role="listitem"][data-lpc-hover-target-id], [role="listitem"].ms-Persona';
/** Persona text in a row: Fluent UI class (not hashed), then any `primaryText` class. */
const SEL_PERSONA_TEXT = '.ms-Persona-primaryText, [class*="primaryText"]';
/**
 * Never people: message/event bodies, a compose body (typing in it makes no re-read: unreadRegions),
 * toolbars, menus, the message list.
 */
const SEL_NOT_PEOPLE = ['[role="document"]', TEXT_EDITOR, '[role="toolbar"]', '[role="menubar"]', '[role="menu"]', '[role="listbox"]'] as const;
/**
 * The account manager (header button and its flyout, in the DOM once opened), and the folder
 * pane's primary mailbox, whose title is the address from the start (as Mailvelope's
 * outlookIntegration.js reads it): else the user was looked up and marked until the menu opened.
 */
const SEL_ACCOUNT_ADDRESS = ['#mectrl_currentAccount_secondary', '[id^="primaryMailboxRoot_"]', '.mectrl_accountDetails', '#O365_MainLink_Me'] as const;
/**
 * The user's name: the flyout's (there once opened), the header button's text (`.mectrl_headertext`
 * with `.mectrl_truncate` on one element, as WebKit's site quirks and public scripts find it;
 * `.mectrl_header_text` in older shells), else the button's English label (SEL_ACCOUNT_MANAGER_FOR).
 */
const SEL_ACCOUNT_NAME = ['#mectrl_currentAccount_primary', '#O365_MainLink_Me .mectrl_headertext.mectrl_truncate', '#O365_MainLink_Me .mectrl_header_text'] as const;
const SEL_ACCOUNT_BUTTON = '#O365_MainLink_Me[aria-label]';
const SEL_ACCOUNT_MANAGER_FOR = /^Account manager for (.+)$/;
/** A message's body, shown read-only (a compose body is an editable textbox, an event's body is under /calendar/). */
const SEL_MESSAGE_BODY = '[role="document"]:not([contenteditable="true"])';
/**
 * An event's response groups, independent of the attendee rows the reader looks for: a heading
 * that ends with a count ("Accepted (3)", "Accepté (3)"; outlook-web-skill calendar-events.md)
 * followed by the group's list. Where one counts anyone, the event shows people.
 */
const SEL_RESPONSE_COUNT = /\((\p{Nd}+)\)$/u;
/** The app's main region, where an open event is shown (outlook-web-skill ARIA map): the element or the role. */
const SEL_MAIN = 'main, [role="main"]';
/** Anchors for recognise(): OWA shell, list rows, app sections, reading pane, host markers. */
const SEL_ANCHORS = ['#O365_MainLink_Me', '#O365_NavHeader', '[data-convid]', '[data-app-section]', '#ReadingPaneContainerId', 'meta[content*="owamail"]', 'meta[name="cdnUrl"][content*="cdn.office.net"]'] as const;

/** The lists above that `closest()`/`matches()` test as one selector list. */
const HEADING = SEL_HEADING.join(', ');
const NOT_PEOPLE = SEL_NOT_PEOPLE.join(', ');
const PERSON_TARGET = SEL_PERSON_TARGET.join(', ');
const HEADER_TARGET = SEL_HEADER_TARGET.join(', ');

/** Positional roles (the order Outlook always uses): From, To, Cc, Bcc. */
const HEADER_ORDER: readonly PersonRole[] = ['sender', 'to', 'cc', 'bcc'];
const FIELD_ORDER: readonly PersonRole[] = ['to', 'cc', 'bcc'];

type Owned = (element: Element) => boolean;

/**
 * What a person element shows, its `title` address (hover tooltip) first: the text may be a
 * display name written like an address (`"ceo@company.example" <eve@evil.example>`).
 */
function parseTarget(element: Element, textElement: Element = element): ParsedContact {
  const parsed = parseNameAndAddress(shownText(textElement));
  const titled = addressesIn(element.getAttribute('title'));
  return titled.length === 1 ? { name: parsed.name, email: titled[0] ?? null } : parsed;
}

/** Text of a heading before its first person element: "From: ", "To: ", "An: ", "À : ". */
function headingLabel(heading: Element, first: Element): string | null {
  let label = '';
  for (let child = heading.firstChild; child; child = child.nextSibling) {
    if (child === first || (child.nodeType === 1 && (child as Element).contains(first))) break;
    label += child.textContent ?? '';
  }
  return normaliseText(label);
}

/**
 * "+12", "+12 others", "12 more", "+١٢": a count of recipients not shown (any script's digits), not
 * a name. Without the plus only with a word for "more"/"others", so "3 Musketeers" stays a person.
 */
const OVERFLOW_COUNT = /^(?:\+\s*\p{Nd}+(?:\s+\p{L}+){0,2}|\p{Nd}+\s+(?:more|others?|weitere|andere|autres|otros|más|mas|altri|outros|mais|meer|fler|flere|więcej|ещё|еще|других)(?:\s+\p{L}+)?)\.?$/iu;

/**
 * A person in a header, not a control beside them: no toggle (aria-expanded, a menu popup) unless
 * it is a Live Persona Card target (its card is a dialog), and no overflow count.
 */
function isHeaderPerson(target: Element): boolean {
  if (!target.hasAttribute('data-lpc-hover-target-id')) {
    const popup = target.getAttribute('aria-haspopup');
    if (target.hasAttribute('aria-expanded') || (popup !== null && popup !== 'false' && popup !== 'dialog')) return false;
  }
  // A persona card target is a person whatever its text.
  return target.hasAttribute('data-lpc-hover-target-id') || !OVERFLOW_COUNT.test((target.textContent ?? '').trim());
}

function targetsIn(container: Element, selectors: readonly string[] = SEL_PERSON_TARGET, list = PERSON_TARGET): Element[] {
  // Keep the outermost of nested targets (a button inside an LPC target, or the reverse).
  return queryAll(container, selectors).filter((el) => {
    const outer = el.parentElement?.closest(list);
    return !outer || !container.contains(outer);
  });
}

function readMessage(root: Element, owned: Owned, people = new PeopleCollector()): Surface | null {
  let subject: string | null = null;
  let index = 0;
  // A conversation shows several messages, each with its own From/To/Cc headings then its body:
  // the headers' order (for labels in no known language) starts again after each body.
  const bodies = [...root.querySelectorAll(SEL_MESSAGE_BODY)];
  let nextBody = 0;
  for (const heading of queryAll(root, SEL_HEADING)) {
    let passed = false;
    while (nextBody < bodies.length && heading.compareDocumentPosition(bodies[nextBody]!) & Node.DOCUMENT_POSITION_PRECEDING) {
      nextBody++;
      passed = true;
    }
    if (passed) index = 0;
    if (!owned(heading) || heading.closest(NOT_PEOPLE)) continue;
    const targets = targetsIn(heading, SEL_HEADER_TARGET, HEADER_TARGET).filter(isHeaderPerson);
    const first = targets[0];
    if (first === undefined) {
      if (subject === null && index === 0) subject = shownText(heading);
      continue;
    }
    const role = roleForLabel(headingLabel(heading, first)) ?? HEADER_ORDER[Math.min(index, HEADER_ORDER.length - 1)] ?? 'to';
    index++;
    for (const target of targets) people.addParsed(parseTarget(target), role, target);
  }
  if (people.size === 0) return null;
  return { kind: 'message', root, context: { title: subject, when: null }, people: people.people() };
}

/**
 * `people`: a collector to add the recipients to (an inline reply's, to the message it answers).
 * `calendar`: on a calendar page, a field that is no mail field (To, Cc, Bcc by their labels) is
 * an event form's attendees ("Invite required attendees", "Optional attendees"): its people are
 * guests, and the form is the event (the organizer editing their meeting), not a message.
 */
function readCompose(root: Element, owned: Owned, { people = new PeopleCollector(), calendar = false }: { people?: PeopleCollector; calendar?: boolean } = {}): Surface | null {
  const fields = [...root.querySelectorAll(SEL_RECIPIENT_FIELD)].filter((f) => owned(f) && !f.closest(NOT_PEOPLE));
  if (fields.length === 0) return null;
  let added = 0;
  let invited = false;
  fields.forEach((field, i) => {
    const label = roleForLabel(field.getAttribute('aria-label'));
    const attendees = calendar && label === null;
    const role = attendees ? 'guest' : (label ?? FIELD_ORDER[Math.min(i, FIELD_ORDER.length - 1)] ?? 'to');
    let chips = [...field.children].filter((child) => child.matches(SEL_CHIP));
    if (chips.length === 0) {
      // Chips deeper in the field: a draggable chip around a persona target is one person, once.
      const found = targetsIn(field).concat([...field.querySelectorAll('[draggable="true"]')]);
      chips = found.filter((el) => !found.some((other) => other !== el && other.contains(el)));
    }
    for (const chip of chips) {
      const text = chip.querySelector(SEL_CHIP_TEXT) ?? chip;
      if (people.addParsed(parseTarget(chip, text), role, chip)) {
        added++;
        invited ||= attendees;
      }
    }
  });
  // Recipient fields without chips (a new, empty form; a stray editable) hold no one.
  if (added === 0) return null;
  const subjectInput = queryAll(root, SEL_SUBJECT).find(owned);
  const title = subjectInput ? inputValue(subjectInput) : null;
  return { kind: invited ? 'event' : 'compose', root, context: { title, when: null }, people: people.people() };
}

/** The event's time: the element right after the title that shows a digit (date or hour). */
function eventWhen(title: Element | null): string | null {
  for (let el = title?.nextElementSibling ?? null; el; el = el.nextElementSibling) {
    const text = shownText(el);
    if (text && /\d/.test(text)) return text;
    if (el.matches(HEADING)) break;
  }
  return null;
}

/**
 * The organizer line: a person button whose accessible label contains the name shown beside it
 * ("Opens card for Sofia Alvarez" + "Sofia Alvarez", in any language); last, the English label.
 */
function readOrganizer(root: Element, owned: Owned, people: PeopleCollector): void {
  for (const button of root.querySelectorAll('button')) {
    if (!owned(button) || button.closest(`${NOT_PEOPLE}, ${SEL_ATTENDEE}, ${HEADING}`)) continue;
    const label = button.getAttribute('aria-label') ?? '';
    const beside = button.nextElementSibling;
    const name = beside ? shownText(beside) : null;
    // The label must say more than the name alone ("Opens card for …", "Ouvre la carte de …").
    if (name !== null && name.length > 1 && label.length > name.length && label.includes(name)) {
      people.addParsed(parseTarget(beside ?? button, beside ?? button), 'organizer', beside ?? button);
      return;
    }
    const english = /^Opens card for (.+)$/.exec(label);
    if (english?.[1]) {
      people.addParsed(parseNameAndAddress(english[1]), 'organizer', button);
      return;
    }
  }
}

function readEvent(root: Element, owned: Owned): Surface | null {
  const personRows = root.querySelectorAll(SEL_PERSON_ROW);
  const rows = [...(personRows.length > 0 ? personRows : root.querySelectorAll(SEL_ATTENDEE))].filter((row) => owned(row) && !row.closest(NOT_PEOPLE));
  if (rows.length === 0) return null;
  const people = new PeopleCollector();
  readOrganizer(root, owned, people);
  for (const row of rows) {
    const text = row.querySelector(SEL_PERSONA_TEXT);
    let parsed = parseTarget(row, text ?? row);
    if (parsed.name === null && parsed.email === null) parsed = parseNameAndAddress(row.getAttribute('aria-label'));
    people.addParsed(parsed, 'guest', text ?? row);
  }
  const title = queryAll(root, SEL_HEADING).find((h) => owned(h) && !h.closest(NOT_PEOPLE)) ?? null;
  return { kind: 'event', root, context: { title: title ? shownText(title) : null, when: eventWhen(title) }, people: people.people() };
}

/** Outlook's calendar lives under /calendar/ on every host (mail under /mail/). */
function isCalendarPath(path: string | undefined): boolean {
  return path?.includes('/calendar/') === true;
}

/**
 * The page's path. A window Outlook draws into itself (its pop-out: about:blank) has none of its
 * own: its base URL is the address of the page that opened it (a popped-out event, the calendar).
 */
function pagePath(doc: Document): string | undefined {
  if (!isDrawnWindow(doc.URL)) return doc.location?.pathname;
  try {
    return new URL(doc.baseURI).pathname;
  } catch {
    return undefined;
  }
}

function readSurface(root: Element): Surface | null {
  if (isHidden(root)) return null;
  const owned = ownedByRoot(root, SEL_ROOTS);
  // The calendar holds events and event forms, never mail: the message reader would take any
  // heading holding a button for a person (a response group's "Accepted (3)", the grid's "Today").
  if (isCalendarPath(pagePath(root.ownerDocument))) return readCompose(root, owned, { calendar: true }) ?? readEvent(root, owned);
  const people = new PeopleCollector();
  const message = readMessage(root, owned, people);
  // A reply written inline, inside the reading pane (no compose form of its own around it): the
  // message it answers stays read, its sender and recipients still marked, and the reply's
  // recipients join them.
  const compose = readCompose(root, owned, message ? { people } : {});
  if (message && compose) return { ...message, people: people.people() };
  return compose ?? message ?? readEvent(root, owned);
}

function showsMessage(doc: Document): boolean {
  return [...doc.querySelectorAll(SEL_MESSAGE_BODY)].some((body) => !isHidden(body));
}

/** Whether a shown event view has a response group that counts someone, with its list after it. */
function showsResponseGroups(doc: Document): boolean {
  return [...doc.querySelectorAll(SEL_MAIN)].some(
    (main) =>
      !isHidden(main) &&
      queryAll(main, SEL_HEADING).some((heading) => {
        if (heading.closest(NOT_PEOPLE) || !heading.nextElementSibling?.firstElementChild) return false;
        // Any script's digits; a group of "(0)" counts no one.
        const count = SEL_RESPONSE_COUNT.exec(normaliseText(heading.textContent) ?? '');
        return count !== null && !/^0+$/.test(count[1] ?? '');
      }),
  );
}

function ownAddresses(doc: Document): string[] {
  const found = new Set<string>();
  for (const el of queryAll(doc, SEL_ACCOUNT_ADDRESS)) {
    const text = `${spacedText(el)} ${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`;
    for (const address of addressesIn(text)) found.add(address);
  }
  return [...found];
}

/**
 * The signed-in user's display name(s) as the account manager shows them, in "First Last" order
 * (fullName: enterprise tenants show "Tester, Primer"). Outlook often shows the user by name only
 * ("Primer Tester" among the To recipients), which `ownAddresses` cannot cover; the runtime may
 * use this to leave those name-only entries out (the scanner tells a name shown "Last, First" by
 * its "First Last" too). Not part of SiteAdapter.
 */
export function outlookOwnNames(doc: Document): string[] {
  const names = new Set<string>();
  for (const el of queryAll(doc, SEL_ACCOUNT_NAME)) {
    const name = normaliseText(el.textContent);
    if (name !== null && addressesIn(name).length === 0) names.add(name);
  }
  if (names.size === 0) {
    const label = normaliseText(doc.querySelector(SEL_ACCOUNT_BUTTON)?.getAttribute('aria-label'));
    const name = label === null ? null : normaliseText(SEL_ACCOUNT_MANAGER_FOR.exec(label)?.[1]);
    if (name !== null && addressesIn(name).length === 0) names.add(name);
  }
  return [...names].map(fullName);
}

export const outlookAdapter: SiteAdapter = {
  site: 'outlook',
  ownNames: outlookOwnNames,
  surfaceSelectors: SEL_ROOTS,
  unreadRegions: SEL_NOT_PEOPLE,
  // People shown by name carry their address, when at all, in a tooltip.
  identityAttributes: ['title'],
  readSurface: (root) => withReadCache(() => readSurface(root)),
  // Any one anchor will do: stop at the first found (a missing one costs a whole-page search).
  recognise: (doc) => SEL_ANCHORS.some((selector) => doc.querySelector(selector) !== null),
  // Microsoft Bookings' public pages and published calendars (`/owa/calendar/<mailbox>/…`, `/book/…`,
  // `/bookwithme/…`), opened by anyone from a link, are not Outlook's mail or calendar.
  peopleless: (where) => /^\/(owa\/calendar|book|bookwithme)\//.test(where.pathname),
  // A message open in mail always shows who sent it; an event whose response groups count anyone
  // shows its attendees. Reading no one there means the people's markup changed.
  expectsPeople: (doc, where) => withReadCache(() => (isCalendarPath(where.pathname) ? showsResponseGroups(doc) : showsMessage(doc))),
  ownAddresses,
};
