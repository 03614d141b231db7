/**
 * Typed sender used by content scripts and extension pages. The reply is validated against the
 * message's schema here too: the receiving side trusts nothing that crosses a context boundary.
 */
import { browser } from '#imports';
import { ApiError, type ApiErrorInfo } from '../api/errors';
import { protocol, ReplySchema, type Envelope, type MessageType, type RequestOf, type ResponseOf } from './protocol';

export async function sendRequest<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  const envelope: Envelope = { primer: 1, type, payload };
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage(envelope);
  } catch (error) {
    // The background may be restarting, or the extension was updated under an open page.
    throw new ApiError('network', 'Primer’s background service is not available. Reload the page.', { cause: error });
  }
  const reply = ReplySchema.safeParse(raw);
  if (!reply.success) throw new ApiError('invalid_response', 'Primer’s background sent an unreadable reply.');
  if (!reply.data.ok) throw errorFromInfo(reply.data.error);
  const data = protocol[type].response.safeParse(reply.data.data);
  if (!data.success) throw new ApiError('invalid_response', 'Primer’s background sent an unexpected reply.');
  return data.data as ResponseOf<T>;
}

export function errorFromInfo(info: ApiErrorInfo): ApiError {
  return new ApiError(info.kind, info.message, {
    status: info.status,
    code: info.code,
    retryAfterMs: info.retryAfterMs,
  });
}
