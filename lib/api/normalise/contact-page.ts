/**
 * A page of the contact list and the query for the next page, whatever paging style the server uses.
 */
import type { ContactPage } from '../../models';
import { isObj, numberOf, textOf, type Obj } from './values';
import { hasMoreOf, listReply, pagingOf, totalOf, type PageRequest } from './envelope';
import { toContacts } from './contacts';
import { linkRelations } from './link-header';

/**
 * What a list call's reply says in its headers about paging: its `Link` header, the
 * address asked (a relative link is resolved against it), and the service's API root
 * (`https://host/prefix/api/v2`), outside which no link is taken.
 */
export interface LinkPaging {
  link: string | null;
  requestUrl: string;
  apiRoot: string;
}

/**
 * The contact list: `items` is shown by the interface, paging is not. The next page is returned as
 * an opaque token holding the query to send, whatever style (offset, page, cursor, next link, or
 * a `Link` header when the list call passes `linkPaging`).
 */
export function toContactPage(raw: unknown, request: PageRequest, linkPaging?: LinkPaging): ContactPage {
  // `members`: Slack's users.list and other directories of people; `people`, `users` likewise.
  const { body, list } = listReply(raw, ['items', 'contacts', 'results', 'data', 'members', 'people', 'users'], 'the contact list');
  const items = toContacts(list);
  const paging = pagingOf(body);
  // A `count` that is this page's own length is no total, however short the page: a server capping
  // its pages below the size asked (50 of 100) counts the page alone, and read as the total the
  // list (or a name search) ended there, with a namesake on the next page. Unknown, the next page
  // is asked (readContactList's probe) or the name looked up in the whole list.
  const total = totalOf(body, paging, list.length, request, true);
  const countedItself = total === null && list.length > 0 && (numberOf(body, 'count') ?? numberOf(paging, 'count')) === list.length;
  const headerNext = linkPaging ? linkedNextQuery(linkPaging) : undefined;
  const found = nextPageQuery(body, paging, list.length, total, request, items.at(-1)?.id ?? null, headerNext);
  const next = found instanceof Counted ? found.query : found;
  // The header's answer was the one taken (the body said nothing of paging): its end is certain.
  const linkPaged = headerNext !== undefined && next === headerNext;
  // The last page by the server's own word (`has_more: false`, a Link header without next, a
  // total reached), not by a page shorter than asked for, which a server capping its size sends too.
  const hasMore = hasMoreOf(body, paging);
  const complete = next === null && (hasMore === false || linkPaged || nextSaidNull(body, paging) || (total !== null && total <= request.offset + items.length));
  // More follows by the server's own word (a cursor, a token, a link, `has_more: true`), not by
  // Primer's arithmetic: the same page again for it is the paging ignored, not the list's end.
  const moreSaid = next !== null && (!(found instanceof Counted) || hasMore === true);
  const nextUnnamed = found instanceof Counted && hasMore === true;
  return {
    items,
    total,
    next: next === null ? null : JSON.stringify(next),
    ...(linkPaged ? { linkPaged } : {}),
    ...(complete ? { complete } : {}),
    ...(moreSaid ? { moreSaid } : {}),
    ...(nextUnnamed ? { nextUnnamed } : {}),
    ...(countedItself ? { countedItself } : {}),
  };
}

type Query = Record<string, string>;

/**
 * The query of another list's next page by the contacts' rules, only as the server says it (a
 * cursor, a link, `has_more`, a total or page count beyond this page): never guessed from a full page.
 */
export function nextListQuery(body: Obj, received: number, lastId: string | null, asked?: Query, linkPaging?: LinkPaging): Query | null {
  const paging = pagingOf(body);
  const offset = numberOf(body, 'offset') ?? numberOf(paging, 'offset') ?? 0;
  // The size this page was asked with (a later page's): none asked, none assumed.
  const size = Number(asked?.per_page ?? asked?.limit);
  const request = { limit: Number.isInteger(size) && size > 0 ? size : Number.MAX_SAFE_INTEGER, offset };
  const found = nextPageQuery(body, paging, received, totalOf(body, paging, received, request), request, lastId, linkPaging ? linkedNextQuery(linkPaging) : undefined);
  const query = found instanceof Counted ? found.query : found;
  // The size, where the server named none, as this page's.
  return query === null ? null : Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value === String(Number.MAX_SAFE_INTEGER) ? String(received) : value]));
}

/**
 * DRF's (and JSON:API's) `next: null`: the last page, whatever a count beside it says. So is a
 * cursor left empty (Slack's `response_metadata.next_cursor: ""`) or null.
 */
function nextSaidNull(body: Obj, paging: Obj): boolean {
  const links = isObj(body.links) ? body.links : {};
  return [body, paging, links].some((source) => 'next' in source && source.next === null) || cursorEnded(body, paging);
}

/** A cursor key present with nothing in it: `""` (Slack's last page) or null. */
function cursorEnded(body: Obj, paging: Obj): boolean {
  return [body, paging].some((source) => 'next_cursor' in source && (source.next_cursor === null || (typeof source.next_cursor === 'string' && source.next_cursor.trim() === '')));
}

/** Relations a `Link` header pages with: naming any of them without `next` says this is the last page. */
const PAGE_RELATIONS = ['next', 'prev', 'previous', 'first', 'last'];

/**
 * The next page from a `Link` header: its query, taken only from a link on the service's own
 * origin and under its API root (a header can be set by anything between, and the key goes
 * wherever the query is sent: to the list's path of the configured service). Null when the
 * header pages but names no next page (the last one); undefined when it says nothing usable.
 */
function linkedNextQuery({ link, requestUrl, apiRoot }: LinkPaging): Query | null | undefined {
  const relations = linkRelations(link);
  const target = relations.get('next');
  if (target === undefined) return PAGE_RELATIONS.some((name) => relations.has(name)) ? null : undefined;
  let next: URL;
  let root: URL;
  try {
    next = new URL(target, requestUrl);
    root = new URL(apiRoot);
  } catch {
    return undefined;
  }
  const rootPath = root.pathname.replace(/\/+$/, '');
  const underRoot = next.pathname === rootPath || next.pathname.startsWith(`${rootPath}/`);
  return next.origin === root.origin && underRoot ? Object.fromEntries(next.searchParams.entries()) : undefined;
}

/** A next page worked out by Primer from a page number, an offset or the last id, not named by the server. */
class Counted {
  constructor(readonly query: Query) {}
}

function nextPageQuery(
  body: Obj,
  paging: Obj,
  received: number,
  total: number | null,
  request: PageRequest,
  lastId: string | null,
  headerNext: Query | null | undefined,
): Query | Counted | null {
  const hasMore = hasMoreOf(body, paging);
  if (received === 0 || hasMore === false) return null;

  const cursorObject = isObj(body.cursor) ? body.cursor : {};
  const cursor =
    textOf(body, 'next_cursor', 'nextCursor', 'cursor_next') ??
    textOf(paging, 'next_cursor', 'nextCursor', 'cursor', 'end_cursor') ??
    // {cursor: {next: "…"}}
    textOf(cursorObject, 'next', 'after');
  if (cursor !== null) return { cursor, limit: String(request.limit) };
  // HubSpot's {paging: {next: {after, link}}}: the next page goes after `after` (absent on the last).
  if (isObj(paging.next)) {
    const after = textOf(paging.next, 'after');
    if (after !== null) return { after, limit: String(request.limit) };
  }
  if (cursorEnded(body, paging)) return null;
  // Google's style sends the token back as pageToken; its snake_case twin as page_token.
  const pageToken = textOf(body, 'nextPageToken') ?? textOf(paging, 'nextPageToken');
  if (pageToken !== null) return { pageToken, limit: String(request.limit) };
  const snakeToken = textOf(body, 'next_page_token') ?? textOf(paging, 'next_page_token');
  if (snakeToken !== null) return { page_token: snakeToken, limit: String(request.limit) };

  // JSON:API keeps it as links.next, a string or {href}; null there is the last page.
  const links = isObj(body.links) ? body.links : {};
  const linked = isObj(links.next) ? textOf(links.next, 'href') : textOf(links, 'next');
  if ('next' in links && linked === null) return null;
  if (nextSaidNull(body, paging)) return null;
  // Only a link's query is taken, sent to the contacts path of the configured service: a link can
  // never move the key to another host (nor a proxy's internal address).
  const nextLink = textOf(body, 'next', 'next_url', 'nextUrl') ?? textOf(paging, 'next', 'next_url') ?? linked;
  // A bare query ("?page=2") is a link too, relative to the list's own address.
  // (A path without its leading slash too: "api/v2/contacts?offset=100".)
  if (nextLink !== null && (/^(https?:\/\/|\/|\?)/.test(nextLink) || nextLink.includes('?'))) {
    const url = new URL(nextLink, 'http://placeholder.invalid/');
    return Object.fromEntries(url.searchParams.entries());
  }
  // Other text under `next` but a number (a page's or an offset's, left to the arithmetic below)
  // is an opaque cursor ({items, next: "MTAw"}): sent back as `cursor`, the name most servers read
  // it by, with the next offset beside it for a server that reads that instead.
  const token = [body.next, paging.next].find((value): value is string => typeof value === 'string' && value.trim() !== '' && !/^\d+$/.test(value.trim()));
  if (token !== undefined) return { cursor: token.trim(), limit: String(request.limit), offset: String(request.offset + received) };
  // GitHub's style: the next page only in the `Link` header, the body a bare array.
  if (headerNext !== undefined) return headerNext;
  // Stripe's lists ({object: "list", has_more}) go on after the last item's id; they refuse offset.
  if (body.object === 'list' && hasMore === true && lastId !== null) return new Counted({ starting_after: lastId, limit: String(request.limit) });

  // A next page's number ("next_page": 2); null there is the last page.
  const nextPage = numberOf(body, 'next_page', 'nextPage') ?? numberOf(paging, 'next_page', 'nextPage');
  const perPageKeys = ['per_page', 'perPage', 'page_size', 'pageSize', 'items_per_page', 'itemsPerPage', 'size', 'limit'];
  const stated = numberOf(body, ...perPageKeys) ?? numberOf(paging, ...perPageKeys);
  if (nextPage !== null) {
    const size = String(stated ?? Math.max(received, 1));
    return { page: String(nextPage), per_page: size, limit: size };
  }
  if (body.next_page === null || paging.next_page === null) return null;

  const pageKeys = ['page', 'current_page', 'currentPage'];
  const page = numberOf(body, ...pageKeys) ?? numberOf(paging, ...pageKeys);
  if (page !== null) {
    // Not said: the size asked (this page's, as listContacts sent it); on the first page of a list
    // not counted, or counted longer than it, what the server sent (its own size, capping the one
    // asked: the list ended there, and a name found once looked unique with namesakes past it). A
    // later short page is the last, never a size: asked by it, the pages after overlapped.
    const perPage = stated ?? (page <= 1 && (total === null || received < total) ? received : request.limit);
    const pages = numberOf(body, 'total_pages', 'totalPages', 'pages') ?? numberOf(paging, 'total_pages', 'totalPages', 'pages');
    const more = hasMore ?? (pages !== null ? page < pages : total !== null ? page * perPage < total : received >= perPage);
    // The size as `per_page` and as `limit` (the first page was asked with it; nestjs-typeorm-paginate
    // reads it): sent only as `per_page`, a server reading `limit` sent its own default size, a
    // page of people seen already, and the list ended there.
    const size = String(perPage);
    return more ? new Counted({ page: String(page + 1), per_page: size, limit: size }) : null;
  }

  const offset = numberOf(body, 'offset') ?? numberOf(paging, 'offset') ?? request.offset;
  const limit = numberOf(body, 'limit') ?? numberOf(paging, 'limit') ?? request.limit;
  const nextOffset = offset + received;
  const more = hasMore ?? (total !== null ? nextOffset < total : received >= limit);
  return more ? new Counted({ offset: String(nextOffset), limit: String(limit) }) : null;
}
