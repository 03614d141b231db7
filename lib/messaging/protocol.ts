/**
 * The one message protocol between content scripts, extension pages (options, side panel, popup)
 * and the background. Each message names who may send it and has a schema for its request and
 * its reply; the background validates the sender first, then the payload (see lib/background/broker).
 * Replies are `{ok:true,data}` or `{ok:false,error}`, never a silent null.
 */
import { z } from 'zod/mini';
import {
  ContactMatchSchema,
  RecordingInsightsSchema,
  RecordingPageSchema,
  RecordingSchema,
  TranscriptSchema,
  WebhookEventSchema,
  WebhookSchema,
} from '../models';
import { ApiErrorInfoSchema } from '../api/error-info';
import { validateWebhookUrl } from '../api/webhook-url';
import { UploadFileSchema, UploadMetaSchema, UploadRecordSchema } from '../upload/record';
import { cardProtocol, Id, InsightsReplySchema } from './card-protocol';
import { contentProtocol, PersonQuery } from './content-protocol';
import { MAX_API_KEY_LENGTH, MAX_INSIGHTS_BATCH, MAX_PANEL_CACHE_TEXT, MAX_URL_LENGTH } from './limits';
import { message } from './message-definition';

export type { Audience, MessageDefinition } from './message-definition';
export type { PersonAnswer, PersonQuery } from './content-protocol';
export { LOOKUP_FAILED } from './content-protocol';
export { InsightsReplySchema, type InsightsReply } from './card-protocol';

export const SettingsViewSchema = z.object({
  serviceUrl: z.nullable(z.string()),
  hasApiKey: z.boolean(),
  /** Last four characters, so the user can tell which key is saved without seeing it. */
  apiKeyHint: z.nullable(z.string()),
  /**
   * The address the user's saved key was saved for: the key is sent there and nowhere else, so
   * when this is not `serviceUrl`, `hasApiKey` is false. `null` when the user saved no key (or the
   * key is the administrator's).
   */
  apiKeyAddress: z.nullable(z.string()),
  /** Values an administrator set through enterprise policy; the options page shows them locked. */
  locked: z.object({ serviceUrl: z.boolean(), apiKey: z.boolean() }),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const CONNECTION_FAILURES = [
  'not_configured',
  /** No key may be sent to the address tested: the saved key belongs to another address. */
  'needs_key',
  /** The typed key holds what no key does (a character a copy changed or added). */
  'invalid_key',
  'invalid_url',
  'no_permission',
  'bad_key',
  'forbidden',
  'unreachable',
  'not_service',
  /** A 401 or 403 answered with a web page or XML, not the service's JSON: the address, or a proxy in front. */
  'web_page_refusal',
  /** The service (it refuses the list without a key) refused the request with the key: a 400 or 422. */
  'refused_request',
  'server_error',
  'rate_limited',
] as const;

export const ConnectionResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), serviceUrl: z.string(), contactCount: z.nullable(z.number()) }),
  z.object({ ok: z.literal(false), reason: z.enum(CONNECTION_FAILURES), message: z.string() }),
]);
export type ConnectionResult = z.infer<typeof ConnectionResultSchema>;

const Url = z.string().check(z.maxLength(MAX_URL_LENGTH));
const Key = z.string().check(z.maxLength(MAX_API_KEY_LENGTH));

/**
 * One contact's part of a `contacts.insights` reply: their insights, why they could not be had, or
 * `pending`: not in yet when the message was answered (MEETING_INSIGHTS_WAIT_MS in
 * lib/background/handlers/contacts.ts), to be asked for alone (`contact.insights`, which joins the
 * call on its way).
 */
export const InsightsResultSchema = z.union([
  z.object({ ok: z.literal(true), contactId: z.string(), reply: InsightsReplySchema }),
  z.object({ ok: z.literal(false), contactId: z.string(), error: ApiErrorInfoSchema }),
  z.object({ ok: z.literal(false), contactId: z.string(), pending: z.literal(true) }),
]);
export type InsightsResult = z.infer<typeof InsightsResultSchema>;

export const protocol = {
  ...contentProtocol,
  ...cardProtocol,
  /**
   * The toolbar's "Open briefing" has just opened the panel of this window: start asking for what
   * it will brief in the window's active tab (lib/background/panel-head-start.ts).
   */
  'panel.warm': message('extension', z.object({ windowId: z.int() }), z.object({})),
  /**
   * Firefox: the side panel's saved cache, for the background to sign and write
   * (lib/background/handlers/panel-cache.ts): a closing panel cannot wait for its signature.
   * `panel` names the panel page, `snapshot` numbers its saves in the order they were taken.
   */
  'panel.cache.save': message(
    'extension',
    z.object({
      text: z.string().check(z.maxLength(MAX_PANEL_CACHE_TEXT)),
      panel: z.string().check(z.minLength(1), z.maxLength(100)),
      snapshot: z.int().check(z.minimum(0)),
    }),
    z.object({}),
  ),
  'settings.get': message('extension', z.object({}), SettingsViewSchema),
  'settings.save': message(
    'extension',
    z.object({
      serviceUrl: z.optional(Url),
      /** A new key; `null` removes the saved key; absent keeps it. */
      apiKey: z.optional(z.nullable(Key)),
    }),
    SettingsViewSchema,
  ),
  /**
   * Tests the given (possibly unsaved) values, falling back to the saved ones; the saved key only
   * for the address it was saved for (another address is tested with a key typed for it only).
   */
  'connection.test': message(
    'extension',
    z.object({ serviceUrl: z.optional(Url), apiKey: z.optional(Key) }),
    ConnectionResultSchema,
  ),
  'webhook.create': message(
    'extension',
    z.object({
      url: z.url().check(z.maxLength(MAX_URL_LENGTH), z.refine((url) => validateWebhookUrl(url).ok)),
      events: z.array(WebhookEventSchema).check(z.minLength(1)),
      description: z.optional(z.string().check(z.maxLength(200))),
    }),
    WebhookSchema,
  ),
  'webhook.list': message(
    'extension',
    z.object({}),
    z.object({ supported: z.boolean(), items: z.array(WebhookSchema) }),
  ),
  'webhook.delete': message('extension', z.object({ id: Id }), z.object({ deleted: z.boolean() })),
  /** One person someone waits to see (the panel, the popup): pages ask in batches (people.find). */
  'contact.find': message('extension', PersonQuery, z.nullable(ContactMatchSchema)),
  /**
   * Many contacts' insights in one message (a meeting's attendees), as the side panel asks for
   * them: a recent copy at once, else the service first, else the last copy with why. One result
   * per distinct contact, in order; one contact's failure is that contact's result only, and one
   * contact still on its way past a moment is marked pending, not waited for.
   */
  'contacts.insights': message(
    'extension',
    z.object({ contactIds: z.array(Id).check(z.minLength(1), z.maxLength(MAX_INSIGHTS_BATCH)) }),
    z.array(InsightsResultSchema),
  ),
  'recordings.list': message(
    'extension',
    z.object({
      contactId: z.optional(Id),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
      offset: z.optional(z.int().check(z.minimum(0))),
    }),
    RecordingPageSchema,
  ),
  'recording.get': message('extension', z.object({ id: Id }), RecordingSchema),
  /** `live`: the user asked to check again, so the service is asked whatever the background has. */
  'recording.transcript': message('extension', z.object({ id: Id, live: z.optional(z.boolean()) }), TranscriptSchema),
  /** `null` when the server offers no per-recording insights. `live` as for the transcript. */
  'recording.insights': message('extension', z.object({ id: Id, live: z.optional(z.boolean()) }), z.nullable(RecordingInsightsSchema)),
  /**
   * Uploads of recordings (lib/upload). The popup asks for `upload.prepare`, then hands the File
   * itself to the context that sends it (lib/upload/hand-over.ts), which asks for `upload.start`;
   * views follow progress through storage (lib/upload/store.ts).
   */
  'upload.prepare': message('extension', z.object({}), z.object({ ready: z.boolean() })),
  'upload.start': message('extension', z.object({ id: Id, file: UploadFileSchema, meta: UploadMetaSchema }), UploadRecordSchema),
  'upload.cancel': message('extension', z.object({ id: Id }), UploadRecordSchema),
  'upload.retry': message('extension', z.object({ id: Id }), UploadRecordSchema),
  'upload.dismiss': message('extension', z.object({ id: Id }), z.object({ removed: z.boolean() })),
  'upload.check': message('extension', z.object({ id: Id }), UploadRecordSchema),
} as const;

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = z.input<Protocol[T]['request']>;
export type ResponseOf<T extends MessageType> = z.infer<Protocol[T]['response']>;

export const MESSAGE_TYPES = Object.keys(protocol) as MessageType[];

/** The envelope on the wire. `primer` tells our messages apart from anyone else's. */
export const EnvelopeSchema = z.object({
  primer: z.literal(1),
  type: z.enum(MESSAGE_TYPES as [MessageType, ...MessageType[]]),
  payload: z.unknown(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export { ReplySchema, type Reply } from './reply';
