/**
 * The one message protocol between content scripts, extension pages (options, side panel, popup)
 * and the background. Each message names who may send it and has a schema for its request and
 * its reply; the background validates the sender first, then the payload (see lib/background/broker).
 * Replies are `{ok:true,data}` or `{ok:false,error}`, never a silent null.
 */
import { z } from 'zod';
import { ApiErrorInfoSchema } from '../api/errors';
import {
  ContactMatchSchema,
  InsightsSchema,
  RecordingInsightsSchema,
  RecordingPageSchema,
  RecordingSchema,
  TranscriptSchema,
  WebhookEventSchema,
  WebhookSchema,
} from '../models';

/** `extension`: only this extension's own pages; `any`: content scripts too. */
export type Audience = 'extension' | 'any';

interface MessageDefinition<Req extends z.ZodType, Res extends z.ZodType> {
  audience: Audience;
  request: Req;
  response: Res;
}

function message<Req extends z.ZodType, Res extends z.ZodType>(
  audience: Audience,
  request: Req,
  response: Res,
): MessageDefinition<Req, Res> {
  return { audience, request, response };
}

export const SettingsViewSchema = z.object({
  serviceUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  /** Last four characters, so the user can tell which key is saved without seeing it. */
  apiKeyHint: z.string().nullable(),
  /** Values an administrator set through enterprise policy; the options page shows them locked. */
  locked: z.object({ serviceUrl: z.boolean(), apiKey: z.boolean() }),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const CONNECTION_FAILURES = [
  'not_configured',
  'invalid_url',
  'no_permission',
  'bad_key',
  'forbidden',
  'unreachable',
  'not_service',
  'server_error',
  'rate_limited',
] as const;

export const ConnectionResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), serviceUrl: z.string(), contactCount: z.number().nullable() }),
  z.object({ ok: z.literal(false), reason: z.enum(CONNECTION_FAILURES), message: z.string() }),
]);
export type ConnectionResult = z.infer<typeof ConnectionResultSchema>;

const Email = z.string().trim().min(3).max(320);
const Id = z.string().min(1).max(200);

export const protocol = {
  'settings.get': message('extension', z.object({}), SettingsViewSchema),
  'settings.save': message(
    'extension',
    z.object({
      serviceUrl: z.string().max(2000).optional(),
      /** A new key; `null` removes the saved key; absent keeps it. */
      apiKey: z.string().max(4000).nullable().optional(),
    }),
    SettingsViewSchema,
  ),
  /** Tests the given (possibly unsaved) values, falling back to the saved ones. */
  'connection.test': message(
    'extension',
    z.object({ serviceUrl: z.string().max(2000).optional(), apiKey: z.string().max(4000).optional() }),
    ConnectionResultSchema,
  ),
  'webhook.create': message(
    'extension',
    z.object({
      url: z.string().url().max(2000),
      events: z.array(WebhookEventSchema).min(1),
      description: z.string().max(200).optional(),
    }),
    WebhookSchema,
  ),
  'webhook.list': message(
    'extension',
    z.object({}),
    z.object({ supported: z.boolean(), items: z.array(WebhookSchema) }),
  ),
  'webhook.delete': message('extension', z.object({ id: Id }), z.object({ deleted: z.boolean() })),
  'contact.find': message(
    'any',
    z.union([z.object({ email: Email }), z.object({ name: z.string().trim().min(1).max(200) })]),
    ContactMatchSchema.nullable(),
  ),
  'contact.insights': message('any', z.object({ contactId: Id }), InsightsSchema),
  'recordings.list': message(
    'extension',
    z.object({
      contactId: Id.optional(),
      limit: z.number().int().min(1).max(100).optional(),
      offset: z.number().int().min(0).optional(),
    }),
    RecordingPageSchema,
  ),
  'recording.get': message('extension', z.object({ id: Id }), RecordingSchema),
  'recording.transcript': message('extension', z.object({ id: Id }), TranscriptSchema),
  /** `null` when the server offers no per-recording insights. */
  'recording.insights': message('extension', z.object({ id: Id }), RecordingInsightsSchema.nullable()),
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

export const ReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type Reply = z.infer<typeof ReplySchema>;
