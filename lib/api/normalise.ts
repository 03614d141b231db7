/**
 * The one place where the service's replies become view models (lib/models.ts).
 *
 * The interface leaves many details "not shown", so each raw schema below accepts the plausible
 * alternatives (snake_case and camelCase names, lists of strings or of objects, flags as booleans,
 * strings or 0/1, wrapped `{data:…}` envelopes), ignores unknown fields, and throws an
 * `invalid_response` ApiError when a reply lacks what the view needs (an id, an upload URL).
 */
import { z } from 'zod/mini';
import type {
  ActionItem,
  ItemSource,
  ContactPage,
  ContactRecord,
  Insights,
  Participant,
  PreferenceFlags,
  PresignedUpload,
  Recording,
  RecordingInsights,
  RecordingPage,
  RecordingStatus,
  Transcript,
  TranscriptSegment,
  Webhook,
} from '../models';
import { ApiError } from './errors';

// ---------- primitives ----------

const Obj = z.record(z.string(), z.unknown());
type Obj = z.infer<typeof Obj>;

const Scalar = z.union([z.string(), z.number()]);

function isObj(value: unknown): value is Obj {
  return Obj.safeParse(value).success && !Array.isArray(value);
}

/** How servers write "no value" as text: Python's str(None), JavaScript's String(undefined), forms' N/A. */
const PLACEHOLDERS = new Set(['none', 'null', 'undefined', 'n/a']);

/** A scalar as text to show: trimmed, numbers as strings; blank or a placeholder word is missing. */
function scalarText(value: unknown): string | null {
  const parsed = Scalar.safeParse(value);
  if (!parsed.success) return null;
  const text = String(parsed.data).trim();
  return text === '' || PLACEHOLDERS.has(text.toLowerCase()) ? null : text;
}

/** First present, non-empty text among the given keys (numbers become strings). */
function textOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const text = scalarText(source[key]);
    if (text !== null) return text;
  }
  return null;
}

/**
 * A text field (a tone, a summary) as one line of text, however it came: text, a list (joined with
 * commas: `["formal", "concise"]`) or an object holding the text (`{summary: "…"}`, `{value: "formal"}`).
 */
function proseOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = source[key];
    const text = Array.isArray(value) ? toTextList(value).join(', ') || null : isObj(value) ? textOf(value, ...ITEM_TEXT_KEYS) : scalarText(value);
    if (text !== null) return text;
  }
  return null;
}

const EARLIEST_MOMENT = Date.UTC(2000, 0, 1);
const LATEST_MOMENT = Date.UTC(2100, 0, 1);

/**
 * A date written only in digits, as ISO text: epoch seconds (10 digits before any fraction) or
 * milliseconds (13), within 2000–2100, and a compact calendar day "20261112". Anything else in
 * digits (a duration, a row number) is no date: null.
 */
function dateFromDigits(digits: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(digits);
  if (compact) {
    const [, year, month, day] = compact.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() >= EARLIEST_MOMENT && date.getTime() < LATEST_MOMENT;
    return real ? date.toISOString().slice(0, 10) : null;
  }
  const whole = digits.split('.')[0] ?? '';
  const ms = whole.length === 10 ? Number(digits) * 1000 : whole.length === 13 ? Number(digits) : Number.NaN;
  return ms >= EARLIEST_MOMENT && ms < LATEST_MOMENT ? new Date(Math.round(ms)).toISOString() : null;
}

/**
 * A date written with its year first ("2026-11-12", "0001-01-01T00:00:00Z") outside 2000–2100: a
 * placeholder for "none" (Go's zero time, the Unix epoch, .NET's MinValue), not a real date.
 */
function isPlaceholderYear(text: string): boolean {
  const year = /^(\d{4})\D/.exec(text)?.[1];
  if (year === undefined) return false;
  const start = Date.UTC(Number(year), 0, 1);
  return start < EARLIEST_MOMENT || start >= LATEST_MOMENT;
}

/** A date and time in ISO order, with `T` or a space between, and perhaps a zone after (`Z`, `UTC`, `+0100`). */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A timestamp as ISO text with its zone. The interface's times are UTC, yet Python's
 * `utcnow().isoformat()`, .NET's unspecified DateTime and SQL text ("2026-11-12 10:00:00") leave the
 * zone out, and JavaScript would read them as the reader's local time: no zone is UTC. Ruby's
 * "… UTC" and "… +0100" become ISO too. Null for other text.
 */
function isoTimestamp(text: string): string | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, day, time, zone = 'Z'] = match;
  const offset = /^[+-]/.test(zone) ? zone.replace(/^([+-]\d{2}):?(\d{2})?$/, (_all, hours: string, minutes = '00') => `${hours}:${minutes}`) : 'Z';
  return `${day}T${time}${offset}`;
}

/**
 * First date among the keys: digits (numbers or text) become ISO text, a timestamp gets its zone
 * (isoTimestamp), other text is kept as written for the date formatter; a placeholder date counts
 * as none.
 */
function dateOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const text = scalarText(source[key]);
    if (text === null) continue;
    if (typeof source[key] !== 'number' && !/^-?\d+(\.\d+)?$/.test(text)) {
      if (isPlaceholderYear(text)) continue;
      return isoTimestamp(text) ?? text;
    }
    const date = dateFromDigits(text);
    if (date !== null) return date;
  }
  return null;
}

function numberOf(source: Obj, ...keys: string[]): number | null {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

function invalid(what: string): ApiError {
  return new ApiError('invalid_response', `The service’s reply is missing ${what}.`);
}

/**
 * A resource's own fields. JSON:API keeps them under `attributes` beside the resource's `id` and
 * `type`: those are flattened, the resource's `id` winning over one among the attributes.
 */
function resourceOf(body: Obj): Obj {
  if (!isObj(body.attributes)) return body;
  return body.id === undefined ? body.attributes : { ...body.attributes, id: body.id };
}

/**
 * Many APIs wrap a resource in `{data: …}` or `{<name>: …}`; look inside when the top lacks `probe`,
 * and inside once more when it is wrapped twice (`{data: {insights: {…}}}`).
 */
function unwrap(body: unknown, probeKeys: string[], wrappers: string[], depth = 0): unknown {
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

/** Keys under which servers send an id: the usual ones, Mongo's `_id` and Django's `pk`. */
const ID_KEYS = ['id', '_id', 'pk'];

/** An id among `keys`, also Mongo's extended JSON `{_id: {$oid: "…"}}`. */
function idOf(source: Obj, ...keys: string[]): string | null {
  const id = textOf(source, ...keys);
  if (id !== null) return id;
  const oid = keys.includes('_id') && isObj(source._id) ? source._id : null;
  return oid === null ? null : textOf(oid, '$oid');
}

/**
 * The array of a list reply and the object around it (for totals and paging): a bare array, an
 * array under one of `listKeys`, or either inside a `{data: {…}}` envelope (whose outside still
 * counts). A `null` list, Go's nil slice, or no body is an empty list; a reply with no list at all
 * is refused.
 */
function listReply(raw: unknown, listKeys: string[], what: string): { body: Obj; list: unknown[] } {
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
function eachReadable<T>(list: readonly unknown[], read: (entry: unknown) => T): T[] {
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
const TOTAL_KEYS = ['total', 'total_count', 'totalCount', 'count', 'total_items', 'totalItems', 'total_elements', 'totalElements'];

/** Where a list reply keeps its paging details, when not at its top. */
function pagingOf(body: Obj): Obj {
  return isObj(body.pagination) ? body.pagination : isObj(body.meta) ? body.meta : isObj(body.page_info) ? body.page_info : {};
}

const HAS_MORE_KEYS = ['has_more', 'hasMore', 'has_next', 'hasNext', 'has_next_page', 'hasNextPage'];

/** Whether the server says more follows (Stripe's `has_more`, Flask-SQLAlchemy's `has_next`), at the top or in its paging object. */
function hasMoreOf(body: Obj, paging: Obj): boolean | null {
  for (const source of [body, paging]) {
    for (const key of HAS_MORE_KEYS) {
      const flag = toFlag(source[key]);
      if (flag !== null) return flag;
    }
  }
  return null;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

export function toFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return null;
}

/**
 * Where an object in a list keeps its text. What names the thing (a topic's name, a task's title,
 * a decision) comes before what explains it: `{name: "Budget", description: "Discussed the Q3…"}`
 * is the chip "Budget".
 */
const ITEM_TEXT_KEYS = ['name', 'topic', 'title', 'keyword', 'subject', 'label', 'decision', 'task', 'text', 'description', 'summary', 'content', 'value'];

/**
 * A map of entry → count or on/off (Python's Counter, `{"pricing": 5}`; events `{"x": true}`): the
 * entries counted or on, most counted first. Null when any value is something else.
 */
function countedKeys(value: Obj): string[] | null {
  const counted: [string, number][] = [];
  for (const [key, count] of Object.entries(value)) {
    if (typeof count !== 'number' && typeof count !== 'boolean') return null;
    if (Number(count) > 0) counted.push([key, Number(count)]);
  }
  return counted.sort((a, b) => b[1] - a[1]).map(([key]) => key);
}

/** `[text, count]`, as Counter.most_common() writes an entry: its text. */
function pairText(entry: unknown): string | null {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'number' ? scalarText(entry[0]) : null;
}

/**
 * A list written as text: one entry a line when there are several (a model's markdown: "- Go with
 * B, from May", "1. Send deck"; commas inside a line are the entry's own), bullets and numbers
 * dropped; one line is split at commas and semicolons ("budget, hiring").
 */
function textEntries(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) return text.split(/[,;]/);
  return lines.map((line) => line.trim().replace(/^(?:[-*•+]|\d{1,3}[.)])\s+/, ''));
}

/**
 * A list given as strings, as objects with a text-like field (among `keys`), as `[text, count]`
 * pairs, as a map of text → count, or as text (textEntries).
 */
export function toTextList(value: unknown, keys: readonly string[] = ITEM_TEXT_KEYS): string[] {
  if (isObj(value)) return countedKeys(value)?.flatMap((key) => scalarText(key) ?? []) ?? [];
  const entries: unknown[] = typeof value === 'string' ? textEntries(value) : Array.isArray(value) ? value : [];
  const out: string[] = [];
  for (const entry of entries) {
    const text = isObj(entry) ? textOf(entry, ...keys) : Array.isArray(entry) ? pairText(entry) : scalarText(entry);
    if (text !== null) out.push(text);
  }
  return out;
}

const DONE_STATUSES = new Set(['done', 'completed', 'complete', 'closed', 'resolved', 'cancelled', 'canceled']);

/**
 * `pendingOnly`: a contact's pending items (done ones left out). `ofRecording`: one recording's own
 * items, whose source is that recording (not said again beside each).
 */
export function toActionItems(value: unknown, { pendingOnly, ofRecording = false }: { pendingOnly: boolean; ofRecording?: boolean }): ActionItem[] {
  // An object is no list of items: `{total: 2, overdue: 1}` counts them (a map of text → count is
  // for topics, toTextList).
  if (!Array.isArray(value)) return isObj(value) ? [] : toTextList(value).map((text) => ({ text, owner: null, dueDate: null, status: null }));
  const out: ActionItem[] = [];
  for (const entry of value) {
    if (!isObj(entry)) {
      const text = scalarText(entry);
      if (text !== null) out.push({ text, owner: null, dueDate: null, status: null });
      continue;
    }
    const text = textOf(entry, ...ITEM_TEXT_KEYS, 'action', 'action_item', 'item');
    if (text === null) continue;
    const ownerValue = entry.owner ?? entry.assignee ?? entry.assigned_to ?? entry.assignedTo;
    const owner = isObj(ownerValue) ? textOf(ownerValue, 'name', 'email') : textOf(entry, 'owner', 'assignee', 'assigned_to', 'assignedTo');
    const status = textOf(entry, 'status', 'state');
    // Done when flagged so, or (without a flag) when it has a completion time: Rails' and Django's
    // `completed_at` is null while the item is open.
    const completed =
      toFlag(entry.completed ?? entry.done ?? entry.is_completed ?? entry.isCompleted ?? entry.is_done ?? entry.isDone) ??
      (dateOf(entry, 'completed_at', 'completedAt', 'done_at', 'doneAt') === null ? null : true);
    if (pendingOnly && ((status !== null && DONE_STATUSES.has(status.toLowerCase())) || completed === true)) continue;
    out.push({ text, owner, dueDate: dateOf(entry, 'due_date', 'dueDate', 'due', 'due_at', 'dueAt', 'deadline'), status, ...(ofRecording ? {} : itemSourceField(entry)) });
  }
  return out;
}

const SOURCE_RECORDING_KEYS = ['recording_id', 'recordingId', 'source_recording_id', 'sourceRecordingId'];
const SOURCE_TITLE_KEYS = ['recording_title', 'recordingTitle', 'source_title', 'sourceTitle'];
const SOURCE_DATE_KEYS = ['meeting_date', 'meetingDate', 'recording_date', 'recordingDate', 'raised_at', 'raisedAt'];
/** When the item itself was made: often when the server processed the recording, so a meeting's own date comes first. */
const CREATED_KEYS = ['created_at', 'createdAt'];

/**
 * Where an item was raised, however the server says it: beside the item (`recording_id`,
 * `meeting_date`, `created_at`), or in an object of its own (`recording: {id, title}`;
 * `source: {recording_id, title, date}`, or `source: {type: "recording", id}`); `recording:
 * "rec_1"` is the id. A source of another kind or of no stated kind (`{type: "email", id, title}`,
 * a chat, a calendar meeting) is no recording to open: only its title and date are kept. Null when
 * nothing is said: no source is made up.
 */
function itemSource(entry: Obj): ItemSource | null {
  const recording = isObj(entry.recording) ? entry.recording : null;
  const source = isObj(entry.source) ? entry.source : null;
  // A source's own id names a recording only when its type says so (`{id, title}` alone may be an e-mail).
  const sourceIsRecording = source !== null && /recording/i.test(textOf(source, 'type', 'kind', 'source_type', 'sourceType') ?? '');
  // `recording: "rec_1"` is an id; words there ("Weekly sync") are a title.
  const bare = scalarText(entry.recording);
  const bareId = bare !== null && !/\s/.test(bare) ? bare : null;
  const recordingId =
    textOf(entry, ...SOURCE_RECORDING_KEYS) ??
    (recording ? idOf(recording, ...ID_KEYS, ...SOURCE_RECORDING_KEYS) : bareId) ??
    (source ? textOf(source, ...SOURCE_RECORDING_KEYS) ?? (sourceIsRecording ? idOf(source, ...ID_KEYS) : null) : null);
  const nested = recording ?? source;
  const title =
    textOf(entry, ...SOURCE_TITLE_KEYS) ?? (nested ? textOf(nested, 'title', 'name', ...SOURCE_TITLE_KEYS) : null) ?? (bare !== null && bareId === null ? bare : null);
  // The meeting's date (beside the item or in its source) before when the item was made.
  const date =
    dateOf(entry, ...SOURCE_DATE_KEYS) ?? (nested ? dateOf(nested, ...SOURCE_DATE_KEYS, 'date', ...CREATED_KEYS) : null) ?? dateOf(entry, ...CREATED_KEYS);
  return recordingId === null && title === null && date === null ? null : { recordingId, title, date };
}
/** `{source}` when the item has one; nothing otherwise (most servers say nothing). */
function itemSourceField(entry: Obj): { source?: ItemSource } {
  const source = itemSource(entry);
  return source ? { source } : {};
}

// ---------- contacts ----------

/** Where a contact's address is named as its primary one. */
const PRIMARY_EMAIL_KEYS = ['primary_email', 'primaryEmail'];
/** Where a contact's address usually is (its primary one when it has several). */
const EMAIL_KEYS = ['email', 'email_address', 'emailAddress'];
/** Lists of addresses (the primary flagged in one, or first), and further addresses beside `email`. */
const EMAIL_LIST_KEYS = ['emails', 'email_addresses', 'emailAddresses', 'additional_emails', 'additionalEmails', 'secondary_emails', 'secondaryEmails', 'other_emails', 'otherEmails', 'alternate_emails', 'alternateEmails'];
const OTHER_EMAIL_KEYS = ['secondary_email', 'secondaryEmail', 'alternate_email', 'alternateEmail', 'other_email', 'otherEmail'];
/** Where an entry of such a list (`{email: …, primary: true}`) keeps its address. */
const EMAIL_ENTRY_KEYS = ['email', 'address', 'value', 'email_address', 'emailAddress'];

/** An entry flagged as the primary address: `primary`, `is_primary`, `isPrimary` or `type: "primary"`. */
function isPrimaryEntry(entry: Obj): boolean {
  if (toFlag(entry.primary ?? entry.is_primary ?? entry.isPrimary) === true) return true;
  return textOf(entry, 'type', 'label', 'kind')?.toLowerCase() === 'primary';
}

/**
 * A contact's addresses, each once whatever its case (as first written, trimmed), the primary
 * first: one named primary (`primary_email`), else one flagged primary in a list, else `email`,
 * else the first listed. `email` is that primary.
 */
function contactAddresses(body: Obj): { email: string | null; emails: string[] } {
  const named: string[] = [];
  const flagged: string[] = [];
  const plain: string[] = [];
  const listed: string[] = [];
  const others: string[] = [];
  const read = (keys: string[], into: string[]) => {
    for (const key of keys) {
      const value = body[key];
      // A list, one object, or text: several addresses ("a@x.example, b@x.example") are split,
      // text with one is kept as written (as before), whatever else it holds.
      const several = typeof value === 'string' && value.split('@').length > 2;
      const entries: unknown[] = Array.isArray(value) ? value : several ? value.split(/[\s,;]+/) : [value];
      for (const entry of entries) {
        const address = isObj(entry) ? textOf(entry, ...EMAIL_ENTRY_KEYS) : scalarText(entry);
        if (address !== null) (isObj(entry) && isPrimaryEntry(entry) ? flagged : into).push(address);
      }
    }
  };
  read(PRIMARY_EMAIL_KEYS, named);
  read(EMAIL_KEYS, plain);
  read(EMAIL_LIST_KEYS, listed);
  read(OTHER_EMAIL_KEYS, others);
  const emails = new Map<string, string>();
  for (const address of [...named, ...flagged, ...plain, ...listed, ...others]) {
    const key = address.toLowerCase();
    if (!emails.has(key)) emails.set(key, address);
  }
  const all = [...emails.values()];
  return { email: all[0] ?? null, emails: all };
}

export function toContact(raw: unknown): ContactRecord {
  const body = unwrap(raw, [...ID_KEYS, 'email'], ['contact', 'data']);
  if (!isObj(body)) throw invalid('the contact');
  const id = idOf(body, ...ID_KEYS, 'contact_id', 'contactId', 'uuid');
  if (id === null) throw invalid('the contact’s id');
  const { email, emails } = contactAddresses(body);
  // The name may be an object of its own: `name: {first, last}` or `{full: "…"}`.
  const nameObject = isObj(body.name) ? body.name : {};
  let name = textOf(body, 'name', 'full_name', 'fullName', 'display_name', 'displayName') ?? textOf(nameObject, 'full', 'full_name', 'fullName', 'display', 'formatted');
  if (name === null) {
    const within = { ...body, ...nameObject };
    // Bare `first` / `last` only inside a name object: beside a contact's fields they may mean anything.
    const parts = [
      textOf(within, 'first_name', 'firstName', 'given_name', 'givenName') ?? textOf(nameObject, 'first'),
      textOf(within, 'last_name', 'lastName', 'family_name', 'familyName', 'surname') ?? textOf(nameObject, 'last'),
    ];
    const joined = parts.filter((part): part is string => part !== null).join(' ');
    name = joined === '' ? null : joined;
  }
  const companyValue = body.company ?? body.organization ?? body.organisation;
  const company = isObj(companyValue)
    ? textOf(companyValue, 'name')
    : textOf(body, 'company', 'organization', 'organisation', 'company_name', 'companyName');
  return { id, name, email, emails, company, title: textOf(body, 'title', 'job_title', 'jobTitle', 'role', 'position') };
}

/** Contacts that fail to parse are dropped rather than failing the whole list. */
function toContacts(value: unknown): ContactRecord[] {
  return Array.isArray(value) ? eachReadable(value, toContact) : [];
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * The contact list: `items` is shown by the interface, paging is not. The next page is returned as
 * an opaque token holding the query to send, whatever style (offset, page, cursor, next link).
 */
export function toContactPage(raw: unknown, request: PageRequest): ContactPage {
  const { body, list } = listReply(raw, ['items', 'contacts', 'results', 'data'], 'the contact list');
  const items = toContacts(list);
  const paging = pagingOf(body);
  const total = numberOf(body, ...TOTAL_KEYS) ?? numberOf(paging, ...TOTAL_KEYS);
  const next = nextPageQuery(body, paging, list.length, total, request, items.at(-1)?.id ?? null);
  return { items, total, next: next === null ? null : JSON.stringify(next) };
}

type Query = Record<string, string>;

function nextPageQuery(
  body: Obj,
  paging: Obj,
  received: number,
  total: number | null,
  request: PageRequest,
  lastId: string | null,
): Query | null {
  const hasMore = hasMoreOf(body, paging);
  if (received === 0 || hasMore === false) return null;

  const cursor =
    textOf(body, 'next_cursor', 'nextCursor', 'cursor_next') ?? textOf(paging, 'next_cursor', 'nextCursor', 'cursor', 'end_cursor');
  if (cursor !== null) return { cursor, limit: String(request.limit) };
  if (body.next_cursor === null || paging.next_cursor === null) return null;
  // Google's style sends the token back as pageToken; its snake_case twin as page_token.
  const pageToken = textOf(body, 'nextPageToken') ?? textOf(paging, 'nextPageToken');
  if (pageToken !== null) return { pageToken, limit: String(request.limit) };
  const snakeToken = textOf(body, 'next_page_token') ?? textOf(paging, 'next_page_token');
  if (snakeToken !== null) return { page_token: snakeToken, limit: String(request.limit) };

  // JSON:API keeps it as links.next, a string or {href}; null there is the last page.
  const links = isObj(body.links) ? body.links : {};
  const linked = isObj(links.next) ? textOf(links.next, 'href') : textOf(links, 'next');
  if ('next' in links && linked === null) return null;
  // Only a link's query is taken, sent to the contacts path of the configured service: a link can
  // never move the key to another host (nor a proxy's internal address).
  const nextLink = textOf(body, 'next', 'next_url', 'nextUrl') ?? textOf(paging, 'next', 'next_url') ?? linked;
  if (nextLink !== null && /^(https?:\/\/|\/)/.test(nextLink)) {
    const url = new URL(nextLink, 'http://placeholder.invalid');
    return Object.fromEntries(url.searchParams.entries());
  }
  // Stripe's lists ({object: "list", has_more}) go on after the last item's id; they refuse offset.
  if (body.object === 'list' && hasMore === true && lastId !== null) return { starting_after: lastId, limit: String(request.limit) };

  const pageKeys = ['page', 'current_page', 'currentPage'];
  const page = numberOf(body, ...pageKeys) ?? numberOf(paging, ...pageKeys);
  if (page !== null) {
    const perPageKeys = ['per_page', 'perPage', 'page_size', 'pageSize', 'items_per_page', 'itemsPerPage'];
    const perPage = numberOf(body, ...perPageKeys) ?? numberOf(paging, ...perPageKeys) ?? request.limit;
    const pages = numberOf(body, 'total_pages', 'totalPages', 'pages') ?? numberOf(paging, 'total_pages', 'totalPages', 'pages');
    const more = hasMore ?? (pages !== null ? page < pages : total !== null ? page * perPage < total : received >= perPage);
    return more ? { page: String(page + 1), per_page: String(perPage) } : null;
  }

  const offset = numberOf(body, 'offset') ?? numberOf(paging, 'offset') ?? request.offset;
  const limit = numberOf(body, 'limit') ?? numberOf(paging, 'limit') ?? request.limit;
  const nextOffset = offset + received;
  const more = hasMore ?? (total !== null ? nextOffset < total : received >= limit);
  return more ? { offset: String(nextOffset), limit: String(limit) } : null;
}

// ---------- insights ----------

const INSIGHT_PROBES = ['preferred_tone', 'communication_approach', 'total_conversations', 'recent_topics', 'preferredTone'];

/** A name without case or underscores: `prefers_data_driven` and `prefersDataDriven` alike. */
const squash = (name: string) => name.replace(/_/g, '').toLowerCase();

/** A flag's own value: as sent, or inside an object with its confidence (`{value: true, confidence: 0.8}`). */
function flagValue(value: unknown): boolean | null {
  return isObj(value) ? toFlag(value.value ?? value.enabled) : toFlag(value);
}

/**
 * `preferences` as a list: a name alone holds; an entry `{name, value}` holds or not as its value
 * says (a list of name/value pairs is no list of the names that hold).
 */
function listedFlags(list: unknown[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const entry of list) {
    const name = toTextList([entry])[0];
    if (name !== undefined) out.set(squash(name), (isObj(entry) ? flagValue(entry) : null) ?? true);
  }
  return out;
}

/**
 * Flags as sent, also each inside an object with its confidence (`{value: true, confidence: 0.8}`,
 * a model's output), or `preferences` as a list of the names that hold (listedFlags): those are
 * true, the rest unknown (a list does not say "no").
 */
function flagsOf(body: Obj): PreferenceFlags {
  const flags = isObj(body.preferences) ? { ...body, ...body.preferences } : body;
  const listed = Array.isArray(body.preferences) ? listedFlags(body.preferences) : null;
  const flag = (snake: string, camel: string) => flagValue(flags[snake] ?? flags[camel]) ?? listed?.get(squash(snake)) ?? null;
  return {
    prefersDataDriven: flag('prefers_data_driven', 'prefersDataDriven'),
    prefersDirect: flag('prefers_direct', 'prefersDirect'),
    valuesRelationships: flag('values_relationships', 'valuesRelationships'),
    dislikesSmallTalk: flag('dislikes_small_talk', 'dislikesSmallTalk'),
    prefersBrevity: flag('prefers_brevity', 'prefersBrevity'),
    dislikesJargon: flag('dislikes_jargon', 'dislikesJargon'),
  };
}

/**
 * Insights are one resource per contact or recording, yet some servers send them as a list or a
 * page of one (`[{…}]`, DRF's `{count, results: […]}`): none is null, one is itself; of several,
 * the one whose `ownerKeys` name `ownerId`, since guessing could show another person's insights.
 */
function singleOf(raw: unknown, probeKeys: string[], ownerKeys: string[], ownerId: string): unknown {
  const list = Array.isArray(raw) ? raw : isObj(raw) && !probeKeys.some((key) => key in raw) && Array.isArray(raw.results) ? raw.results : null;
  if (list === null) return raw;
  if (list.length <= 1) return list[0] ?? null;
  const own = list.filter((entry) => isObj(entry) && textOf(resourceOf(entry), ...ownerKeys) === ownerId);
  if (own.length !== 1) throw invalid('which of the several insights sent is meant');
  return own[0];
}

export function toInsights(raw: unknown, contactId: string): Insights {
  const body = unwrap(singleOf(raw, INSIGHT_PROBES, ['contact_id', 'contactId'], contactId), INSIGHT_PROBES, ['insights', 'data']);
  // `{}` or null from a server with nothing yet is "no insights", not an error.
  const b: Obj = isObj(body) ? body : {};
  if (body !== null && !isObj(body)) throw invalid('the insights');
  return {
    contactId: textOf(b, 'contact_id', 'contactId') ?? contactId,
    communicationApproach: proseOf(b, 'communication_approach', 'communicationApproach', 'communication_style'),
    preferredTone: proseOf(b, 'preferred_tone', 'preferredTone', 'tone'),
    personalitySummary: proseOf(b, 'personality_summary', 'personalitySummary', 'summary'),
    recentTopics: toTextList(b.recent_topics ?? b.recentTopics),
    favoriteTopics: toTextList(b.favorite_topics ?? b.favoriteTopics ?? b.favourite_topics),
    interests: toTextList(b.interests),
    sensitiveTopics: toTextList(b.sensitive_topics ?? b.sensitiveTopics ?? b.topics_to_avoid),
    pendingActionItems: toActionItems(b.pending_action_items ?? b.pendingActionItems, { pendingOnly: true }),
    lastConversationDate: dateOf(b, 'last_conversation_date', 'lastConversationDate', 'last_conversation_at'),
    totalConversations: numberOf(b, 'total_conversations', 'totalConversations', 'conversation_count'),
    flags: flagsOf(b),
    updatedAt: dateOf(b, 'updated_at', 'updatedAt', 'generated_at'),
  };
}

const RECORDING_INSIGHT_PROBES = ['action_items', 'key_decisions', 'topics_discussed', 'actionItems'];

export function toRecordingInsights(raw: unknown, recordingId: string): RecordingInsights {
  const single = singleOf(raw, RECORDING_INSIGHT_PROBES, ['recording_id', 'recordingId'], recordingId);
  const body = unwrap(single, RECORDING_INSIGHT_PROBES, ['insights', 'data']);
  if (!isObj(body)) throw invalid('the recording’s insights');
  return {
    recordingId: textOf(body, 'recording_id', 'recordingId') ?? recordingId,
    actionItems: toActionItems(body.action_items ?? body.actionItems, { pendingOnly: false, ofRecording: true }),
    keyDecisions: toTextList(body.key_decisions ?? body.keyDecisions ?? body.decisions),
    topicsDiscussed: toTextList(body.topics_discussed ?? body.topicsDiscussed ?? body.topics),
  };
}

/** Whether a recording detail carries its insights inline (one dialect of "insights by recording"). */
export function embeddedRecordingInsights(raw: unknown, recordingId: string): RecordingInsights | null {
  const body = unwrap(raw, ['id', 'status'], ['recording', 'data']);
  if (!isObj(body) || !isObj(body.insights)) return null;
  return toRecordingInsights(body.insights, recordingId);
}

// ---------- recordings ----------

const STATUS_WORDS: Record<Exclude<RecordingStatus, 'unknown'>, string[]> = {
  // "transcribed" is the last status of transcription services (Rev.ai's, for one); "available" and
  // "analyzed" are how others say the conversation is there to read.
  // Also the words of servers whose last step is named: the transcript is what "completed" promises.
  completed: [
    'completed', 'complete', 'done', 'succeeded', 'success', 'processed', 'ready', 'finished', 'transcribed', 'analyzed', 'analysed', 'available',
    'transcription_completed', 'completed_with_errors', 'finalized', 'finalised', 'insights_ready',
    'processing_complete', 'processing_completed', 'processing_done', 'analysis_complete', 'analysis_completed',
  ],
  failed: ['failed', 'failure', 'error', 'errored', 'cancelled', 'canceled', 'rejected', 'timed_out', 'timeout', 'expired', 'aborted'],
  processing: [
    'processing', 'transcribing', 'analyzing', 'analysing', 'in_progress', 'running', 'started',
    'transcription_in_progress', 'summarizing', 'summarising', 'diarizing', 'diarising', 'generating_insights',
  ],
  // The file is there and processing has not begun: an upload's completion is not the recording's.
  queued: ['queued', 'pending', 'waiting', 'scheduled', 'uploaded', 'upload_complete', 'upload_completed', 'enqueued', 'in_queue', 'not_started'],
  uploading: ['uploading', 'pending_upload', 'awaiting_upload', 'created', 'initiated', 'new'],
};

export function toStatus(raw: string | null): RecordingStatus {
  if (raw === null) return 'unknown';
  const word = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  for (const [status, words] of Object.entries(STATUS_WORDS) as [RecordingStatus, string[]][]) {
    if (words.includes(word)) return status;
  }
  // A stage's failure ("processing_failed", "transcription_error") is the recording's: else the
  // upload would be watched until it times out, and its error never shown. Only a stage and its
  // failure: "no_error", "completed_with_error" or "retrying_after_error" say no such thing.
  const parts = word.split('_');
  return parts.length === 2 && !['no', 'not'].includes(parts[0] ?? '') && STATUS_WORDS.failed.includes(parts[1] ?? '') ? 'failed' : 'unknown';
}

function toParticipants(value: unknown): Participant[] {
  if (!Array.isArray(value)) return [];
  const out: Participant[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') {
      const text = entry.trim();
      if (text === '') continue;
      // "Name <addr>" and bare addresses both occur.
      const angle = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text);
      if (angle) out.push({ contactId: null, name: angle[1]?.replace(/^"|"$/g, '').trim() || null, email: angle[2] ?? null });
      else if (text.includes('@')) out.push({ contactId: null, name: null, email: text });
      else out.push({ contactId: null, name: text, email: null });
    } else if (isObj(entry)) {
      const participant = {
        contactId: idOf(entry, 'contact_id', 'contactId', ...ID_KEYS),
        name: textOf(entry, 'name', 'display_name', 'displayName', 'full_name'),
        email: textOf(entry, 'email', 'email_address', 'emailAddress'),
      };
      if (participant.contactId ?? participant.name ?? participant.email) out.push(participant);
    }
  }
  return out;
}

const PROGRESS_KEYS = ['progress', 'progress_percent', 'percent_complete'];

/**
 * Progress as sent: a number or numeric text (percent or a 0–1 fraction, settled by the caller),
 * text with a percent sign ("45%", percent whatever its size), or an object holding either
 * (`{percent: 45}`, `{value: 0.45}`) or a count of steps (`{current: 45, total: 100}`).
 */
function progressOf(value: unknown): { value: number; percent: boolean } | null {
  if (isObj(value)) {
    const done = numberOf(value, 'current', 'completed', 'done', 'processed');
    const total = numberOf(value, 'total');
    if (done !== null && total !== null) return total > 0 ? { value: Math.round((done / total) * 100), percent: true } : null;
    return ['percent', 'percentage', 'value', 'progress'].map((key) => progressOf(value[key])).find((inner) => inner !== null) ?? null;
  }
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(scalarText(value) ?? '');
  if (percent) return { value: Number(percent[1]), percent: true };
  const number = numberOf({ value }, 'value');
  return number === null ? null : { value: number, percent: false };
}

export function toRecording(raw: unknown): Recording {
  const body = unwrap(raw, [...ID_KEYS, 'status'], ['recording', 'data']);
  if (!isObj(body)) throw invalid('the recording');
  const id = idOf(body, ...ID_KEYS, 'recording_id', 'recordingId', 'uuid');
  if (id === null) throw invalid('the recording’s id');
  // The status may be an object naming it: {name|value|state: "…"}.
  const rawStatus = (isObj(body.status) ? textOf(body.status, 'name', 'value', 'state') : null) ?? textOf(body, 'status', 'state', 'processing_status');
  const sent = PROGRESS_KEYS.map((key) => progressOf(body[key])).find((value) => value !== null) ?? null;
  const sentProgress = sent?.value ?? null;
  let progress = sentProgress;
  // Some servers report progress as a 0–1 fraction; "0.5%" says it is not one.
  if (progress !== null && !sent?.percent && progress > 0 && progress < 1) progress = Math.round(progress * 100);
  if (progress !== null) progress = Math.min(100, Math.max(0, progress));
  const known = toStatus(rawStatus);
  // A word Primer does not know, at 100 %: the interface pairs 100 with the end of processing.
  // Only a real 100, not a nonsense value cut down to it.
  const status = known === 'unknown' && sentProgress === 100 ? 'completed' : known;
  return {
    id,
    filename: textOf(body, 'filename', 'file_name', 'fileName'),
    title: textOf(body, 'title', 'name', 'topic'),
    meetingDate: dateOf(body, 'meeting_date', 'meetingDate', 'date', 'started_at', 'startedAt', 'recorded_at'),
    status,
    rawStatus,
    progress,
    primaryContactId: textOf(body, 'primary_contact_id', 'primaryContactId', 'contact_id'),
    participants: toParticipants(body.participants ?? body.attendees ?? body.speakers),
    error: failureOf(body),
  };
}

const FAILURE_TEXT_KEYS = ['message', 'detail', 'reason', 'description', 'error_message', 'errorMessage'];

/**
 * Why a recording failed: text beside it (snake_case or camelCase), inside an error object
 * (`{code, reason}`), or a list of errors (`errors: [{message}]`, joined).
 */
function failureOf(body: Obj): string | null {
  const nested = isObj(body.error) ? textOf(body.error, ...FAILURE_TEXT_KEYS) : null;
  const listed = Array.isArray(body.errors) ? toTextList(body.errors, FAILURE_TEXT_KEYS).join('; ') : '';
  return nested ?? textOf(body, 'error', 'error_message', 'errorMessage', 'failure_reason', 'failureReason') ?? (listed || null);
}

export function toRecordingPage(raw: unknown, request: PageRequest): RecordingPage {
  const { body, list } = listReply(raw, ['recordings', 'items', 'data', 'results'], 'the recording list');
  const paging = pagingOf(body);
  const recordings = eachReadable(list, toRecording);
  const total = numberOf(body, ...TOTAL_KEYS) ?? numberOf(paging, ...TOTAL_KEYS);
  const limit = numberOf(body, 'limit') ?? numberOf(paging, 'limit') ?? request.limit;
  const offset = numberOf(body, 'offset') ?? numberOf(paging, 'offset') ?? request.offset;
  const hasMore = hasMoreOf(body, paging) ?? (total !== null ? offset + list.length < total : list.length >= limit);
  return { recordings, received: list.length, total, limit, offset, hasMore: list.length > 0 && hasMore };
}

// ---------- transcripts ----------

const ISO_DURATION = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * Seconds from 63.5, "63.5", a clock "01:02:03.5" or "02:03" (the fraction after a dot or, as
 * SRT writes it, a comma), an ISO-8601 duration "PT1M3.5S" (Java's, .NET's, Go's encoders) or
 * protobuf JSON's "63.5s" (Google).
 */
function toSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const plain = /^(\d+(?:\.\d+)?)s?$/i.exec(trimmed);
  if (plain) return Number(plain[1]);
  // Only a clock's fraction may follow a comma: a bare "1,500" may be a thousands separator.
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)$/.exec(trimmed);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]?.replace(',', '.'));
  const iso = ISO_DURATION.exec(trimmed);
  // "P" and "PT" match with no part at all: no duration.
  if (!iso || iso.slice(1).every((part) => part === undefined)) return null;
  const [days, hours, minutes, seconds] = iso.slice(1).map((part) => Number(part ?? 0));
  return (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** A time read from a segment; `bare`: a plain number under a key that does not say its unit ("start"). */
interface SegmentTime {
  value: number;
  bare: boolean;
}

function segmentTime(entry: Obj, secondsKeys: string[], msKeys: string[]): SegmentTime | null {
  for (const key of msKeys) {
    const ms = numberOf(entry, key);
    if (ms !== null) return { value: ms / 1000, bare: false };
  }
  for (const key of secondsKeys) {
    const seconds = toSeconds(entry[key]);
    if (seconds !== null) return { value: seconds, bare: Scalar.safeParse(entry[key]).success && /^[\d.\s]+$/.test(String(entry[key])) };
  }
  return null;
}

/** A time under a key that says seconds (`start_seconds`). */
function secondsTime(entry: Obj, ...keys: string[]): SegmentTime | null {
  const value = numberOf(entry, ...keys);
  return value === null ? null : { value, bare: false };
}

/**
 * A clock or duration text under a key that may also hold a moment (`timestamp: "00:01:23"`): a
 * number or a date there is when it was said, not how far into the recording.
 */
function clockTime(entry: Obj, ...keys: string[]): SegmentTime | null {
  for (const key of keys) {
    const value = entry[key];
    const seconds = typeof value === 'string' && !/^[\d.\s]+$/.test(value) ? toSeconds(value) : null;
    if (seconds !== null) return { value: seconds, bare: false };
  }
  return null;
}

/** A speaker as read: the name to show, and the number the server gave them (even when named). */
interface SpeakerDraft {
  name: string | null;
  number: number | null;
}

/** A segment as read, before the transcript as a whole settles time units and speaker numbers. */
interface SegmentDraft {
  speaker: SpeakerDraft;
  start: SegmentTime | null;
  end: SegmentTime | null;
  text: string;
}

function toSegmentDraft(entry: unknown): SegmentDraft | null {
  if (typeof entry === 'string') return entry.trim() === '' ? null : { speaker: { name: null, number: null }, start: null, end: null, text: entry.trim() };
  if (!isObj(entry)) return null;
  const speakerValue = entry.speaker;
  // A name before a number or label: Rev.ai sends both (`speaker: 0, speaker_name: "Maya"`).
  const name = isObj(speakerValue)
    ? textOf(speakerValue, 'name', 'display_name', 'displayName', 'full_name', 'fullName', 'label', 'id')
    : textOf(entry, 'speaker_name', 'speakerName', 'speaker', 'speaker_label', 'speakerLabel', 'speaker_id', 'speakerId', 'name');
  // Diarisation numbers speakers (Deepgram's `speaker: 0`, pyannote's and WhisperX's "SPEAKER_00",
  // AWS Transcribe's "spk_0"); such a label is no name to show.
  const digits = (text: string | null) => {
    const number = text === null ? undefined : /^(?:(?:speaker|spk)[\s_-]?)?(\d{1,3})$/i.exec(text)?.[1];
    return number === undefined ? null : Number(number);
  };
  const speaker: SpeakerDraft = {
    name: digits(name) === null ? name : null,
    number: digits(name) ?? digits(isObj(speakerValue) ? textOf(speakerValue, 'id') : textOf(entry, 'speaker', 'speaker_id', 'speakerId')),
  };
  if (Array.isArray(entry.elements)) return monologueDraft(entry.elements, speaker);
  const text = textOf(entry, 'text', 'content', 'transcript', 'utterance', 'sentence');
  if (text === null) return null;
  return {
    speaker,
    start:
      segmentTime(entry, ['start', 'start_time', 'startTime', 'offset', 'from'], ['start_ms', 'startMs', 'start_time_ms']) ??
      secondsTime(entry, 'start_seconds', 'startSeconds') ??
      clockTime(entry, 'timestamp', 'time'),
    end: segmentTime(entry, ['end', 'end_time', 'endTime', 'to'], ['end_ms', 'endMs', 'end_time_ms']) ?? secondsTime(entry, 'end_seconds', 'endSeconds'),
    text,
  };
}

/**
 * A Rev.ai monologue, one speaker's turn as timed words and punctuation, is one segment: from its
 * first word's `ts` to its last word's `end_ts`, in seconds as Rev.ai documents them. Punctuation
 * carries its own spaces; words with none between them get one; other elements (`<unknown>`) are
 * no words.
 */
function monologueDraft(elements: unknown[], speaker: SpeakerDraft): SegmentDraft | null {
  let text = '';
  let start: number | null = null;
  let end: number | null = null;
  for (const element of elements.filter(isObj)) {
    const type = textOf(element, 'type') ?? 'text';
    if (type === 'punct' && typeof element.value === 'string') text += element.value;
    const word = type === 'text' ? scalarText(element.value) : null;
    if (word === null) continue;
    text += (/\S$/.test(text) ? ' ' : '') + word;
    start ??= numberOf(element, 'ts');
    end = numberOf(element, 'end_ts') ?? end;
  }
  text = text.replace(/\s+/g, ' ').trim();
  const seconds = (value: number | null) => (value === null ? null : { value, bare: false });
  return text === '' ? null : { speaker, start: seconds(start), end: seconds(end), text };
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] ?? null);
}

/** Longer than any real turn in seconds, shorter than any real turn in milliseconds. */
const TURN_SPLIT = 120;

/**
 * Whether the bare numbers under "start"/"end" are milliseconds (AssemblyAI) rather than seconds
 * (Deepgram, most others). Milliseconds are whole numbers; and then the series' shape decides: a
 * typical turn (end − start), or, without ends, a typical step between starts, of more than
 * 2 minutes means milliseconds, as does a time past a day. Limits: whole-second transcripts whose
 * typical turn passes 2 minutes read as milliseconds; a lone short ms segment with no end (under
 * 86 400) reads as seconds. The recording's duration is not known here to settle those.
 */
function bareTimesInMs(drafts: SegmentDraft[]): boolean {
  const bare = drafts.flatMap(({ start, end }) => [start, end]).filter((time) => time?.bare === true);
  if (bare.length === 0 || !bare.every((time) => Number.isInteger(time?.value))) return false;
  if (bare.some((time) => (time?.value ?? 0) > 86_400)) return true;
  const turns = drafts.flatMap(({ start, end }) => (start && end && end.value > start.value ? [end.value - start.value] : []));
  const starts = drafts.flatMap(({ start }) => (start ? [start.value] : []));
  const steps = starts.slice(1).flatMap((value, index) => (value > (starts[index] ?? value) ? [value - (starts[index] ?? value)] : []));
  const typical = median(turns.length > 0 ? turns : steps);
  return typical !== null && typical > TURN_SPLIT;
}

/**
 * The transcript's segments with times in seconds and unnamed numbered speakers as "Speaker n",
 * counted from 1: a series holding speaker 0 (named or not) is counted from 0 by the server
 * (Deepgram, Rev.ai) and shifted, one without starts at 1 already (speaker_id 1, 2) and is kept.
 */
function segmentsOf(entries: unknown[]): TranscriptSegment[] {
  const drafts = entries.map(toSegmentDraft).filter((draft) => draft !== null);
  const unit = bareTimesInMs(drafts) ? 1000 : 1;
  const seconds = (time: SegmentTime | null) => (time === null ? null : time.bare ? time.value / unit : time.value);
  const firstNumber = drafts.some(({ speaker }) => speaker.number === 0) ? 0 : 1;
  return drafts.map(({ speaker: { name, number }, start, end, text }) => ({
    speaker: name ?? (number === null ? null : `Speaker ${number - firstNumber + 1}`),
    start: seconds(start),
    end: seconds(end),
    text,
  }));
}

/** A line with an optional leading time: `00:01:23`, `[00:01:23.5]`, `[00:01:23,456] -` (SRT-style comma). */
const LINE_PATTERN = /^(?:\[?(\d{1,2}(?::\d{1,2}){1,2}(?:[.,]\d+)?)\]?\s*[-–]?\s*)?(.+)$/;
const LABEL_PATTERN = /^([^:\n]{1,60}):\s+(.+)$/;
/** Lower-case words a name may hold: "Ludwig van Beethoven", "Maria de la Cruz". */
const NAME_PARTICLES = new Set(['al', 'bin', 'da', 'de', 'del', 'della', 'der', 'di', 'du', 'el', 'la', 'le', 'ten', 'ter', 'van', 'von', 'y']);

/**
 * Whether a line's "Label:" reads as a speaker ("Maya Chen", "Speaker 1", "Dr. Okafor"), not as
 * the start of a sentence ("Let me be clear", "So, the plan"): at most four words, the first
 * capitalised (or a script without capitals), the others capitalised, numbers or name particles;
 * no sentence punctuation.
 */
function looksLikeSpeaker(label: string): boolean {
  if (/^speaker[\s_-]*\d+$/i.test(label)) return true;
  if (/[,;!?"“”…]/.test(label)) return false;
  const words = label.split(/\s+/);
  if (words.length > 4 || !/^[\p{Lu}\p{Lt}\p{Lo}]/u.test(words[0] ?? '')) return false;
  return words.every(
    (word, index) =>
      // A full stop only ends a short word: an initial or a title ("J.", "Dr.").
      (!word.includes('.') || /^[\p{L}.]{1,4}$/u.test(word)) &&
      (index === 0 || /^[\p{Lu}\p{Lt}\p{Lo}\p{Nd}(]/u.test(word) || NAME_PARTICLES.has(word)),
  );
}

/**
 * Plain text: one segment per line, with an optional leading time and "Speaker:" label. A label
 * is a speaker only when it looks like one and the transcript bears it out: the same label starts
 * another line, or labelled lines are at least half of them. Otherwise "Agenda: budget" is text.
 */
function segmentsFromText(text: string): TranscriptSegment[] {
  const lines = (subtitleCues(text) ?? headedBlocks(text) ?? plainLines(text)).map(({ start, end, rest, voice }) => ({
    start,
    end,
    rest,
    voice,
    label: voice === null ? speakerLabel(rest) : null,
  }));
  const uses = new Map<string, number>();
  for (const { label } of lines) if (label) uses.set(label.name, (uses.get(label.name) ?? 0) + 1);
  const labelledLines = [...uses.values()].reduce((sum, count) => sum + count, 0);
  const mostlyLabelled = labelledLines >= 2 && labelledLines * 2 >= lines.length;
  return lines.map(({ start, end, rest, voice, label }) => {
    if (voice !== null) return { speaker: voice, start, end, text: rest };
    const speaker = label && (mostlyLabelled || (uses.get(label.name) ?? 0) >= 2) ? label : null;
    return { speaker: speaker?.name ?? null, start, end, text: speaker ? speaker.text : rest };
  });
}

/** A line of a text transcript: its times, its text, and the voice a subtitle cue names (`<v Maya>`). */
interface TextLine {
  start: number | null;
  end: number | null;
  rest: string;
  voice: string | null;
}

/** A line's "Label:" when it reads as a speaker's name, with the text after it. */
function speakerLabel(rest: string): { name: string; text: string } | null {
  const labelled = LABEL_PATTERN.exec(rest);
  const name = labelled?.[1]?.trim();
  return name && looksLikeSpeaker(name) ? { name, text: labelled?.[2]?.trim() ?? '' } : null;
}

function nonBlankLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function plainLines(text: string): TextLine[] {
  return nonBlankLines(text).map((line) => {
      const match = LINE_PATTERN.exec(line);
    return { start: match?.[1] ? toSeconds(match[1]) : null, end: null, rest: match?.[2]?.trim() ?? line, voice: null };
  });
}

const HEADER_PATTERN = /^([^:\n]{1,60}?)\s+(\d{1,2}(?::\d{2}){1,2})$/;
/** Lines an export puts above its first speaker header (title, date, attendees). */
const MAX_LINES_ABOVE_HEADERS = 3;

/**
 * A header line of Otter's or Zoom's text export: who speaks, and from when. "Speaker 1  00:01",
 * or Zoom's "[Maya Chen] 10:02:13" with the name in brackets.
 */
function speakerHeader(line: string): { name: string; start: number | null } | null {
  const match = HEADER_PATTERN.exec(line);
  const name = match?.[1]?.trim().replace(/^\[([^\]]+)\]$/, '$1').trim();
  return name && looksLikeSpeaker(name) ? { name, start: toSeconds(match?.[2]) } : null;
}

/**
 * Text under speaker headers: each header starts a segment, the lines below it until the next
 * header are its text. Only when the text bears it out: it opens with a header and another header
 * follows, or no line reads as "Name: text" (else "Weekly Sync 10:00" is a title above a
 * dialogue). A few lines above the first header (an export's title and date) are kept as a
 * segment of their own, without a speaker, when at least two headers follow. Null otherwise; a
 * header with nothing under it says nothing.
 */
function headedBlocks(text: string): TextLine[] | null {
  const lines = nonBlankLines(text);
  const headers = lines.map(speakerHeader);
  const first = headers.findIndex(Boolean);
  const count = headers.filter(Boolean).length;
  // Lines above the first header are a title only if none reads as "Name: text" (else they are
  // the start of a dialogue in which a later line merely ends with a time).
  const titled = first > 0 && first <= MAX_LINES_ABOVE_HEADERS && count >= 2 && !lines.slice(0, first).some((line) => speakerLabel(line));
  if (first < 0 || (first > 0 && !titled)) return null;
  if (count < 2 && plainLines(text).some(({ rest }) => speakerLabel(rest))) return null;
  const blocks: TextLine[] = first > 0 ? [{ start: null, end: null, rest: lines.slice(0, first).join(' '), voice: null }] : [];
  lines.forEach((line, index) => {
    if (index < first) return;
    const header = headers[index];
    const block = blocks.at(-1);
    if (header) blocks.push({ start: header.start, end: null, rest: '', voice: header.name });
    else if (block) block.rest = block.rest === '' ? line : `${block.rest} ${line}`;
  });
  return blocks.filter(({ rest }) => rest !== '');
}

const CUE_CLOCK = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}`;
const CUE_TIMING = new RegExp(`^(${CUE_CLOCK})\\s+-->\\s+(${CUE_CLOCK})`);
const CUE_VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/;

/**
 * WebVTT or SRT: one segment per cue, with its times and its `<v Name>` voice. The header, notes,
 * styles and cue numbers are no part of what was said; nor are tags. Null when the text has no cue.
 */
function subtitleCues(text: string): TextLine[] | null {
  const cues: TextLine[] = [];
  for (const block of text.split(/\r?\n[ \t]*\r?\n/)) {
    const lines = block.split(/\r?\n/).map((line) => line.trim());
    const at = lines.findIndex((line) => CUE_TIMING.test(line));
    const timing = at < 0 ? null : CUE_TIMING.exec(lines[at] ?? '');
    if (!timing) continue;
    const body = lines.slice(at + 1).filter((line) => line !== '').join(' ');
    const spoken = body.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').trim();
    if (spoken === '') continue;
    cues.push({ start: toSeconds(timing[1]), end: toSeconds(timing[2]), rest: spoken, voice: CUE_VOICE.exec(body)?.[1]?.trim() || null });
  }
  return cues.length === 0 ? null : cues;
}

const SEGMENT_LIST_KEYS = ['segments', 'utterances', 'monologues', 'sentences', 'results', 'entries', 'paragraphs', 'items', 'turns', 'dialogue', 'lines'];
const TRANSCRIPT_TEXT_KEYS = ['text', 'transcript', 'content', 'full_text', 'fullText', 'transcript_text', 'transcriptText'];

export function toTranscript(raw: unknown, recordingId: string): Transcript {
  if (typeof raw === 'string') return { recordingId, segments: segmentsFromText(raw) };
  const body = unwrap(raw, ['segments', 'utterances', 'text'], ['transcript', 'data']);
  if (typeof body === 'string') return { recordingId, segments: segmentsFromText(body) };
  if (Array.isArray(body)) return { recordingId, segments: segmentsOf(body) };
  if (!isObj(body)) throw invalid('the transcript');
  const id = textOf(body, 'recording_id', 'recordingId') ?? recordingId;
  const list = SEGMENT_LIST_KEYS.map((key) => body[key]).find(Array.isArray);
  if (list) return { recordingId: id, segments: segmentsOf(list) };
  const text = textOf(body, ...TRANSCRIPT_TEXT_KEYS);
  if (text !== null) return { recordingId: id, segments: segmentsFromText(text) };
  // A null list (Go's nil slice) or blank text: a transcript with nothing said, not a broken reply.
  if (SEGMENT_LIST_KEYS.some((key) => body[key] === null)) return { recordingId: id, segments: [] };
  throw invalid('the transcript text');
}

// ---------- uploads ----------

const HEADER_KEYS = new Set(['headers', 'required_headers', 'requiredHeaders']);

/**
 * The reply with every key also under its snake_case form (`uploadURL`, `UploadUrl`, `UPLOAD_URL`
 * → `upload_url`), in nested objects too, so the names below match whatever the key's case.
 * Header names are left as sent: they are the headers to send.
 */
function withSnakeKeys(value: unknown, depth = 0): unknown {
  if (!isObj(value) || depth > 3) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) {
    const snake = key
      .replace(/([a-z\d])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    const kept = HEADER_KEYS.has(key) || HEADER_KEYS.has(snake) ? inner : withSnakeKeys(inner, depth + 1);
    out[key] = kept;
    if (!(snake in value)) out[snake] = kept;
  }
  return out;
}

/** Numbers below this are durations in seconds (`expires: 3600`), not dates (before 2001 as epoch seconds). */
const EPOCH_SECONDS_FROM = 1e9;

/** When the upload URL expires: a date, epoch seconds or ms (read as every date is: dateOf), or seconds from now. */
function expiryOf(body: Obj, now: number): string | null {
  const keys = ['expires_at', 'expiresAt', 'expiration', 'expires'];
  const number = numberOf(body, ...keys);
  // A small number under a date's key is a duration (`expires: 3600`), not a moment.
  const inSeconds = number !== null && number < EPOCH_SECONDS_FROM ? number : numberOf(body, 'expires_in', 'expiresIn');
  let at = number !== null && number < EPOCH_SECONDS_FROM ? Number.NaN : Date.parse(dateOf(body, ...keys) ?? '');
  if (Number.isNaN(at) && inSeconds !== null) at = now + inSeconds * 1000;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Headers as an object, or as a list of `{name, value}` (or `{key, value}`). */
function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const pairs = isObj(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.filter(isObj).map((entry) => [textOf(entry, 'name', 'key', 'header'), entry.value] as const)
      : [];
  for (const [name, headerValue] of pairs) {
    if (name && typeof headerValue === 'string') headers[name] = headerValue;
  }
  return headers;
}

export function toPresignedUpload(raw: unknown, baseUrl: string, now: number): PresignedUpload {
  const top = withSnakeKeys(raw);
  // {upload: {url, headers}, recording: {id}}: the upload's fields, beside the recording.
  const body = isObj(top) && isObj(top.upload) ? { ...top, ...top.upload } : unwrap(top, ['upload_url', 'url', 'presigned_url', 'uploadUrl'], ['data']);
  if (!isObj(body)) throw invalid('the upload address');
  const urlText = textOf(body, 'upload_url', 'uploadUrl', 'presigned_url', 'presignedUrl', 'signed_url', 'signedUrl', 'put_url', 'url');
  if (urlText === null) throw invalid('the upload address');
  let uploadUrl: string;
  try {
    uploadUrl = new URL(urlText, `${baseUrl}/`).toString();
  } catch {
    throw invalid('a valid upload address');
  }
  if (!/^https?:/.test(uploadUrl)) throw invalid('a valid upload address');
  const nested = isObj(body.recording) ? body.recording : {};
  const recordingId =
    textOf(body, 'recording_id', 'recordingId', 'recording_uuid') ?? idOf(nested, ...ID_KEYS, 'recording_id') ?? idOf(body, ...ID_KEYS);
  if (recordingId === null) throw invalid('the new recording’s id');
  const headers = headersOf(body.headers ?? body.required_headers ?? body.requiredHeaders);
  return { uploadUrl, recordingId, expiresAt: expiryOf(body, now), headers };
}

// ---------- webhooks ----------

const ACTIVE_WEBHOOK_WORDS = new Set(['active', 'enabled', 'on', 'live', 'running', 'verified']);
const INACTIVE_WEBHOOK_WORDS = new Set(['inactive', 'disabled', 'paused', 'off', 'suspended', 'stopped', 'failing', 'deactivated']);

/** A webhook's status word as on/off; a word that says neither ("pending_verification") is unknown. */
function webhookStatusActive(status: string | null): boolean | null {
  const word = status?.toLowerCase() ?? '';
  return ACTIVE_WEBHOOK_WORDS.has(word) ? true : INACTIVE_WEBHOOK_WORDS.has(word) ? false : null;
}

/** Events listed as objects: `{event: "…"}`, `{type: "…"}` or one of the usual text keys. */
const WEBHOOK_EVENT_KEYS = ['event', 'type', 'event_type', 'eventType', ...ITEM_TEXT_KEYS];

/**
 * A webhook as listed, or as the service answered its creation (`requested`: what was asked for,
 * which fills in what a terse answer leaves out: `201 {}`, `{id}` or no body at all).
 */
export function toWebhook(raw: unknown, requested?: { url: string; events: readonly string[] }): Webhook {
  const unwrapped = unwrap(raw, ['id', 'url', 'events'], ['webhook', 'data']);
  const body = isObj(unwrapped) ? unwrapped : requested ? {} : null;
  if (body === null) throw invalid('the webhook');
  const id = idOf(body, ...ID_KEYS, 'webhook_id', 'webhookId');
  const url = textOf(body, 'url', 'endpoint', 'endpoint_url', 'target_url', 'targetUrl') ?? requested?.url ?? null;
  // A listed entry with neither an id nor an address: nothing the user could recognise or delete.
  if (id === null && url === null) throw invalid('the webhook');
  const eventsValue = body.events ?? body.event_types ?? body.eventTypes ?? body.subscriptions;
  const events = toTextList(eventsValue, WEBHOOK_EVENT_KEYS);
  return {
    id,
    url,
    events: events.length > 0 || !requested ? events : [...requested.events],
    secret: textOf(body, 'secret', 'signing_secret', 'signingSecret', 'webhook_secret'),
    active: toFlag(body.active ?? body.enabled ?? body.is_active ?? body.isActive ?? body.is_enabled ?? body.isEnabled) ?? webhookStatusActive(textOf(body, 'status', 'state')),
    createdAt: dateOf(body, 'created_at', 'createdAt'),
  };
}

export function toWebhookList(raw: unknown): Webhook[] {
  return eachReadable(listReply(raw, ['webhooks', 'items', 'data', 'results'], 'the webhook list').list, toWebhook);
}
