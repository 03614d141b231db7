/**
 * The background's single message entry point. Order of checks: is it our envelope at all, who sent
 * it (this extension's page, our content script, or anyone else), may that sender send this
 * message, is the payload valid. Only then does a handler run, and its reply is checked against the
 * protocol before it leaves, so a bug here cannot send a malformed or unexpected value out.
 */
import type { z } from 'zod/mini';
import { ApiError, toErrorInfo, type ApiErrorInfo } from '../api/errors';
import { withoutKey } from '../api/http';
import { CONTENT_PORT, PortRequestSchema, type PortLike } from '../messaging/port';
import { EnvelopeSchema, protocol, type MessageType, type Protocol, type Reply, type ResponseOf } from '../messaging/protocol';
import { effectiveSettings } from './settings';

export type SenderKind = 'extension' | 'content' | 'foreign';

export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number };
  frameId?: number;
  /** Chrome: the sending document (a frame that navigated since is another document). */
  documentId?: string;
}

export interface HandlerContext {
  sender: SenderKind;
  tabId: number | null;
  /** The sending frame of that tab (0: its top frame). */
  frameId?: number | null;
  /** Chrome: the sending document of that frame, to act on the very page that asked. */
  documentId?: string | null;
}

export type Handlers = {
  [T in MessageType]: (payload: z.infer<Protocol[T]['request']>, context: HandlerContext) => Promise<ResponseOf<T>>;
};

export interface ExtensionIdentity {
  id: string;
  /** `chrome-extension://<id>/` (or the moz-extension equivalent). */
  origin: string;
}

export function classifySender(sender: MessageSender, self: ExtensionIdentity): SenderKind {
  if (sender.id !== self.id) return 'foreign';
  if (sender.url?.startsWith(self.origin)) return 'extension';
  if (sender.tab !== undefined) return 'content';
  return 'foreign';
}

/**
 * A failure's words without the key in effect: the client takes it out of all the service says
 * (lib/api/http.ts); this is the last guard, should any other way ever bring it in.
 */
async function keyHidden(info: ApiErrorInfo): Promise<ApiErrorInfo> {
  const { apiKey } = await effectiveSettings().catch(() => ({ apiKey: null }));
  if (apiKey === null) return info;
  const hide = (text: string) => withoutKey(text, apiKey);
  return { ...info, message: hide(info.message), code: info.code === null ? null : hide(info.code) };
}

function refuse(kind: 'forbidden' | 'bad_request', message: string): Reply {
  return { ok: false, error: new ApiError(kind, message).toInfo() };
}

export function createBroker(handlers: Handlers, self: ExtensionIdentity) {
  async function handle<T extends MessageType>(type: T, rawPayload: unknown, sender: MessageSender): Promise<Reply> {
    const senderKind = classifySender(sender, self);
    const definition = protocol[type];
    if (senderKind === 'foreign' || (definition.audience === 'extension' && senderKind !== 'extension')) {
      return refuse('forbidden', 'This message is not accepted from here.');
    }
    const payload = definition.request.safeParse(rawPayload);
    if (!payload.success) return refuse('bad_request', `Invalid ${type} request.`);
    try {
      const handler = handlers[type] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
      const data = await handler(payload.data, { sender: senderKind, tabId: sender.tab?.id ?? null, frameId: sender.tab ? (sender.frameId ?? null) : null, documentId: sender.tab ? (sender.documentId ?? null) : null });
      const checked = definition.response.safeParse(data);
      if (!checked.success) return { ok: false, error: new ApiError('invalid_response', 'Primer produced an invalid reply.').toInfo() };
      return { ok: true, data: checked.data };
    } catch (error) {
      return { ok: false, error: await keyHidden(toErrorInfo(error)) };
    }
  }

  /** A runtime.onMessage listener: returns a promise for our messages, undefined for others'. */
  return (message: unknown, sender: MessageSender): Promise<Reply> | undefined => {
    const envelope = EnvelopeSchema.safeParse(message);
    if (!envelope.success) return undefined;
    return handle(envelope.data.type, envelope.data.payload, sender);
  };
}

/**
 * Serves the content scripts' port (lib/messaging/port.ts) with the broker's own listener: the
 * same sender, audience and payload checks as a one-off message. Something that is not our
 * envelope is refused rather than left unanswered, so the sender never waits forever.
 */
export function servePort(listener: ReturnType<typeof createBroker>) {
  return (port: PortLike): void => {
    if (port.name !== CONTENT_PORT) return;
    port.onMessage.addListener((message) => {
      const request = PortRequestSchema.safeParse(message);
      if (!request.success) return;
      const reply = listener(request.data.message, port.sender ?? {}) ?? Promise.resolve(refuse('bad_request', 'Not a Primer message.'));
      void reply.then((answer) => {
        try {
          port.postMessage({ id: request.data.id, reply: answer });
        } catch {
          // The page went away meanwhile: nobody is waiting.
        }
      });
    });
  };
}
