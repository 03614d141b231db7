/**
 * Google Calendar adapter: the people on an event (the details popup over the grid, and the full
 * event page /r/eventedit/…), with the event's title and time.
 *
 * Relied on (read 2026-11-22; summary in /work/shared/notes/dom.md §2):
 * - calcom/cal.com @05f75d8 `companion/extension/lib/google-calendar.ts` `parseAttendees()`: guest
 *   rows `[role="treeitem"][data-email]`; organizer from the row's aria-label ("organizer" /
 *   "organiser"); name in `.SDqFWd span`, else the aria-label text before the first comma;
 *   fallbacks `[data-email]`, `[jsname="xR2lFb"]`; popup roots `[role="dialog"]`, `[aria-modal]`.
 * - welovechatter/meeting-cost-chrome-extension-uk `content.js` and assistant scripts found by
 *   `find_string xDetDlgAtt`: `#xDetDlg` (carries `data-eventid`), `#rAECCd` title,
 *   `#xDetDlgWhen` time, `#xDetDlgAtt` guests, `#xDetDlgDesc` description; `#xTiIn` title input.
 * - Stormbreakerr20/GoogleCalendarExtension `script.js`: `data-hovercard-id` on a guest = address.
 * - codemonkeycxy/gmate @d87883e `script/shared/common.js` `hasInvitee()` L239-260 and
 *   `script/content/auto-room-booking.js` L69-70: edit-page guests are `div[data-email]` with
 *   `data-id === data-email`; rooms carry `data-email` + `data-name`.
 * - toggl/track-extension `src/content/google-calendar.js`: `[data-is-create]` on the full-page
 *   detail, `data-chips-dialog` on the popup, the popup element is reused, and "do not select on
 *   an aria-label's value; i18n will cause that selector to fail".
 * - Calendar keeps hidden/transient `[role=dialog]` leftovers (notes §2): hidden roots read as null.
 *
 * Selectors are layered: data-bearing attributes and ids first, roles/structure next, classes only
 * to narrow a search that has already been scoped. Rooms/resources are never returned.
 */
import {
  inputValue,
  ORGANIZER_WORDS,
  PeopleCollector,
  isHidden,
  isResourceAddress,
  nameOrNull,
  normaliseAddress,
  normaliseText,
  heldByNested,
  nestedRoots,
  ownedBy,
  withReadCache,
  shownText,
  spacedText,
  addressesIn,
  TEXT_EDITOR,
} from './address';
import { queryAll } from './query';
import type { SiteAdapter, Surface } from './types';

// Every Calendar selector lives here: one constant each, not an object's properties, which the
// minifier cannot shorten in the script injected on every page.

/**
 * Surface roots. Chips in the grid (`[data-eventchip]`) carry `data-eventid` too but hold no
 * guests, so no alternative below matches them.
 */
const SEL_ROOTS = [
  // Details popup block, has data-eventid (meeting-cost content.js; README "V"), 2026-11.
  '#xDetDlg',
  // Full-page event detail / edit page (toggl google-calendar.js `div[data-is-create]`), 2026-11.
  '[data-is-create]',
  // Edit-page guest list by its English label (gmate common.js hasInvitee()), 2026-11. Where it
  // exists it is the innermost root and reads the guests (the page around it then has none of its
  // own); in other languages the [data-is-create] page above reads them.
  'div[aria-label="Guests invited to this event."]',
  // A dialog that carries the event id itself (stale/alternative popups; notes §2), 2026-11.
  '[role="dialog"][data-eventid]',
  // Fallback: any modal dialog (cal.com observeEventPopups); reads only when the ids above are gone,
  // because nested roots are read on their own (address.ts ownedByRoot).
  '[role="dialog"][aria-modal="true"]',
] as const;
/** Guest rows: the address attribute first (cal.com, gmate), then the hovercard id (Stormbreakerr20). */
const SEL_GUEST_BY_EMAIL = '[data-email]';
const SEL_GUEST_BY_HOVERCARD = '[data-hovercard-id]';
/** Name inside a row: `.SDqFWd` (cal.com, class used only inside a row already found by data-email). */
const SEL_ROW_NAME = '.SDqFWd';
/**
 * Parts that hold no guests: the popup's description (mailto links), 2026-11; the edit page's
 * description editor (typing in it makes no re-read: unreadRegions).
 */
const SEL_NOT_GUESTS = ['#xDetDlgDesc', '[role="document"]', TEXT_EDITOR] as const;
/** Title: popup id (meeting-cost), edit-page input id (assistant script), then any heading. */
const SEL_POPUP_TITLE = '#rAECCd';
const SEL_EDIT_TITLE = '#xTiIn';
const SEL_ANY_HEADING = ['[role="heading"]', 'h1', 'h2'] as const;
/** Time: popup block (meeting-cost); edit-page date/time inputs (fixture, "A"). */
const SEL_POPUP_WHEN = '#xDetDlgWhen';
const SEL_START_DATE = '#xStDaIn';
const SEL_START_TIME = '#xStTiIn';
const SEL_END_TIME = '#xEnTiIn';
const SEL_END_DATE = '#xEnDaIn';
/** Signed-in account button: Google bar link to SignOutOptions whose label holds the address (2026-11). */
const SEL_ACCOUNT = ['a[href*="accounts.google.com/SignOutOptions"]', 'header a[aria-label*="@"]', '[role="banner"] a[aria-label*="@"]'] as const;
/**
 * An event's guest list (popup: meeting-cost `#xDetDlgAtt`; edit page: gmate's label), there only
 * when the event has guests, and its rows by role (cal.com): a list with rows always shows people.
 */
const SEL_GUEST_LISTS = ['#xDetDlgAtt', 'div[aria-label="Guests invited to this event."]'] as const;
const SEL_GUEST_ROW = '[role="treeitem"], [role="listitem"]';
/** Anchors for recognise(): event ids, grid day columns, the popup and the edit page. */
const SEL_ANCHORS = ['[data-eventid]', '[data-eventchip]', '[data-datekey]', '#xDetDlg', '#xTiIn', '[data-is-create]'] as const;

function readWhen(root: Element, doc: Document): string | null {
  const popup = root.querySelector(SEL_POPUP_WHEN) ?? (root.matches(SEL_POPUP_WHEN) ? root : null);
  // The block also holds the title, a heading above the time, and a recurrence line under it (live
  // captures): the title is not part of the time, and no line runs into the next ("2:45pmWeekly").
  if (popup) {
    const title = popup.querySelector(SEL_ANY_HEADING[0]);
    return normaliseText(spacedText(popup).replace(title ? spacedText(title) : '', '').replace(/\s*⋅\s*/g, '⋅'));
  }
  const value = (selector: string): string | null => {
    const el = root.querySelector(selector) ?? doc.querySelector(selector);
    return el ? inputValue(el) : null;
  };
  const startDate = value(SEL_START_DATE);
  const startTime = value(SEL_START_TIME);
  const endTime = value(SEL_END_TIME);
  const endDate = value(SEL_END_DATE);
  if (!startDate) return null;
  let when = startTime ? `${startDate} ${startTime}` : startDate;
  if (endDate && endDate !== startDate) when += ` – ${endDate}${endTime ? ` ${endTime}` : ''}`;
  else if (endTime) when += ` – ${endTime}`;
  return when;
}

function readTitle(root: Element, doc: Document, notGuests: (element: Element) => boolean): string | null {
  const popup = root.querySelector(SEL_POPUP_TITLE);
  if (popup) return normaliseText(popup.textContent);
  const input = root.querySelector(SEL_EDIT_TITLE) ?? doc.querySelector(SEL_EDIT_TITLE);
  if (input) return inputValue(input);
  // A heading in the description is the organiser's text, not the event's title (and the
  // description is never read: unreadRegions).
  const heading = queryAll(root, SEL_ANY_HEADING).find((candidate) => !notGuests(candidate));
  return heading ? normaliseText(heading.textContent) : null;
}

/**
 * Whether what a row says besides who it is says "organizer". The word may be part of the guest's
 * address ("meetup-organizers@…", a row with no name shows the address instead): the address is
 * taken out first. Only when the word is there at all, which it rarely is.
 */
function saysOrganizer(text: string, address: string): boolean {
  // The address is normalised (lowercase); the words are matched in any case.
  return ORGANIZER_WORDS.test(text) && ORGANIZER_WORDS.test(text.toLowerCase().replaceAll(address, ' '));
}

/** Whether a row's label says "organizer" after the name it starts with (cal.com). */
function labelSaysOrganizer(row: Element, name: string | null, address: string): boolean {
  const label = row.getAttribute('aria-label') ?? '';
  // The label starts with the name; only what follows it says "organizer".
  return saysOrganizer(name !== null && label.startsWith(name) ? label.slice(name.length) : label, address);
}

/** Whether the row's text minus the name says "organizer": under the name (popup), beside it (edit page). */
function textSaysOrganizer(row: Element, name: string | null, address: string): boolean {
  let text = row.textContent ?? '';
  if (name !== null) text = text.replace(name, '');
  return saysOrganizer(text, address);
}

function rowName(row: Element): string | null {
  const named = row.querySelector(SEL_ROW_NAME);
  if (named) return nameOrNull(shownText(named));
  // cal.com fallback: the aria-label up to the first comma.
  const label = row.getAttribute('aria-label');
  if (label) return nameOrNull(label.split(',')[0]);
  return null;
}

/** Rooms: resource addresses (always); on the edit page, rows with `data-name` (gmate: rooms). */
function isRoom(row: Element, address: string): boolean {
  return isResourceAddress(address) || (row.hasAttribute('data-name') && row.hasAttribute('data-id'));
}

/**
 * `row.closest(SEL_NOT_GUESTS)` for the rows of `root`, without walking up from each of hundreds of
 * rows: a row's ancestors are the root's own (checked once) or elements inside the root.
 */
function notGuestsTest(root: Element): (row: Element) => boolean {
  if (root.closest(SEL_NOT_GUESTS.join(', '))) return () => true;
  const inside = queryAll(root, SEL_NOT_GUESTS);
  if (inside.length === 0) return () => false;
  return (row) => inside.some((part) => part.contains(row));
}

function readSurface(root: Element): Surface | null {
  if (isHidden(root)) return null;
  const doc = root.ownerDocument;
  const nested = nestedRoots(root, SEL_ROOTS);
  const owned = ownedBy(nested);
  const people = new PeopleCollector();

  let rows = [...root.querySelectorAll(SEL_GUEST_BY_EMAIL)];
  const byHovercard = rows.length === 0;
  if (byHovercard) rows = [...root.querySelectorAll(SEL_GUEST_BY_HOVERCARD)];
  // A fallback root (any modal dialog) around the event's own root: every row is read there.
  if (nested.length > 0 && heldByNested(nested, byHovercard ? SEL_GUEST_BY_HOVERCARD : SEL_GUEST_BY_EMAIL) >= rows.length) return null;
  const notGuests = notGuestsTest(root);
  const guests: { row: Element; address: string; name: string | null; anchor: Element; organizer: boolean }[] = [];
  let labelled = false;
  for (const row of rows) {
    if (!owned(row)) continue;
    const address = normaliseAddress(row.getAttribute(byHovercard ? 'data-hovercard-id' : 'data-email'));
    if (address === null || isRoom(row, address) || notGuests(row)) continue;
    // A hidden row (the Rooms tab of the edit page, a collapsed group) is not shown.
    if (isHidden(row)) continue;
    const anchor = byHovercard ? row : (row.querySelector(SEL_GUEST_BY_HOVERCARD) ?? row);
    const name = rowName(row);
    const organizer = labelSaysOrganizer(row, name, address);
    labelled ||= organizer;
    guests.push({ row, address, name, anchor, organizer });
  }
  // Where the labels name the organizer, the rows' text says nothing more: it is read (a
  // serialisation of every row) only on views whose labels do not.
  for (const { row, address, name, anchor, organizer } of guests) {
    const role = organizer || (!labelled && textSaysOrganizer(row, name, address)) ? 'organizer' : 'guest';
    people.addNormalised(address, name, role, anchor);
  }
  if (people.size === 0) return null;
  return { kind: 'event', root, context: { title: readTitle(root, doc, notGuests), when: readWhen(root, doc) }, people: people.people() };
}

function ownAddresses(doc: Document): string[] {
  const found = new Set<string>();
  for (const el of queryAll(doc, SEL_ACCOUNT)) {
    for (const address of addressesIn(`${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`)) found.add(address);
  }
  return [...found];
}

export const calendarAdapter: SiteAdapter = {
  site: 'google-calendar',
  surfaceSelectors: SEL_ROOTS,
  unreadRegions: SEL_NOT_GUESTS,
  // Guest rows (`data-email`, `data-hovercard-id`, rooms' `data-name`) and the event they belong to;
  // a row's label says who organizes and names a guest without a name element (cal.com watches it
  // too: the popup fills in phases and is reused).
  identityAttributes: ['data-email', 'data-hovercard-id', 'data-name', 'data-eventid', 'title', 'aria-label'],
  readSurface: (root) => withReadCache(() => readSurface(root)),
  // Any one anchor will do: stop at the first found (a missing one costs a whole-page search).
  recognise: (doc) => SEL_ANCHORS.some((selector) => doc.querySelector(selector) !== null),
  // Settings (`/calendar/u/0/r/settings/…`), Tasks (`/r/tasks`) and the Trash (`/r/trash`: deleted
  // events, often none) list no one; nor do the pages outside the app: booking pages
  // (`/calendar/appointments/…`, older `/calendar/selfsched`) and public embeds (`/calendar/embed?src=…`).
  peopleless: (where) => /\/(r\/settings|r\/tasks|r\/trash|appointments|selfsched|embed)(\/|$)/.test(where.pathname),
  // Events may have no guests; one whose guest list shows rows has some, organizer and user
  // included: reading no one there means the rows' address attributes changed.
  expectsPeople: (doc) => withReadCache(() => queryAll(doc, SEL_GUEST_LISTS).some((list) => !isHidden(list) && list.querySelector(SEL_GUEST_ROW) !== null)),
  ownAddresses,
};
