/**
 * What a site adapter gives the content-script runtime: the "surfaces" of a page where people
 * appear (a calendar event, a mail thread, a message, a compose window, a message list), each
 * with its context and the people on it. One adapter per site, in one module each, holding all of
 * that site's selectors; the runtime (lib/content) knows no selector at all.
 *
 * Adapters must be pure DOM readers: no observers, no timers, no network, no writes to the page.
 */

export const SITES = ['google-calendar', 'gmail', 'outlook'] as const;
export type SiteId = (typeof SITES)[number];

/** The sites' names, as the options and the side panel say them. */
export const SITE_NAMES: Record<SiteId, string> = { 'google-calendar': 'Google Calendar', gmail: 'Gmail', outlook: 'Outlook on the web' };

export type PersonRole = 'organizer' | 'guest' | 'sender' | 'to' | 'cc' | 'bcc';
export type SurfaceKind = 'event' | 'thread' | 'message' | 'compose' | 'list';

export interface FoundPerson {
  /** Lowercased, trimmed address; `null` where the site shows only a name (Outlook often does). */
  email: string | null;
  /** Display name as shown, or null. */
  name: string | null;
  roles: PersonRole[];
  /** The elements that show this person on the page: where markers and hover cards attach. */
  elements: Element[];
}

export interface SurfaceContext {
  /** Event title or mail subject. */
  title: string | null;
  /** Event time as the page shows it (events only). */
  when: string | null;
}

export interface Surface {
  kind: SurfaceKind;
  root: Element;
  context: SurfaceContext;
  /** Deduplicated by address (by exact name for name-only people); rooms and resources left out. */
  people: FoundPerson[];
}

export interface SiteAdapter {
  site: SiteId;
  /**
   * Elements that are (or contain) surfaces, one selector each (queried one by one: see
   * query.ts). The runtime re-reads a surface when something inside it changes, so these selectors
   * must match the surface roots themselves.
   */
  surfaceSelectors: readonly string[];
  /**
   * Parts of a surface this adapter never reads (a message's body, its time, an event's
   * description), one selector each: a change inside one cannot change who is on the surface or
   * what it is about, so it makes no batch. Only regions inside a surface root count.
   */
  unreadRegions?: readonly string[];
  /**
   * The attributes that carry who a person is on this site (an address, a name): one rewritten in
   * place makes its surface be read again. Others (classes, positions) never do.
   */
  identityAttributes: readonly string[];
  /** Reads one surface root (an element matching surfaceSelectors); null if it holds no surface. */
  readSurface(root: Element): Surface | null;
  /**
   * Whether the page shows any of the anchors this adapter relies on (app shell, list, dialog…).
   * False on a settled page means the site's layout changed under us: the self-check reports it.
   */
  recognise(doc: Document): boolean;
  /**
   * Pages of the site that never show people (settings): the self-check stays quiet there even
   * though the usual anchors are missing.
   */
  peopleless?(where: URL): boolean;
  /**
   * Whether the view in front of the user always shows people (an open message has a sender): if
   * the adapter then reads no one at all, the site's markup changed under it, and the self-check
   * says so although the app's frame is recognised.
   */
  expectsPeople?(doc: Document, where: URL): boolean;
  /** The signed-in user's own addresses as the page shows them (lowercased). */
  ownAddresses(doc: Document): string[];
  /**
   * The signed-in user's display names, for sites that show people by name only (Outlook), so
   * the user is not looked up or marked there either.
   */
  ownNames?(doc: Document): string[];
}
