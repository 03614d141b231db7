/**
 * A webhook as listed or as its creation was answered, and the webhook list.
 */
import { ApiError, parseErrorBody } from '../errors';
import type { Webhook } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, scalarText, textOf, toFlag, type Obj } from './values';
import { dateOf } from './dates';
import { ITEM_TEXT_KEYS, toTextList } from './text-lists';
import { eachReadable, listReply, unwrap } from './envelope';
import { nextListQuery, type LinkPaging } from './contact-page';
import { sameWebhookAddress } from '../webhook-url';

const ACTIVE_WEBHOOK_WORDS = new Set(['active', 'enabled', 'on', 'live', 'running', 'verified']);
const INACTIVE_WEBHOOK_WORDS = new Set(['inactive', 'disabled', 'paused', 'off', 'suspended', 'stopped', 'deactivated']);
/** Deliveries failing (Svix's and Hookdeck's "failing"): still on, the service keeps trying it. */
const FAILING_WEBHOOK_WORDS = new Set(['failing', 'degraded', 'unhealthy', 'erroring']);

/** A webhook's status word as on/off; a word that says neither ("pending_verification") is unknown. */
function webhookStatusActive(status: string | null): boolean | null {
  const word = status?.toLowerCase() ?? '';
  return ACTIVE_WEBHOOK_WORDS.has(word) ? true : INACTIVE_WEBHOOK_WORDS.has(word) ? false : null;
}

/** Events listed as objects: `{event: "…"}`, `{type: "…"}` or one of the usual text keys. */
const WEBHOOK_EVENT_KEYS = ['event', 'type', 'event_type', 'eventType', ...ITEM_TEXT_KEYS];

const URL_KEYS = ['url', 'endpoint', 'endpoint_url', 'target_url', 'targetUrl', 'address', 'callback_url', 'callbackUrl', 'webhook_url', 'webhookUrl', 'uri'];
const EVENT_LIST_KEYS = ['events', 'event_types', 'eventTypes', 'enabled_events', 'enabledEvents', 'topics', 'types', 'filter_types', 'filterTypes', 'subscriptions', 'topic'];
const SECRET_KEYS = ['secret', 'signing_secret', 'signingSecret', 'webhook_secret', 'webhookSecret', 'signing_key', 'signingKey', 'secret_key', 'secretKey'];

/** The new webhook's id from a 201's Location (`/api/v2/webhooks/wh_42`). */
function idFromLocation(location: string | null | undefined): string | null {
  const match = /\/webhooks\/([^/?#]+)\/?(?:[?#]|$)/.exec(location ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A webhook as listed, or as the service answered its creation (`requested`: what was asked for,
 * which fills in what a terse answer leaves out: `201 {}`, `{id}` or no body at all; `location`,
 * the 201's Location header; `status`, the answer's).
 */
export function toWebhook(
  reply: unknown,
  requested?: { url: string; events: readonly string[]; location?: string | null; status?: number | null },
): Webhook {
  const raw = requested ? createdIn(reply, requested.url, requested.status ?? null) : reply;
  const unwrapped = unwrap(raw, ['id', 'url', 'events'], ['webhook', 'data']);
  const body = isObj(unwrapped) ? unwrapped : requested ? {} : null;
  if (body === null) throw invalid('the webhook');
  // GitHub's and Gitea's keep the address under `config`; GitHub's `url` beside it is the hook's
  // own address in the API, not where events go.
  const config = isObj(body.config) ? body.config : {};
  // What a reply keeps beside the webhook it wraps (`{webhook: {…}, secret}`, also inside
  // `{success, data: {webhook, secret}}`): a secret shown once.
  const outside = [raw, isObj(raw) ? raw.data : null].filter((source): source is Obj => isObj(source) && source !== unwrapped);
  const id = idOf(body, ...ID_KEYS, 'webhook_id', 'webhookId') ?? idFromLocation(requested?.location);
  const url = textOf(config, 'url') ?? textOf(body, ...URL_KEYS) ?? requested?.url ?? null;
  // A listed entry with neither an id nor an address: nothing the user could recognise or delete.
  if (id === null && url === null) throw invalid('the webhook');
  const eventsKey = EVENT_LIST_KEYS.find((key) => body[key] != null);
  const events = toTextList(subscribedEvents(eventsKey === undefined ? undefined : body[eventsKey]), WEBHOOK_EVENT_KEYS);
  const disabled = toFlag(body.disabled ?? body.is_disabled ?? body.isDisabled);
  const statusWord = textOf(body, 'status', 'state');
  return {
    id,
    url,
    events: events.length > 0 || !requested ? events : [...requested.events],
    secret: [body, ...outside].map((source) => textOf(source, ...SECRET_KEYS)).find((secret) => secret !== null) ?? null,
    active:
      toFlag(body.active ?? body.enabled ?? body.is_active ?? body.isActive ?? body.is_enabled ?? body.isEnabled) ??
      (disabled === null ? null : !disabled) ??
      webhookStatusActive(statusWord),
    createdAt: dateOf(body, 'created_at', 'createdAt'),
    ...(FAILING_WEBHOOK_WORDS.has(statusWord?.toLowerCase() ?? '') ? { failing: true } : {}),
  };
}

/** Events listed as objects with their own switch (`{event, enabled: false}`): those switched off are not sent. */
function subscribedEvents(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.filter((entry) => !isObj(entry) || toFlag(entry.enabled ?? entry.active ?? entry.subscribed) !== false);
}

/**
 * What to read the created webhook from in a 2xx to the creation, refusing one that is no webhook:
 * a web page (an address that is a site, answering any POST with its HTML), the webhook list, or a
 * body saying it failed (`{success: false, error}`). Taken as created, the page said so, and no
 * event would ever arrive.
 */
function createdIn(raw: unknown, url: string, status: number | null): unknown {
  if (typeof raw === 'string' && /<[a-z!]/i.test(raw)) {
    throw new ApiError('invalid_response', 'The address answered with a web page, not a webhook: check the service address.');
  }
  // Said plainly (JSend's `{status: "fail" | "error", data | message}` too): only a real id
  // outweighs it, the address under `data` may be the request echoed.
  const saidFailed = isObj(raw) && (raw.success === false || raw.ok === false || raw.created === false || raw.status === 'fail' || raw.status === 'error');
  if (isObj(raw) && carriesWebhook(raw, !saidFailed)) return raw;
  // A POST sent on by a 301/302/303 (Django's APPEND_SLASH adding the final /) is followed as a
  // GET: the webhook list came back (a 200) and nothing was created. A one-entry list that came
  // with a 201, or holds the address asked for however spelled, is the creation answered as rows
  // (PostgREST's return=representation).
  const listed = listIn(raw);
  if (listed !== null) {
    if (listed.length === 1 && (status === 201 || sameWebhookAddress(readableUrl(listed[0]), url))) return listed[0];
    // A 201 is never a followed redirect: the list answered is the account's with the new one in
    // it (the last at that address); without one there, it was made all the same, as asked.
    if (status === 201) return listed.findLast((entry) => sameWebhookAddress(readableUrl(entry), url)) ?? {};
    throw new ApiError(
      'invalid_response',
      'The service answered with its list of webhooks, not a new one: the request was probably redirected, and the webhook was not created. Check the service address (a missing / at the end, or http for https).',
    );
  }
  if (!isObj(raw)) return raw;
  // `errors` too: a handler that forgot its status code answers its validation's list with a 200.
  if (!saidFailed && !saysSomething(raw.error) && !saysSomething(raw.errors)) return raw;
  const said = parseErrorBody(JSON.stringify(raw), 'application/json').message;
  throw new ApiError('bad_request', said ? `The service did not create the webhook: ${said}` : 'The service did not create the webhook.');
}

/**
 * Throws when a 2xx to a webhook's deletion says it failed, as the creation's are read (createdIn):
 * `success`, `ok` or `deleted` false; JSend's failure, or an error said, unless the reply is the
 * webhook itself (an id at its top: its `status` is the webhook's state, not the call's). Taken as
 * deleted, the page said "The webhook was deleted." and the service went on sending its events.
 */
export function refusedDeletion(raw: unknown): void {
  if (!isObj(raw)) return;
  const saidSo = raw.success === false || raw.ok === false || raw.deleted === false;
  const saidFailed = raw.status === 'fail' || raw.status === 'error' || saysSomething(raw.error) || saysSomething(raw.errors);
  if (!saidSo && (!saidFailed || idOf(raw, ...ID_KEYS) !== null)) return;
  const said = parseErrorBody(JSON.stringify(raw), 'application/json').message;
  throw new ApiError('bad_request', said ? `The service did not delete the webhook: ${said}` : 'The service did not delete the webhook.');
}

/** A listed entry's address, or null when it is no readable webhook. */
function readableUrl(entry: unknown): string | null {
  return eachReadable([entry], toWebhook)[0]?.url ?? null;
}

/**
 * Whether a reply holds the webhook itself: an id at its top, or an id or address under `data` /
 * `webhook`. Such a reply was a creation, whatever field beside it says (dropped, its secret,
 * shown this once, was lost and a second Create made a duplicate). An address counts only as one
 * (JSend's `{status: "fail", data: {url: "is required"}}` keeps messages under the field names),
 * and only when `byAddress`: a reply saying it failed may echo the request under `data`.
 */
function carriesWebhook(raw: Obj, byAddress: boolean): boolean {
  if (idOf(raw, ...ID_KEYS) !== null) return true;
  return [raw.data, raw.webhook].some(
    (inner) =>
      isObj(inner) &&
      (idOf(inner, ...ID_KEYS, 'webhook_id', 'webhookId') !== null || (byAddress && /^https?:\/\//i.test(textOf(inner, ...URL_KEYS) ?? ''))),
  );
}

/**
 * Whether an error field says there was one: Go's encoding/json writes `"error": ""` and others
 * `{}`, `[]`, `0` or `false` when there was none.
 */
function saysSomething(value: unknown): boolean {
  if (value === true) return true;
  if (Array.isArray(value)) return value.some(saysSomething);
  if (isObj(value)) return Object.values(value).some(saysSomething);
  return scalarText(value) !== null && toFlag(value) !== false;
}

const LIST_KEYS = ['webhooks', 'items', 'data', 'results'];

/** The list a reply is, if it is one: an array, or one under a list key (also inside `{data: {…}}`). */
function listIn(raw: unknown): unknown[] | null {
  const body = isObj(raw) && isObj(raw.data) ? { ...raw, ...raw.data } : raw;
  const list: unknown = isObj(body) ? LIST_KEYS.map((key) => body[key]).find((value) => Array.isArray(value)) : body;
  return Array.isArray(list) ? (list as unknown[]) : null;
}

export function toWebhookList(raw: unknown): Webhook[] {
  return toWebhookPage(raw).items;
}

/**
 * One page of the webhook list, and the query of the next where the server says one follows (in
 * the body, or only in a `Link` header: GitHub's and GitLab's bare arrays).
 */
export function toWebhookPage(
  raw: unknown,
  asked?: Record<string, string>,
  linkPaging?: LinkPaging,
): { items: Webhook[]; next: Record<string, string> | null } {
  const { body, list } = listReply(raw, LIST_KEYS, 'the webhook list');
  const items = eachReadable(list, toWebhook);
  return { items, next: nextListQuery(body, list.length, items.at(-1)?.id ?? null, asked, linkPaging) };
}
