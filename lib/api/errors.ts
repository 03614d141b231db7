/**
 * Typed errors of the service client. The interface does not show error bodies, so the reader
 * accepts the common forms (problem+json, {error:{message,code}}, {message}, {detail}, NestJS's and
 * Spring's {error: phrase, message}, field → problems hashes, JSON:API errors, JSON arrays and
 * strings, plain text) and classifies by status. `ApiErrorInfo` is the plain, serialisable form sent to the UI.
 */
import { codeAsWords } from '../format/text';
import { ApiError, toErrorInfo, type ApiErrorKind } from './error-info';

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

/**
 * How the refusal of a presigned form upload (S3's POST with fields) begins (normalise/uploads.ts):
 * each retry would make the service another recording, refused the same way.
 */
export const FORM_UPLOAD_REFUSED = 'The service asks for the recording as a form upload';

/**
 * How the refusal of a recording larger than Azure Blob storage takes in one PUT begins
 * (background/uploads.ts): each retry would make the service another recording, refused alike.
 */
export const TOO_LARGE_FOR_AZURE = 'The service stores recordings in Azure Blob storage';

/**
 * How the refusal of an upload address on this computer from a service that is not begins
 * (background/uploads.ts): each retry would make the service another recording, refused alike.
 */
export const LOCAL_UPLOAD_ADDRESS = 'The service gave an upload address on this computer';

/**
 * How the refusals begin that every retry of an upload meets again, each after the service made
 * another recording for it: the popup offers no Retry for them, and the notification none either.
 */
export const REFUSED_ON_EVERY_RETRY: readonly string[] = [FORM_UPLOAD_REFUSED, TOO_LARGE_FOR_AZURE, LOCAL_UPLOAD_ADDRESS];

/**
 * How storage's 413 (Payload Too Large, from storage or a proxy before it) is said, in its words or
 * in Primer's (xhr-put.ts): Retry sends the same file, too large alike.
 */
export const TOO_LARGE_ANSWER = 'The upload server answered 413';

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  unauthorized: 'The service did not accept the API key.',
  forbidden: 'The API key is not allowed to do this.',
  not_found: 'The service does not have this item.',
  conflict: 'The service refused this because of the item’s current state.',
  bad_request: 'The service did not accept the request.',
  // Said wherever the call stopped, and not every caller asks again by itself (a stopped upload waits for Retry).
  rate_limited: 'The service is receiving too many requests. Try again in a moment.',
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

/**
 * What a refusal says when its body gave only a code (ParsedErrorBody.bareCode): for a request
 * refused (400, 422), the status's words, then the code's ("The service did not accept the
 * request: unsupported content type."), which name what to change. Otherwise the status's words
 * alone, which say what to do (wait, check the key); the code stays the error's `code`, and the
 * views that tell Primer's words from the service's (Test connection, the webhook form) still can.
 */
export function withBareCode(kind: ApiErrorKind, words: string): string {
  const said = defaultMessage(kind);
  const letters = words.toLowerCase().replace(/[^a-z]/g, '');
  if (kind !== 'bad_request' || letters === 'badrequest' || letters === 'invalidrequest') return said;
  return `${said.replace(/\.$/, '')}: ${words.charAt(0).toLowerCase()}${words.slice(1)}.`;
}


/**
 * Marks a call that could not reach the service because Primer has no access to its host (an
 * administrator's address never granted, access taken away): a refused connection otherwise.
 */
export const NO_ACCESS_CODE = 'primer_no_access';

/** Marks a failure of the contact list itself that says the address is not the service's: see asNotTheService. */
export const NOT_THE_SERVICE_CODE = 'primer_not_the_service';

/**
 * Marks a 401 or 403 answered with a web page or an XML body, not the service's JSON: a static
 * site's (S3, CloudFront: AccessDenied), a firewall's block page, a basic-auth prompt's page. Still
 * a refusal (its kind stays), but not the service's word on the key: the address may be wrong, or
 * a proxy in front of the service refused the request (Test connection says so).
 */
export const WEB_PAGE_REFUSAL_CODE = 'primer_web_page_refusal';

/** Whether a reply's body is markup (HTML, XML) by its type or its first character, not JSON. */
export function isMarkup(body: string, contentType: string | null): boolean {
  const type = contentType ?? '';
  if (/html|xml/i.test(type)) return true;
  return !/json/i.test(type) && body.trimStart().startsWith('<');
}

/** The code of an error that says the service could not make a recording's transcript (its status says failed): no retry helps. */
export const TRANSCRIPT_FAILED_CODE = 'primer_transcript_failed';

/**
 * The contact list the interface defines (no filter, first page) answered 404 or not as a list (a
 * web page, another API's JSON): whatever is at the address, it is not the service, for every
 * lookup alike. One contact's 404 never comes this way (client.ts, contact-finder.ts).
 */
export function asNotTheService(error: unknown): unknown {
  if (!(error instanceof ApiError) || (error.kind !== 'not_found' && error.kind !== 'invalid_response')) return error;
  return new ApiError(error.kind, error.message, { status: error.status, code: NOT_THE_SERVICE_CODE, cause: error });
}

/**
 * Whether a failure says the service no longer has the contact asked about: a 404 from the service
 * itself, not one from an address that is not the service (asNotTheService), where every path
 * answers 404 and the contact may well be there.
 */
export function isContactGone(error: unknown): boolean {
  const info = toErrorInfo(error);
  return info.kind === 'not_found' && info.code !== NOT_THE_SERVICE_CODE;
}

const MAX_MESSAGE = 300;

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

/**
 * Where an error object keeps its words: FastAPI's and Flask-JWT's `msg`, ASP.NET Web API's
 * `Message`, AWS Lambda's `errorMessage`, JSON:API's `detail`, a bare `title`.
 */
const MESSAGE_KEYS = ['message', 'msg', 'Message', 'errorMessage', 'error_message', 'detail', 'description', 'error_description', 'title'];

/**
 * The readable text of an error value: a string, a list of them (NestJS's `message: [...]`,
 * FastAPI's `detail: [{msg}]`), an object's message-like field (FastAPI's `detail: {message}`).
 * With `fields`, an object of field → problems (Rails' and ASP.NET's `errors`) reads as
 * "email: is invalid".
 */
function messageOf(value: unknown, { fields = false, depth = 0 } = {}): string | null {
  if (depth > 3) return null;
  const direct = text(value);
  if (direct !== null) return direct;
  const inner = { depth: depth + 1 };
  if (Array.isArray(value)) {
    const parts = value.map((entry) => messageOf(entry, inner)).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (!isFields(value)) return null;
  for (const key of MESSAGE_KEYS) {
    const message = messageOf(value[key], inner);
    if (message === null) continue;
    const field = fieldOf(value);
    return field !== null && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
  }
  if (!fields) return null;
  const parts = Object.entries(value)
    .map(([field, problems]) => {
      const list = Array.isArray(problems) ? problems : [problems];
      const said = list.map((problem) => messageOf(problem, inner)).filter((part): part is string => part !== null);
      return said.length > 0 ? `${field}: ${said.join(', ')}` : null;
    })
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * Where in the request a problem is: the body's part aside (pydantic's `loc`, zod's `path` list,
 * `field`, express-validator's `path`, Stripe's `param`, JSON:API's and RFC 9457's pointer).
 */
function fieldOf(value: Record<string, unknown>): string | null {
  const list = Array.isArray(value.loc) ? value.loc : Array.isArray(value.path) ? value.path : null;
  if (list !== null) {
    const path = list.filter((part) => (typeof part === 'string' || typeof part === 'number') && !['body', 'query', 'path', 'header', 'cookie'].includes(String(part)));
    return path.length > 0 ? path.join('.') : null;
  }
  const pointer = isFields(value.source) ? text(value.source.pointer) : text(value.pointer);
  const named = text(value.field) ?? text(value.param) ?? text(value.path) ?? pointer?.split('/').filter((part) => part !== '' && part !== '#').pop() ?? null;
  return named !== null && /^[\w.[\]-]{1,64}$/.test(named) ? named : null;
}

/** A summary that names no field nor problem ("Validation failed"): the field details say more. */
const GENERIC_SUMMARY =
  /^(?:validation (?:failed|error)|request validation failed|the given data was invalid|one or more validation errors occurred|unprocessable (?:entity|content)|bad request|invalid (?:request|input|data|parameters?))[.!]?$/i;

/**
 * The field by field problems a validation answer keeps beside its summary: `errors` (RFC 9457's,
 * JSON:API's, Laravel's and Rails' field hashes), `error.details`, zod's `issues`, `violations`.
 */
function fieldDetails(b: Fields): string | null {
  const lists = [b.errors, isFields(b.error) ? b.error.details : undefined, b.issues, b.violations];
  for (const list of lists) {
    const said = list === undefined ? null : messageOf(list, { fields: true });
    if (said !== null) return said;
  }
  return null;
}

/** The summary with the field details beside it (which field is wrong, and why), or alone for a generic one. */
function withDetails(summary: string | null, details: string | null): string | null {
  if (details === null || summary === null) return summary ?? details;
  if (summary.includes(details)) return summary;
  return GENERIC_SUMMARY.test(summary) ? details : `${summary}: ${details}`;
}

/** The code of the first entry of a JSON:API `errors` list. */
function codeOfList(value: unknown): string | null {
  return Array.isArray(value) && isFields(value[0]) ? text(value[0].code) : null;
}

export interface ParsedErrorBody {
  message: string | null;
  code: string | null;
  /** The message is only a code made words (`{"error": "invalid_url"}`): no sentence of the service's. */
  bareCode?: true;
  /** A wait the body names (Discord's and others' `retry_after`, in seconds), when it names one. */
  retryAfterMs?: number;
}

/** Seconds under `retry_after` / `retryAfter`, as a wait in ms; null when there is none. */
function bodyWait(fields: Record<string, unknown>): number | null {
  const value = fields.retry_after ?? fields.retryAfter;
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** Reads whatever error body the server sent into a message and a code. Never throws. */
export function parseErrorBody(body: string, contentType: string | null, redact: (text: string) => string = (text) => text): ParsedErrorBody {
  // What is taken out of a message (the API key) goes before it is cut to length: a key escaped in
  // the JSON text reads back whole only once decoded, and cut in two it is no longer recognised.
  const cut = (message: string) => truncate(redact(message));
  const trimmed = body.trim();
  if (trimmed === '') return { message: null, code: null };
  const looksJson = (contentType ?? '').includes('json') || /^[[{"]/.test(trimmed);
  if (looksJson) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      json = undefined;
    }
    // A JSON string body is its text, without the quotes; a JSON array, its entries' messages.
    if (typeof json === 'string' || Array.isArray(json)) {
      const message = messageOf(json);
      return { message: message ? cut(message) : null, code: null };
    }
    if (isFields(json)) {
      const b = json;
      let message: string | null = null;
      let code: string | null = text(b.code) ?? text(b.error_code) ?? text(b.errorCode);
      if (isFields(b.error)) {
        message = messageOf(b.error);
        code = text(b.error.code) ?? text(b.error.type) ?? code;
      } else if (text(b.error) !== null) {
        // OAuth's {error: "invalid_token", error_description} names a code; Spring's and NestJS's
        // {error: "Bad Request", message} a status phrase, said only when nothing better is sent.
        const error = text(b.error) ?? '';
        if (/^[\w.-]+$/.test(error)) code ??= error;
        message = text(b.error_description) ?? messageOf(b.message) ?? messageOf(b.detail);
        // A bare code ("invalid_url", "rate_limited") is said as words, and marked: the client
        // says it after a refused request's words, or the status's words alone (withBareCode).
        if (message === null && /^[a-z\d]+(?:[_.-][a-z\d]+)*$/.test(error)) return { message: cut(codeAsWords(error)), code, bareCode: true };
        message ??= error;
      }
      // Then any other key that holds words (`msg`, `Message`, `errorMessage`).
      message ??= messageOf(b.detail) ?? messageOf(b.message) ?? messageOf(b.errors, { fields: true }) ?? text(b.title) ?? messageOf(b);
      // A summary alone ("Validation failed") never said which field was wrong, nor why.
      message = withDetails(message, fieldDetails(b));
      if (isFields(b.detail)) code ??= text(b.detail.code);
      code ??= codeOfList(b.errors);
      if (code === null) {
        const type = text(b.type);
        // problem+json types are URIs; their last segment is the useful code.
        if (type && type !== 'about:blank') code = type.split('/').filter(Boolean).pop() ?? null;
      }
      const wait = bodyWait(b) ?? (isFields(b.error) ? bodyWait(b.error) : null);
      return { message: message ? cut(message) : null, code, ...(wait === null ? {} : { retryAfterMs: wait }) };
    }
  }
  // Markup: an S3-style XML error from the upload origin carries <Code>/<Message>; an HTML error
  // page says nothing useful to a user, so it yields no message at all.
  if (trimmed.startsWith('<') || /html|xml/.test(contentType ?? '')) {
    const xmlCode = /<Code>([^<]+)<\/Code>/.exec(trimmed)?.[1] ?? null;
    const xmlMessage = /<Message>([^<]+)<\/Message>/.exec(trimmed)?.[1] ?? null;
    return { message: xmlMessage ? cut(xmlMessage) : null, code: xmlCode };
  }
  return { message: cut(trimmed), code: null };
}

function truncate(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

/**
 * When a rate limit lifts, from the headers servers send instead of Retry-After: the IETF draft's
 * `RateLimit-Reset` and the common `X-RateLimit-Reset`. Seconds from now, or (GitHub's, Twitter's)
 * a Unix time in seconds: past a billion seconds it is a moment (2001 on), not a wait; past a
 * trillion, a Unix time in milliseconds. Ms from `now`, or null.
 */
export function parseRateLimitReset(value: string | null, now: number): number | null {
  // Sent twice (the application's and a gateway's), joined by Headers as "60, 60": the first.
  const trimmed = value?.split(',')[0]?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  // Past a trillion, a Unix time in milliseconds (some gateways send those).
  const at = seconds >= 1e12 ? seconds : seconds >= 1e9 ? seconds * 1000 : null;
  return at === null ? Math.round(seconds * 1000) : Math.max(0, Math.round(at - now));
}

/** Retry-After is either delta-seconds or an HTTP date. Returns ms from `now`, or null. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Sent twice (the application's and a gateway's), joined by Headers as "5, 5": the first. Read as
  // a date, "5, 5" is 5 May 2001, and the wait nothing.
  const repeated = /^(\d+(?:\.\d+)?)(?:\s*,\s*\d+(?:\.\d+)?)+$/.exec(trimmed);
  if (repeated) return Math.round(Number(repeated[1]) * 1000);
  // asctime ("Thu Nov 12 10:02:00 2026"), the third HTTP date a recipient must read (RFC 9110
  // §5.6.7), is GMT though it does not say so: the engine read it as local time (8 h late in Los
  // Angeles, over already east of UTC). Sent twice, the first.
  const asctime = /^[a-z]{3} [a-z]{3} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}(?=\s*(?:,|$))/i.exec(trimmed)?.[0];
  // An HTTP date holds a comma of its own ("Thu, 12 Nov 2026 10:02:00 GMT"): sent twice, the first.
  const date = Date.parse(asctime ? `${asctime} GMT` : (/^(.+? GMT)\s*,/.exec(trimmed)?.[1] ?? trimmed));
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
