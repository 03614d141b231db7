/**
 * Typed errors of the service client. The interface does not show error bodies, so the reader
 * accepts the common forms (problem+json, {error:{message,code}}, {message}, {detail}, plain text)
 * and classifies by status. `ApiErrorInfo` is the plain, serialisable form sent to the UI.
 */
import { z } from 'zod/mini';
import type { ApiErrorKind } from './error-info';

// The error type itself lives in error-info.ts (small, shared with content scripts).
export * from './error-info';

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad_request';
  return 'http';
}

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  unauthorized: 'The service did not accept the API key.',
  forbidden: 'The API key is not allowed to do this.',
  not_found: 'The service does not have this item.',
  conflict: 'The service refused this because of the item’s current state.',
  bad_request: 'The service did not accept the request.',
  rate_limited: 'The service is receiving too many requests; Primer will try again shortly.',
  server: 'The service had a problem. Try again in a moment.',
  network: 'The service could not be reached.',
  timeout: 'The service took too long to answer.',
  aborted: 'The request was cancelled.',
  invalid_response: 'The service answered in a form Primer does not understand.',
  not_configured: 'Primer is not set up yet: add the service address and API key in the options.',
  http: 'The service answered with an unexpected status.',
  extension_reloaded: 'Primer was updated. Reload this tab to use it.',
};

export function defaultMessage(kind: ApiErrorKind): string {
  return DEFAULT_MESSAGES[kind];
}

const MAX_MESSAGE = 300;

const ErrorBodySchema = z.partial(
  z.object({
    // problem+json (RFC 9457)
    title: z.unknown(),
    detail: z.unknown(),
    type: z.unknown(),
    // {error: {message, code}} or {error: "text"}
    error: z.unknown(),
    error_description: z.unknown(),
    message: z.unknown(),
    code: z.unknown(),
    errors: z.unknown(),
  }),
);

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

/** FastAPI-style `detail` may be a list of `{msg, loc}`; `errors` may be a list of `{message}`. */
function textOfList(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value
    .map((entry: unknown) => {
      if (typeof entry === 'string') return entry;
      if (entry && typeof entry === 'object') {
        const record = entry as Record<string, unknown>;
        return text(record.msg) ?? text(record.message) ?? text(record.detail);
      }
      return null;
    })
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

export interface ParsedErrorBody {
  message: string | null;
  code: string | null;
}

/** Reads whatever error body the server sent into a message and a code. Never throws. */
export function parseErrorBody(body: string, contentType: string | null): ParsedErrorBody {
  const trimmed = body.trim();
  if (trimmed === '') return { message: null, code: null };
  const looksJson = (contentType ?? '').includes('json') || trimmed.startsWith('{');
  if (looksJson) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      json = undefined;
    }
    const parsed = ErrorBodySchema.safeParse(json);
    if (parsed.success) {
      const b = parsed.data;
      let message: string | null = null;
      let code: string | null = text(b.code);
      if (b.error && typeof b.error === 'object' && !Array.isArray(b.error)) {
        const inner = b.error as Record<string, unknown>;
        message = text(inner.message) ?? text(inner.detail) ?? text(inner.description);
        code = text(inner.code) ?? text(inner.type) ?? code;
      } else if (text(b.error)) {
        // OAuth style: {error: "invalid_token", error_description: "..."}
        message = text(b.error_description) ?? text(b.error);
        code = text(b.error) ?? code;
      }
      message ??= text(b.detail) ?? textOfList(b.detail) ?? text(b.message) ?? textOfList(b.errors) ?? text(b.title);
      if (code === null) {
        const type = text(b.type);
        // problem+json types are URIs; their last segment is the useful code.
        if (type && type !== 'about:blank') code = type.split('/').filter(Boolean).pop() ?? null;
      }
      return { message: message ? truncate(message) : null, code };
    }
  }
  // Markup: an S3-style XML error from the upload origin carries <Code>/<Message>; an HTML error
  // page says nothing useful to a user, so it yields no message at all.
  if (trimmed.startsWith('<') || /html|xml/.test(contentType ?? '')) {
    const xmlCode = /<Code>([^<]+)<\/Code>/.exec(trimmed)?.[1] ?? null;
    const xmlMessage = /<Message>([^<]+)<\/Message>/.exec(trimmed)?.[1] ?? null;
    return { message: xmlMessage ? truncate(xmlMessage) : null, code: xmlCode };
  }
  return { message: truncate(trimmed), code: null };
}

function truncate(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

/** Retry-After is either delta-seconds or an HTTP date. Returns ms from `now`, or null. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
