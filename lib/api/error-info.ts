/**
 * The typed error every part of Primer passes around, and its plain serialisable form
 * (`ApiErrorInfo`) that crosses the message boundary. Kept apart from the error-body parsing in
 * errors.ts so content scripts can use it without that code.
 */
import { z } from 'zod/mini';

export const API_ERROR_KINDS = [
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'bad_request',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'aborted',
  'invalid_response',
  'not_configured',
  'http',
  /** The extension was updated or reloaded under an open page: its old content script is cut off. */
  'extension_reloaded',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export const ApiErrorInfoSchema = z.object({
  /** A literal of the kinds, the same values as `z.enum` of them: see MatchKindSchema (lib/models/contact.ts). */
  kind: z.literal(API_ERROR_KINDS),
  message: z.string(),
  status: z.nullable(z.number()),
  code: z.nullable(z.string()),
  /** When a rate-limited call may be tried again, in ms from when the error was made. */
  retryAfterMs: z.nullable(z.number()),
});
export type ApiErrorInfo = z.infer<typeof ApiErrorInfoSchema>;

/**
 * The code of a `not_found` that means "not there yet", not "gone": the service answered, with
 * nothing (a transcript route's 204 or empty body while the transcript is being made).
 */
export const NOT_YET_CODE = 'primer_not_yet';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly retryAfterMs: number | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    extra: { status?: number | null; code?: string | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.code = extra.code ?? null;
    this.retryAfterMs = extra.retryAfterMs ?? null;
  }

  toInfo(): ApiErrorInfo {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/** The service answered, with nothing yet (a transcript's 204): see NOT_YET_CODE. */
export function isNotYet(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'not_found' && error.code === NOT_YET_CODE;
}

/**
 * How long the service asked to be left alone before it is asked again: the Retry-After of a rate
 * limit, or of a server that is unavailable for a while (a 503 during maintenance). Null when it
 * gave none, or for any other failure.
 */
export function serviceWaitMs(info: Pick<ApiErrorInfo, 'kind' | 'retryAfterMs'>): number | null {
  if (info.kind !== 'rate_limited' && info.kind !== 'server') return null;
  return info.retryAfterMs !== null && info.retryAfterMs > 0 ? info.retryAfterMs : null;
}

/** Anything thrown, as an ApiErrorInfo (unknown throws become a generic, non-leaking message). */
export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return error.toInfo();
  return {
    kind: 'http',
    message: 'Something went wrong inside Primer.',
    status: null,
    code: null,
    retryAfterMs: null,
  };
}
