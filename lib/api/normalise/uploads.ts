/**
 * The reply to the presigned-URL request: the upload address, the new recording’s id, its headers and expiry.
 */
import type { PresignedUpload } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, numberOf, textOf, type Obj } from './values';
import { dateOf } from './dates';
import { unwrap } from './envelope';
import { ApiError, FORM_UPLOAD_REFUSED } from '../errors';
import { isAzureBlobUrl } from '../azure-blob';

/**
 * Where replies put the headers the PUT must carry: `headers` (Uppy's and Shrine's `{method, url,
 * fields, headers}`), AWS's own `SignedHeaders` (WorkDocs), `headersToInclude` (Connect, Wisdom),
 * `requestHeaders` (CodeGuru), and the plain `upload_headers`.
 */
const HEADER_LISTS = ['headers', 'required_headers', 'upload_headers', 'signed_headers', 'headers_to_include', 'request_headers'];
const HEADER_KEYS = new Set([...HEADER_LISTS, 'requiredHeaders', 'uploadHeaders', 'signedHeaders', 'headersToInclude', 'requestHeaders']);
/** The upload's own object beside the recording (`{upload: {url, headers}, recording: {id}}`). */
const UPLOAD_OBJECTS = ['upload', 'presigned', 'presigned_upload', 'presigned_url', 'upload_url'];
const URL_KEYS = ['upload_url', 'uploadUrl', 'presigned_url', 'presignedUrl', 'signed_url', 'signedUrl', 'put_url', 'url'];

/**
 * The reply with every key also under its snake_case form (`uploadURL`, `UploadUrl`, `UPLOAD_URL`
 * → `upload_url`), in nested objects too, so the names below match whatever the key's case.
 * Header names are left as sent: they are the headers to send.
 */
function withSnakeKeys(value: unknown, depth = 0): unknown {
  if (!isObj(value) || depth > 3) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) {
    const snake = key
      .replace(/([a-z\d])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    const kept = HEADER_KEYS.has(key) || HEADER_KEYS.has(snake) ? inner : withSnakeKeys(inner, depth + 1);
    out[key] = kept;
    if (!(snake in value)) out[snake] = kept;
  }
  return out;
}

/** Numbers below this are durations in seconds (`expires: 3600`), not dates (before 2001 as epoch seconds). */
const EPOCH_SECONDS_FROM = 1e9;

/** When the upload URL expires: a date, epoch seconds or ms (read as every date is: dateOf), or seconds from now. */
function expiryOf(body: Obj, now: number): string | null {
  const keys = ['expires_at', 'expiresAt', 'expiration', 'expires', 'url_expiry', 'url_expires_at', 'upload_url_expires_at', 'expiry', 'expires_on', 'valid_until'];
  const number = numberOf(body, ...keys);
  // A small number under a date's key is a duration (`expires: 3600`), not a moment.
  const inSeconds = number !== null && number < EPOCH_SECONDS_FROM ? number : numberOf(body, 'expires_in', 'expiresIn');
  let at = number !== null && number < EPOCH_SECONDS_FROM ? Number.NaN : Date.parse(dateOf(body, ...keys) ?? '');
  if (Number.isNaN(at) && inSeconds !== null) at = now + inSeconds * 1000;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Headers as an object, or as a list of `{name, value}` (or `{key, value}`). A value the JSON
 * gives as a number or a boolean (`"x-amz-meta-duration": 3600`, a bucket-key flag `true`) is
 * still a signed header: left out, the storage refuses the PUT's signature.
 */
function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const pairs = isObj(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.filter(isObj).map((entry) => [textOf(entry, 'name', 'key', 'header'), entry.value] as const)
      : [];
  for (const [name, headerValue] of pairs) {
    if (name && (typeof headerValue === 'string' || typeof headerValue === 'boolean' || Number.isFinite(headerValue))) headers[name] = String(headerValue);
  }
  return headers;
}

/** Form fields that say "a form upload": any at all (Uppy and Shrine send `fields: {}` beside a PUT). */
function hasFormFields(body: Obj): boolean {
  return [body.fields, body.form_fields].some((fields) => (isObj(fields) && Object.keys(fields).length > 0) || (Array.isArray(fields) && fields.length > 0));
}

export function toPresignedUpload(raw: unknown, baseUrl: string, now: number): PresignedUpload {
  // `{data: …}` first, then the upload's own object merged in ({upload: {url, headers}, recording: {id}}).
  const outer = unwrap(withSnakeKeys(raw), [...URL_KEYS, ...UPLOAD_OBJECTS], ['data']);
  const nestedUpload = isObj(outer) ? UPLOAD_OBJECTS.map((key) => outer[key]).find(isObj) : undefined;
  const body = isObj(outer) && nestedUpload ? { ...outer, ...nestedUpload } : outer;
  if (!isObj(body)) throw invalid('the upload address');
  // S3's presigned POST: form fields to send with the file. The interface's upload is a PUT of the
  // raw bytes; a PUT to that address would be refused, and each new address is a new recording.
  const method = textOf(body, 'method', 'http_method')?.toUpperCase();
  if ((method !== undefined && method !== 'PUT') || hasFormFields(body)) {
    throw new ApiError('invalid_response', `${FORM_UPLOAD_REFUSED} (${method ?? 'POST'} with form fields); Primer sends it with PUT, as the interface shows.`);
  }
  const urlText = textOf(body, ...URL_KEYS);
  if (urlText === null) throw invalid('the upload address');
  let uploadUrl: string;
  try {
    uploadUrl = new URL(urlText, `${baseUrl}/`).toString();
  } catch {
    throw invalid('a valid upload address');
  }
  if (!/^https?:/.test(uploadUrl)) throw invalid('a valid upload address');
  const nested = isObj(body.recording) ? body.recording : {};
  // The reply's own id before its nested upload's: `{id: 42, upload: {id: 17, url}}` is recording 42
  // with an upload record of its own (Rails' has_one, a Django model), and 17 may be another recording.
  const ownId = nestedUpload && isObj(outer) ? idOf(outer, ...ID_KEYS) : null;
  const recordingId =
    textOf(body, 'recording_id', 'recordingId', 'recording_uuid') ?? idOf(nested, ...ID_KEYS, 'recording_id') ?? ownId ?? idOf(body, ...ID_KEYS);
  if (recordingId === null) throw invalid('the new recording’s id');
  const headers = headersOf(HEADER_LISTS.map((key) => body[key]).find((value) => isObj(value) || Array.isArray(value)));
  // The type the URL was signed for, said beside it rather than among the headers.
  const signedType = textOf(body, 'content_type', 'mime_type');
  const named = (header: string) => Object.keys(headers).some((name) => name.toLowerCase() === header);
  if (signedType !== null && !named('content-type')) headers['Content-Type'] = signedType;
  // Azure's Put Blob refuses any PUT without the blob's type (400 MissingRequiredHeader), and a
  // SAS address is often given bare, as the interface shows it: a recording is one block blob.
  if (isAzureBlobUrl(uploadUrl) && !named('x-ms-blob-type')) headers['x-ms-blob-type'] = 'BlockBlob';
  return { uploadUrl, recordingId, expiresAt: expiryOf(body, now), headers };
}
