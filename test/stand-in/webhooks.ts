/**
 * Webhook registrations and event deliveries. Deliveries are only ever sent to 127.0.0.1 or
 * localhost; any other address is recorded with status 'skipped' and never contacted.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { HttpError } from './errors.ts';

export const WEBHOOK_EVENTS = ['recording.processing.started', 'recording.processing.completed', 'insights.generated', 'contact.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every event the stand-in emits; `recording.processing.failed` cannot be subscribed to (not in the interface). */
export type EmittedEventType = WebhookEvent | 'recording.processing.failed';

export interface WebhookRecord {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  secret: string;
  active: boolean;
  created_at: string;
}

export interface WebhookDelivery {
  webhookId: string;
  url: string;
  event: string;
  payload: unknown;
  /** HTTP status of the receiver; 0 = network error or timeout; 'skipped' = not a local address, not sent. */
  status: number | 'skipped';
}

export interface EmittedEvent {
  id: string;
  type: EmittedEventType;
  created_at: string;
  data: Record<string, unknown>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);
const DELIVERY_TIMEOUT_MS = 5000;

export function isLocalHost(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname.toLowerCase());
}

export function signPayload(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export class WebhookHub {
  /** Emits 'delivery' with each recorded WebhookDelivery. */
  readonly notifier = new EventEmitter<{ delivery: [WebhookDelivery] }>();
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly deliveries: WebhookDelivery[] = [];
  readonly events: EmittedEvent[] = [];
  #generation = 0;
  #inFlight = new Set<Promise<void>>();

  /** Validates and registers; throws HttpError 400 on a bad url or event list. */
  create(body: Record<string, unknown>): WebhookRecord {
    const { url, events, description } = body;
    if (typeof url !== 'string' || url.trim() === '') throw new HttpError(400, 'invalid_request', 'url is required', { field: 'url' });
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new HttpError(400, 'invalid_request', 'url is not a valid URL', { field: 'url' });
    }
    const ok = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLocalHost(parsed));
    if (!ok) throw new HttpError(400, 'invalid_request', 'url must use https (http is only allowed for localhost)', { field: 'url' });
    if (!Array.isArray(events) || events.length === 0) {
      throw new HttpError(400, 'invalid_request', 'events must be a non-empty array', { field: 'events' });
    }
    const unknown = events.filter((e) => typeof e !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length > 0) {
      throw new HttpError(400, 'invalid_request', `Unknown event(s): ${unknown.map((e) => JSON.stringify(e)).join(', ')}`, { field: 'events' });
    }
    if (description !== undefined && description !== null && typeof description !== 'string') {
      throw new HttpError(400, 'invalid_request', 'description must be a string', { field: 'description' });
    }
    const record: WebhookRecord = {
      id: `wh_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      url,
      events: [...new Set(events as WebhookEvent[])],
      description: typeof description === 'string' ? description : null,
      secret: `whsec_${randomBytes(24).toString('hex')}`,
      active: true,
      created_at: new Date().toISOString(),
    };
    this.webhooks.set(record.id, record);
    return record;
  }

  /** Records the event and delivers it to every subscribed webhook. */
  publish(type: EmittedEventType, data: Record<string, unknown>): EmittedEvent {
    const event: EmittedEvent = { id: `evt_${randomBytes(10).toString('hex')}`, type, created_at: new Date().toISOString(), data };
    this.events.push(event);
    for (const hook of this.webhooks.values()) {
      if (!hook.active || !(hook.events as string[]).includes(type)) continue;
      this.#deliver(hook, event);
    }
    return event;
  }

  #deliver(hook: WebhookRecord, event: EmittedEvent): void {
    const payload = { id: event.id, type: event.type, created_at: event.created_at, data: event.data };
    const url = new URL(hook.url);
    const record = (status: number | 'skipped'): void => {
      const delivery: WebhookDelivery = { webhookId: hook.id, url: hook.url, event: event.type, payload, status };
      this.deliveries.push(delivery);
      this.notifier.emit('delivery', delivery);
    };
    if (!isLocalHost(url)) {
      record('skipped');
      return;
    }
    const generation = this.#generation;
    const body = JSON.stringify(payload);
    const promise = new Promise<number>((resolve) => {
      const requester = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = requester(
        url,
        {
          method: 'POST',
          timeout: DELIVERY_TIMEOUT_MS,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'User-Agent': 'ConversationIntelligence-StandIn-Webhooks/1.0',
            'X-Signature': signPayload(hook.secret, body),
            'X-Webhook-Id': hook.id,
            'X-Event-Id': event.id,
            'X-Event-Type': event.type,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(0));
      req.end(body);
    }).then((status) => {
      if (generation === this.#generation) record(status);
    });
    this.#inFlight.add(promise);
    void promise.finally(() => this.#inFlight.delete(promise));
  }

  delete(id: string): boolean {
    return this.webhooks.delete(id);
  }

  /** Resolves once every delivery started so far has finished. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  reset(): void {
    this.#generation += 1;
    this.webhooks.clear();
    this.deliveries.length = 0;
    this.events.length = 0;
  }
}

/** A webhook as the API lists it (without its secret). */
export function publicWebhook(hook: WebhookRecord, withSecret: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { id: hook.id, url: hook.url, events: [...hook.events], active: hook.active, created_at: hook.created_at };
  if (hook.description !== null) out.description = hook.description;
  if (withSecret) out.secret = hook.secret;
  return out;
}
