/**
 * The PUT of the raw file to the presigned URL, with XMLHttpRequest because it reports upload
 * progress (fetch does not) and streams a Blob body from disk. No Authorization header: the URL
 * itself is the credential. Failures come back as ApiError, with object storage's XML error
 * (<Code>/<Message>) read for the message and code (the runner tells an expired URL by them).
 */
import { ApiError, kindForStatus, parseErrorBody, TOO_LARGE_ANSWER, type ApiErrorKind } from '../api/errors';

export interface PutRequest {
  url: string;
  body: Blob;
  contentType: string;
  headers: Record<string, string>;
  onProgress: (sent: number) => void;
  signal: AbortSignal;
  timeoutMs?: number;
  /** Overrides of STALL_MS and ANSWER_MS (tests). */
  stallMs?: number;
  answerMs?: number;
}

/**
 * No byte sent for this long ends the PUT as a timeout, which the runner retries: a connection
 * that went dead without an error (a laptop moved between networks, a half-open socket) would
 * otherwise hold the upload at its last percentage until the browser's own TCP timeout, minutes
 * or hours later.
 */
const STALL_MS = 60_000;
/**
 * After the last byte has left the browser, storage may take a while to answer: checksumming a
 * large object, or a proxy that took the whole file (antivirus, a company's TLS inspection) and
 * passes it on at the line's real speed. At least two minutes, and the time the file takes at
 * 2 Mbit/s (a 500 MB recording: half an hour).
 */
const ANSWER_MS = 120_000;
const ANSWER_BYTES_PER_MS = 250;

/**
 * Refusals that say the connection, not the request, was at fault: S3 answers 400 RequestTimeout
 * to a PUT whose body stopped coming for a while, and 400 IncompleteBody to one cut short. Sent
 * again, the same request can pass.
 */
const CONNECTION_CODES: Record<string, ApiErrorKind> = { RequestTimeout: 'timeout', IncompleteBody: 'network' };

/**
 * The kind of storage's answer, as the service's own answers are read (kindForStatus): any refusal
 * of the request itself (400, 411, 412, 413 Payload Too Large from storage or its proxy, 415,
 * 422…) is 'bad_request', which the row says a Retry sends again unchanged (refusalAdvice).
 */
function kindOf(status: number, code: string | null): ApiErrorKind {
  const connection = code !== null && Object.hasOwn(CONNECTION_CODES, code) ? CONNECTION_CODES[code] : undefined;
  return connection ?? kindForStatus(status);
}

/**
 * Storage that answers in JSON rather than S3's XML (Supabase Storage's signed upload URLs,
 * Firebase, a service's own upload endpoint): its words and code, read as the service's errors are.
 * A status number given as the code (`{"error": {"code": 403}}`) names nothing more.
 */
function jsonRefusal(body: string): { message: string | null; code: string | null } | null {
  try {
    const json: unknown = JSON.parse(body);
    if (json === null || typeof json !== 'object') return null;
  } catch {
    return null;
  }
  const { message, code } = parseErrorBody(body, 'application/json');
  return { message, code: code !== null && /^\d+$/.test(code) ? null : code };
}

/** The `<Code>` of object storage's XML error (`AccessDenied`, `ExpiredToken` …), or its JSON error's code, when there is one. */
export function storageErrorCode(body: string): string | null {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? jsonRefusal(body)?.code ?? null;
}

/**
 * What storage's `<Message>` says. Azure Blob's ends with lines of its request's id and the time
 * ("…\nRequestId:7c8e…\nTime:2026-…"), noise that filled the row; and to an expired or otherwise
 * refused SAS address (AuthenticationFailed) it says only to check the Authorization header, which
 * Primer never sends: the cause is its AuthenticationErrorDetail ("Signature not valid in the
 * specified time frame: …"), said instead, without the string it signed ("Signature did not
 * match. String to sign used was …", many lines).
 */
function storageMessageOf(body: string): string | undefined {
  const detail = xmlText(/<AuthenticationErrorDetail>([^<]{1,2000})<\/AuthenticationErrorDetail>/.exec(body)?.[1])?.split(/\s*String to sign used was|\n/)[0]?.trim();
  if (detail) return detail;
  const message = xmlText(/<Message>([^<]{1,300})<\/Message>/.exec(body)?.[1]) ?? jsonRefusal(body)?.message ?? undefined;
  return message?.replace(/\s*\nRequestId:[\s\S]*$/, '').trim() || undefined;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML text as the text it holds: storage escapes quotes, apostrophes and ampersands in its words
 * (MinIO, with Go's encoding/xml, writes ' and " as &#39; and &#34;), which the row showed as written.
 */
function xmlText(text: string | undefined): string | undefined {
  return text?.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const point = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** `<Code>AccessDenied</Code><Message>Request has expired</Message>` → "The upload server answered 403: Request has expired (AccessDenied)". */
export function storageErrorMessage(status: number, body: string): string {
  const code = storageErrorCode(body);
  const message = storageMessageOf(body);
  const detail = message ? (code ? `${message} (${code})` : message) : code;
  if (detail) return `The upload server answered ${status}: ${detail}`;
  // A proxy's own page (nginx's client_max_body_size) names nothing but the status.
  return status === 413 ? `${TOO_LARGE_ANSWER}: it takes no file this large.` : `The upload server answered ${status}.`;
}

export function xhrPut(request: PutRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(new ApiError('aborted', 'The upload was cancelled.'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', request.url);
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== 'authorization' && name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
    }
    xhr.setRequestHeader('Content-Type', request.contentType);
    xhr.timeout = request.timeoutMs ?? 0;
    let stalled: string | null = null;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = (ms: number, why = 'The upload stopped moving: nothing reached the upload server for a minute.') => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = why;
        xhr.abort();
      }, ms);
    };
    let loaded = 0;
    xhr.upload.onprogress = (event) => {
      // Only bytes that moved count: a report of the same count is no sign of life.
      if (event.loaded > loaded) watch(request.stallMs ?? STALL_MS);
      loaded = Math.max(loaded, event.loaded);
      request.onProgress(event.loaded);
    };
    const answerMs = request.answerMs ?? Math.max(ANSWER_MS, request.body.size / ANSWER_BYTES_PER_MS);
    xhr.upload.onload = () => watch(answerMs, `The upload server did not answer within ${Math.round(answerMs / 60_000)} minutes of receiving the file.`);
    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const settle = (error: ApiError | null) => {
      clearTimeout(watchdog);
      request.signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress(request.body.size);
        settle(null);
      } else {
        const code = storageErrorCode(xhr.responseText);
        settle(new ApiError(kindOf(xhr.status, code), storageErrorMessage(xhr.status, xhr.responseText), { status: xhr.status, code }));
      }
    };
    xhr.onerror = () => settle(new ApiError('network', 'The upload server could not be reached, or refused Primer’s request.'));
    xhr.ontimeout = () => settle(new ApiError('timeout', 'The upload took too long.'));
    xhr.onabort = () =>
      settle(stalled === null ? new ApiError('aborted', 'The upload was cancelled.') : new ApiError('timeout', stalled));
    xhr.send(request.body);
    watch(request.stallMs ?? STALL_MS);
  });
}
