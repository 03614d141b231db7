/**
 * The reply to the presigned-URL request: the upload address, the new recording’s id, its headers and expiry.
 */
import type { PresignedUpload } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, numberOf, textOf, type Obj } from './values';
import { dateOf } from './dates';
import { unwrap } from './envelope';
import { ApiError } from '../errors';

const HEADER_KEYS = new Set(['headers', 'required_headers', 'requiredHeaders']);

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
  const keys = ['expires_at', 'expiresAt', 'expiration', 'expires'];
  const number = numberOf(body, ...keys);
  // A small number under a date's key is a duration (`expires: 3600`), not a moment.
  const inSeconds = number !== null && number < EPOCH_SECONDS_FROM ? number : numberOf(body, 'expires_in', 'expiresIn');
  let at = number !== null && number < EPOCH_SECONDS_FROM ? Number.NaN : Date.parse(dateOf(body, ...keys) ?? '');
  if (Number.isNaN(at) && inSeconds !== null) at = now + inSeconds * 1000;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Headers as an object, or as a list of `{name, value}` (or `{key, value}`). */
function headersOf(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const pairs = isObj(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.filter(isObj).map((entry) => [textOf(entry, 'name', 'key', 'header'), entry.value] as const)
      : [];
  for (const [name, headerValue] of pairs) {
    if (name && typeof headerValue === 'string') headers[name] = headerValue;
  }
  return headers;
}

export function toPresignedUpload(raw: unknown, baseUrl: string, now: number): PresignedUpload {
  const top = withSnakeKeys(raw);
  // {upload: {url, headers}, recording: {id}}: the upload's fields, beside the recording.
  const body = isObj(top) && isObj(top.upload) ? { ...top, ...top.upload } : unwrap(top, ['upload_url', 'url', 'presigned_url', 'uploadUrl'], ['data']);
  if (!isObj(body)) throw invalid('the upload address');
  // S3's presigned POST: form fields to send with the file. The interface's upload is a PUT of the
  // raw bytes; a PUT to that address would be refused, and each new address is a new recording.
  const method = textOf(body, 'method', 'http_method')?.toUpperCase();
  if ((method !== undefined && method !== 'PUT') || isObj(body.fields) || isObj(body.form_fields)) {
    throw new ApiError('invalid_response', `The service asks for the recording as a form upload (${method ?? 'POST'} with form fields); Primer sends it with PUT, as the interface shows.`);
  }
  const urlText = textOf(body, 'upload_url', 'uploadUrl', 'presigned_url', 'presignedUrl', 'signed_url', 'signedUrl', 'put_url', 'url');
  if (urlText === null) throw invalid('the upload address');
  let uploadUrl: string;
  try {
    uploadUrl = new URL(urlText, `${baseUrl}/`).toString();
  } catch {
    throw invalid('a valid upload address');
  }
  if (!/^https?:/.test(uploadUrl)) throw invalid('a valid upload address');
  const nested = isObj(body.recording) ? body.recording : {};
  const recordingId =
    textOf(body, 'recording_id', 'recordingId', 'recording_uuid') ?? idOf(nested, ...ID_KEYS, 'recording_id') ?? idOf(body, ...ID_KEYS);
  if (recordingId === null) throw invalid('the new recording’s id');
  const headers = headersOf(body.headers ?? body.required_headers ?? body.requiredHeaders);
  return { uploadUrl, recordingId, expiresAt: expiryOf(body, now), headers };
}
