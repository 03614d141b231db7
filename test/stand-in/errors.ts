/** Error bodies in each of the dialect's error styles, and the S3-like XML errors of the upload origin. */
import { STATUS_CODES } from 'node:http';
import type { Dialect } from './dialect.ts';

export type ErrorStyle = Dialect['errorStyle'];

export interface ErrorPayload {
  contentType: string;
  body: string;
}

/** A problem in a request: `status`, a machine `code`, a human `message` and optionally the field at fault. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, opts: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = opts.field;
    this.headers = opts.headers ?? {};
  }
}

/** Default machine code for a status, used by faults without a code of their own. */
export function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'file_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 500:
      return 'internal_error';
    case 502:
      return 'bad_gateway';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'gateway_timeout';
    default:
      return status >= 500 ? 'server_error' : 'error';
  }
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * The body of an error in the given style:
 * - error-object: `{"error":{"message","code"}}`
 * - problem: `application/problem+json` `{type,title,status,detail}` (RFC 9457; the code is the type's last segment)
 * - message: `{"message"}`
 * - detail: `{"detail": "…"}` as FastAPI does; a validation error naming a field uses FastAPI's list form
 *   `{"detail":[{"loc":["body",field],"msg","type":"value_error"}]}`
 * - plain: `text/plain` message
 */
export function renderError(style: ErrorStyle, status: number, code: string, message: string, field?: string): ErrorPayload {
  switch (style) {
    case 'error-object':
      return json({ error: { message, code } });
    case 'problem':
      return {
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: `https://docs.example.com/problems/${code}`, title: reasonPhrase(status), status, detail: message }),
      };
    case 'message':
      return json({ message });
    case 'detail':
      if (field !== undefined && status === 400) {
        return json({ detail: [{ loc: ['body', field], msg: message, type: 'value_error' }] });
      }
      return json({ detail: message });
    case 'plain':
      return { contentType: 'text/plain; charset=utf-8', body: message };
  }
}

function json(value: unknown): ErrorPayload {
  return { contentType: 'application/json', body: JSON.stringify(value) };
}

/** An S3-style XML error body, as object storage returns for a presigned PUT. */
export function s3ErrorXml(code: string, message: string, resource?: string): string {
  const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escape(code)}</Code><Message>${escape(message)}</Message>` +
    (resource !== undefined ? `<Resource>${escape(resource)}</Resource>` : '') +
    `<RequestId>${Math.random().toString(16).slice(2, 18).toUpperCase()}</RequestId></Error>`
  );
}
