/**
 * Builds a typed sender over (part of) the protocol. The reply is validated against the message's
 * schema here too: the receiving side trusts nothing that crosses a context boundary.
 */
import { browser } from '#imports';
import type { z } from 'zod/mini';
import { ApiError, type ApiErrorInfo } from '../api/error-info';
import { envelope } from './envelope';
import type { MessageDefinition } from './message-definition';
import { ReplySchema } from './reply';

export function errorFromInfo(info: ApiErrorInfo): ApiError {
  return new ApiError(info.kind, info.message, {
    status: info.status,
    code: info.code,
    retryAfterMs: info.retryAfterMs,
  });
}

export type Definitions = Record<string, MessageDefinition<z.ZodMiniType, z.ZodMiniType>>;

/** What a reply is checked with: a zod schema, or a check by hand that answers as one does (content-replies.ts). */
export interface ReplyCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Checks a raw reply to `type`: the envelope, a refusal (thrown as ApiError), then the data. */
export function readReply<P extends Definitions, T extends keyof P & string>(definitions: P, type: T, raw: unknown): z.infer<P[T]['response']> {
  return checkReply(definitions[type]!.response as ReplyCheck<z.infer<P[T]['response']>>, raw);
}

/** Checks a raw reply against its message's reply schema: the envelope, a refusal (thrown as ApiError), then the data. */
export function checkReply<T>(response: ReplyCheck<T>, raw: unknown): T {
  // One sentence for both (an envelope or data that does not read): nothing the user can tell apart.
  const unexpected = () => new ApiError('invalid_response', 'Primer’s background sent an unexpected reply.');
  const reply = ReplySchema.safeParse(raw);
  if (!reply.success) throw unexpected();
  if (!reply.data.ok) throw errorFromInfo(reply.data.error);
  const data = response.safeParse(reply.data.data);
  if (!data.success) throw unexpected();
  return data.data;
}

/**
 * Whether this page's copy of Primer was cut off: after an update or reload, Chrome leaves the old
 * content script running with `runtime.id` gone (Firefox may throw on touching it).
 */
export function extensionGone(): boolean {
  try {
    return !browser.runtime?.id;
  } catch {
    return true;
  }
}

/** The background is unreachable: restarting (try again), or the extension was updated under this page (reload it). */
export function backgroundUnavailable(cause: unknown): ApiError {
  if (extensionGone()) return new ApiError('extension_reloaded', 'Primer was updated. Reload this tab to use it.', { cause });
  return new ApiError('network', 'Primer’s background service is not available. Reload the page.', { cause });
}

/**
 * The waits before sending again while no background listens yet, 3.75 s in all: Firefox starts
 * the (MV2) background page only once the session is restored, after a sidebar or an options tab
 * restored with it may have sent its first messages; Chrome wakes its service worker instead.
 */
export const NOT_LISTENING_RETRY_MS = [250, 500, 1000, 2000] as const;

/** "Could not establish connection. Receiving end does not exist.": nothing listens (yet). */
export function backgroundNotListening(error: unknown): boolean {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.includes('Receiving end does not exist');
}

/** Whether this runs in one of Primer's own pages (side panel, options, popup), not in a web page. */
function onOwnPage(): boolean {
  try {
    return globalThis.location?.origin === new URL(browser.runtime.getURL('/')).origin;
  } catch {
    return false;
  }
}

/**
 * As `backgroundUnavailable` (whose sentence the content scripts share), for what `sendRequest`
 * sends: Primer's own pages (the sidebar, the popup) have no web page to reload.
 */
function unavailableHere(cause: unknown): ApiError {
  if (extensionGone() || !onOwnPage()) return backgroundUnavailable(cause);
  return new ApiError('network', 'Primer’s background service is not answering. Try again in a moment.', { cause });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSender<P extends Definitions>(definitions: P) {
  return async function send<T extends keyof P & string>(
    type: T,
    payload: z.input<P[T]['request']>,
  ): Promise<z.infer<P[T]['response']>> {
    let raw: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        raw = await browser.runtime.sendMessage(envelope(type, payload));
        break;
      } catch (error) {
        // A background still starting is asked again shortly; anything else fails at once.
        const delay = NOT_LISTENING_RETRY_MS[attempt];
        if (delay === undefined || !backgroundNotListening(error) || extensionGone()) throw unavailableHere(error);
        await wait(delay);
      }
    }
    return readReply(definitions, type, raw);
  };
}
