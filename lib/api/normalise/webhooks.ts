/**
 * A webhook as listed or as its creation was answered, and the webhook list.
 */
import { ApiError, parseErrorBody } from '../errors';
import type { Webhook } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, textOf, toFlag } from './values';
import { dateOf } from './dates';
import { ITEM_TEXT_KEYS, toTextList } from './text-lists';
import { eachReadable, listReply, unwrap } from './envelope';

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
  if (requested) refusedCreation(raw);
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

/**
 * A 2xx to the creation that is no webhook: a web page (an address that is a site, answering any
 * POST with its HTML), or a body saying it failed (`{success: false, error}`). Taken as created,
 * the page said so, and no event would ever arrive.
 */
function refusedCreation(raw: unknown): void {
  if (typeof raw === 'string' && /<[a-z!]/i.test(raw)) {
    throw new ApiError('invalid_response', 'The address answered with a web page, not a webhook: check the service address.');
  }
  if (!isObj(raw)) return;
  const failed =
    raw.success === false ||
    raw.ok === false ||
    raw.created === false ||
    // JSend's {status: "fail" | "error", data | message}
    raw.status === 'fail' ||
    raw.status === 'error' ||
    (raw.error != null && raw.error !== false && idOf(raw, ...ID_KEYS) === null);
  if (!failed) return;
  const said = parseErrorBody(JSON.stringify(raw), 'application/json').message;
  throw new ApiError('bad_request', said ? `The service did not create the webhook: ${said}` : 'The service did not create the webhook.');
}

export function toWebhookList(raw: unknown): Webhook[] {
  return eachReadable(listReply(raw, ['webhooks', 'items', 'data', 'results'], 'the webhook list').list, toWebhook);
}
