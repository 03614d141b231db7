/**
 * What wraps a reply: `{data: …}` and JSON:API envelopes, list replies, and the paging details
 * (totals, has-more flags) beside a list.
 */
import { invalid, isObj, numberOf, toFlag, type Obj } from './values';

/**
 * A resource's own fields. JSON:API keeps them under `attributes` beside the resource's `id` and
 * `type`: those are flattened, the resource's `id` winning over one among the attributes.
 */
export function resourceOf(body: Obj): Obj {
  if (!isObj(body.attributes)) return body;
  return body.id === undefined ? body.attributes : { ...body.attributes, id: body.id };
}

/**
 * Many APIs wrap a resource in `{data: …}` or `{<name>: …}`; look inside when the top lacks `probe`,
 * and inside once more when it is wrapped twice (`{data: {insights: {…}}}`).
 */
export function unwrap(body: unknown, probeKeys: string[], wrappers: string[], depth = 0): unknown {
  if (!isObj(body)) return body;
  if (probeKeys.some((key) => key in body)) return resourceOf(body);
  for (const wrapper of wrappers) {
    const inner = body[wrapper];
    if (isObj(inner)) return depth === 0 ? unwrap(inner, probeKeys, wrappers, 1) : resourceOf(inner);
    // A list is the answer itself only at the top: inside `{data: …}` it is a field (`insights: []`).
    if (Array.isArray(inner)) return depth === 0 ? inner : resourceOf(body);
  }
  return resourceOf(body);
}

/**
 * The array of a list reply and the object around it (for totals and paging): a bare array, an
 * array under one of `listKeys`, or either inside a `{data: {…}}` envelope (whose outside still
 * counts). A `null` list, Go's nil slice, or no body is an empty list; a reply with no list at all
 * is refused.
 */
export function listReply(raw: unknown, listKeys: string[], what: string): { body: Obj; list: unknown[] } {
  if (Array.isArray(raw)) return { body: {}, list: raw };
  // No body at all (204 No Content, or `null`): some servers answer so when nothing matches.
  if (raw === null) return { body: {}, list: [] };
  if (!isObj(raw)) throw invalid(what);
  // `data` as an object is never the list itself, only an envelope around it.
  const body = isObj(raw.data) ? { ...raw, ...raw.data } : raw;
  // A list under any of the keys wins over a null under another (`{items: null, webhooks: […]}`).
  for (const key of listKeys) {
    const list = body[key];
    if (Array.isArray(list)) return { body, list };
  }
  if (listKeys.some((key) => body[key] === null)) return { body, list: [] };
  throw invalid(`${what} (${listKeys[0] ?? 'items'})`);
}

/** Each entry of a list read with `read`; a malformed entry is left out, never the whole list. */
export function eachReadable<T>(list: readonly unknown[], read: (entry: unknown) => T): T[] {
  const out: T[] = [];
  for (const entry of list) {
    try {
      out.push(read(entry));
    } catch {
      // A single malformed entry must not hide everyone else.
    }
  }
  return out;
}

/** How many a list holds in all: also nestjs-typeorm-paginate's `totalItems` and Spring Data's `totalElements`. */
export const TOTAL_KEYS = ['total', 'total_count', 'totalCount', 'count', 'total_items', 'totalItems', 'total_elements', 'totalElements'];

/** Where a list reply keeps its paging details, when not at its top. */
export function pagingOf(body: Obj): Obj {
  // `paging`: HubSpot's and the Graph API's; `response_metadata`: Slack's (`next_cursor`).
  for (const key of ['pagination', 'meta', 'page_info', 'paging', 'response_metadata']) {
    const paging = body[key];
    if (isObj(paging)) return paging;
  }
  return {};
}

const HAS_MORE_KEYS = ['has_more', 'hasMore', 'has_next', 'hasNext', 'has_next_page', 'hasNextPage'];

/** Whether the server says more follows (Stripe's `has_more`, Flask-SQLAlchemy's `has_next`), at the top or in its paging object. */
export function hasMoreOf(body: Obj, paging: Obj): boolean | null {
  for (const source of [body, paging]) {
    for (const key of HAS_MORE_KEYS) {
      const flag = toFlag(source[key]);
      if (flag !== null) return flag;
    }
  }
  return null;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * How many entries the whole list holds, when the reply says. `count` is that to DRF, yet this
 * page's length to others: a full page whose `count` is its own length says nothing (read as the
 * total, the list ended there: a name search looked complete with a namesake past it, a person's
 * recordings stopped at the first page). `shortToo`: nor does a short one (contact pages: a server
 * capping its pages below the size asked sends one before the list's end).
 */
export function totalOf(body: Obj, paging: Obj, received: number, request: PageRequest, shortToo = false): number | null {
  const named = TOTAL_KEYS.filter((key) => key !== 'count');
  const total = numberOf(body, ...named) ?? numberOf(paging, ...named);
  if (total !== null) return total;
  const count = numberOf(body, 'count') ?? numberOf(paging, 'count');
  return count !== null && count === received && received > 0 && (shortToo || received >= request.limit) ? null : count;
}
