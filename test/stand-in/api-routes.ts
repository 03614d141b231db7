/** The `/api/v2` endpoints of the stand-in, answered in the current dialect. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Dialect } from './dialect.ts';
import { HttpError } from './errors.ts';
import { isRecord, parseJson, readBody } from './http-util.ts';
import type { Processor } from './processing.ts';
import {
  renderContact,
  renderContactInsights,
  renderPresigned,
  renderRecording,
  renderRecordingInsights,
  renderStatus,
  renderTranscript,
} from './render.ts';
import type { Json, JsonObject } from './render.ts';
import type { Contact, Participant } from './sample-data.ts';
import type { ServerState, StoredRecording } from './state.ts';
import type { UploadInfo } from './storage-server.ts';
import { publicWebhook } from './webhooks.ts';
import type { WebhookHub } from './webhooks.ts';

export interface ApiContext {
  req: IncomingMessage;
  url: URL;
  dialect: Dialect;
  state: ServerState;
  storageUrl: string;
  uploads: Map<string, UploadInfo>;
  processor: Processor;
  hub: WebhookHub;
}

export interface Reply {
  status: number;
  json?: Json | Record<string, unknown>;
  text?: string;
  headers?: Record<string, string>;
}

type Handler = (ctx: ApiContext, params: string[]) => Reply | Promise<Reply>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export const UPLOAD_URL_TTL_MS = 15 * 60_000;
export const MAX_FILE_SIZE = 5 * 1024 ** 3;
const VIDEO_TYPES = new Set(['video/mp4', 'video/webm']);
const SORT_FIELDS = ['meeting_date', 'title', 'created_at'] as const;

function notFound(what: string): HttpError {
  return new HttpError(404, 'not_found', `${what} not found`);
}

/** The path exists in some dialects but not in the current one: answer as for an unknown path. */
function noSuchPath(): HttpError {
  return new HttpError(404, 'not_found', 'Not Found');
}

function intParam(q: URLSearchParams, name: string, fallback: number): number {
  const raw = q.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new HttpError(400, 'invalid_request', `${name} must be a non-negative integer`, { field: name });
  return Number(raw.trim());
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

async function jsonBody(ctx: ApiContext): Promise<Record<string, unknown>> {
  // The interface (§1) sends JSON bodies with this header: a client that leaves it out is refused,
  // as a strict server would, so the tests show Primer sends it.
  const type = ctx.req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json');
  }
  const parsed = parseJson(await readBody(ctx.req));
  if (!isRecord(parsed)) throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  return parsed;
}

function getRecording(ctx: ApiContext, id: string): StoredRecording {
  const recording = ctx.state.recordings.get(id);
  if (recording === undefined) throw notFound('Recording');
  return recording;
}

function getContact(ctx: ApiContext, id: string): Contact {
  const contact = ctx.state.contactById.get(id);
  if (contact === undefined) throw notFound('Contact');
  return contact;
}

// ---------- recordings ----------

function listRecordings(ctx: ApiContext): Reply {
  const q = ctx.url.searchParams;
  const limit = clamp(intParam(q, 'limit', 20), 1, 100);
  const offset = intParam(q, 'offset', 0);
  const sort = q.get('sort') ?? 'meeting_date:desc';
  const [field, direction, extra] = sort.split(':');
  if (extra !== undefined || !(SORT_FIELDS as readonly (string | undefined)[]).includes(field) || (direction !== 'asc' && direction !== 'desc')) {
    throw new HttpError(400, 'invalid_request', `Invalid sort "${sort}"; use <field>:<asc|desc> with field one of ${SORT_FIELDS.join(', ')}`, { field: 'sort' });
  }
  const contactId = q.get('contact_id');
  let list = [...ctx.state.recordings.values()];
  if (contactId !== null && contactId !== '') {
    list = list.filter((r) => r.primary_contact_id === contactId || r.participants.some((p) => p.contact_id === contactId));
  }
  const key = (r: StoredRecording): string | number => (field === 'title' ? r.title.toLowerCase() : Date.parse(field === 'created_at' ? r.created_at : r.meeting_date));
  const sign = direction === 'asc' ? 1 : -1;
  list.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * sign;
  });
  return {
    status: 200,
    json: { recordings: list.slice(offset, offset + limit).map((r) => renderRecording(ctx.dialect, r, { detail: false })), total: list.length, limit, offset },
  };
}

function getRecordingDetail(ctx: ApiContext, [id]: string[]): Reply {
  return { status: 200, json: renderRecording(ctx.dialect, getRecording(ctx, id ?? ''), { detail: true }) };
}

function notReady(recording: StoredRecording, what: string): HttpError {
  return new HttpError(404, 'not_ready', `${what} is not ready: the recording is ${recording.status}`);
}

function getTranscript(ctx: ApiContext, [id]: string[]): Reply {
  const recording = getRecording(ctx, id ?? '');
  if (recording.status !== 'completed' || recording.transcript === null) throw notReady(recording, 'The transcript');
  const reply = renderTranscript(ctx.dialect, recording.id, recording.transcript);
  return reply.kind === 'json' ? { status: 200, json: reply.body } : { status: 200, text: reply.body };
}

function recordingInsights(route: 'insights-path' | 'recording-path'): Handler {
  return (ctx, [id]) => {
    if (ctx.dialect.recordingInsights !== route) throw noSuchPath();
    const recording = getRecording(ctx, id ?? '');
    if (recording.status !== 'completed' || recording.insights === null) throw notReady(recording, 'Insights');
    return { status: 200, json: renderRecordingInsights(ctx.dialect, recording.id, recording.insights) };
  };
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, 'invalid_request', `${key} must be a string`, { field: key });
  return value;
}

function optionalInteger(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new HttpError(400, 'invalid_request', `${key} must be a non-negative integer`, { field: key });
  }
  return value;
}

async function presignedUrl(ctx: ApiContext): Promise<Reply> {
  const body = await jsonBody(ctx);
  const filename = optionalString(body, 'filename');
  const contentType = optionalString(body, 'content_type');
  if (filename === undefined || filename.trim() === '') throw new HttpError(400, 'invalid_request', 'filename is required', { field: 'filename' });
  if (contentType === undefined || contentType.trim() === '') throw new HttpError(400, 'invalid_request', 'content_type is required', { field: 'content_type' });
  const type = contentType.trim().toLowerCase();
  if (!type.startsWith('audio/') && !VIDEO_TYPES.has(type)) {
    throw new HttpError(415, 'unsupported_media_type', `content_type "${contentType}" is not supported; send an audio/* type, video/mp4 or video/webm`, {
      field: 'content_type',
    });
  }
  const fileSize = optionalInteger(body, 'file_size');
  if (fileSize !== undefined && fileSize > MAX_FILE_SIZE) {
    throw new HttpError(413, 'file_too_large', `file_size ${fileSize} exceeds the maximum of ${MAX_FILE_SIZE} bytes (5 GiB)`, { field: 'file_size' });
  }
  const speakers = optionalInteger(body, 'speakers_expected');
  const title = optionalString(body, 'title');
  const meetingDateRaw = optionalString(body, 'meeting_date');
  let meetingDate = new Date().toISOString();
  if (meetingDateRaw !== undefined) {
    const parsed = Date.parse(meetingDateRaw);
    if (Number.isNaN(parsed)) throw new HttpError(400, 'invalid_request', 'meeting_date must be an ISO 8601 timestamp', { field: 'meeting_date' });
    meetingDate = new Date(parsed).toISOString();
  }
  const primaryContactId = optionalString(body, 'primary_contact_id') ?? null;
  const participants: Participant[] = [];
  if (primaryContactId !== null) {
    const contact = ctx.state.contactById.get(primaryContactId);
    if (contact === undefined) throw new HttpError(400, 'invalid_request', `primary_contact_id "${primaryContactId}" is not a known contact`, { field: 'primary_contact_id' });
    participants.push({ contact_id: contact.id, name: contact.name, email: contact.email });
  }
  const now = Date.now();
  const id = randomUUID();
  const expires = ctx.dialect.expireUploadUrls ? now - 60_000 : now + UPLOAD_URL_TTL_MS;
  const recording: StoredRecording = {
    id,
    filename: filename.trim(),
    title: title?.trim() || filename.trim().replace(/\.[^.]+$/, ''),
    meeting_date: meetingDate,
    status: 'uploading',
    progress: 0,
    primary_contact_id: primaryContactId,
    participants,
    duration_seconds: null,
    created_at: new Date(now).toISOString(),
    transcript: null,
    insights: null,
    upload: { token: randomBytes(16).toString('hex'), expires, contentType: contentType.trim() },
    fileSize: fileSize ?? null,
    speakersExpected: speakers ?? null,
  };
  ctx.state.recordings.set(id, recording);
  const ticket = recording.upload;
  const uploadUrl = `${ctx.storageUrl}/upload/${id}?token=${ticket?.token ?? ''}&expires=${expires}`;
  return {
    status: 201,
    json: renderPresigned(ctx.dialect, {
      uploadUrl,
      recording: { ...renderRecording(ctx.dialect, recording, { detail: false }), id },
      expiresAt: expires,
      contentType: contentType.trim(),
      now,
    }),
  };
}

async function completeUpload(ctx: ApiContext): Promise<Reply> {
  const body = await jsonBody(ctx);
  const id = body.recording_id;
  if (typeof id !== 'string' || id.trim() === '') throw new HttpError(400, 'invalid_request', 'recording_id is required', { field: 'recording_id' });
  const recording = getRecording(ctx, id.trim());
  if (recording.status === 'uploading') {
    const upload = ctx.uploads.get(recording.id);
    if (upload === undefined) throw new HttpError(409, 'upload_missing', 'No file has been uploaded to the upload URL of this recording yet');
    ctx.processor.start(recording, upload.bytes);
  }
  return { status: 200, json: { recording_id: recording.id, status: renderStatus(ctx.dialect, recording.status, recording.progress) } };
}

// ---------- contacts ----------

function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

function filterContacts(contacts: readonly Contact[], filters: { email?: string | null; search?: string | null }): Contact[] {
  let list = [...contacts];
  if (filters.email !== undefined && filters.email !== null && filters.email.trim() !== '') {
    const email = normaliseEmail(filters.email);
    list = list.filter((c) => normaliseEmail(c.email) === email);
  }
  if (filters.search !== undefined && filters.search !== null && filters.search.trim() !== '') {
    const needle = filters.search.trim().toLowerCase();
    list = list.filter((c) => c.name.toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle));
  }
  return list;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null) throw new HttpError(400, 'invalid_request', 'cursor is invalid', { field: 'cursor' });
  return Number(match[1]);
}

/** Pages a contact list in the dialect's paging style. */
function pageContacts(ctx: ApiContext, list: readonly Contact[]): JsonObject {
  const q = ctx.url.searchParams;
  const total = list.length;
  switch (ctx.dialect.contactList) {
    case 'items':
    case 'items-pagination': {
      const limit = clamp(intParam(q, 'limit', 50), 1, 100);
      const offset = intParam(q, 'offset', 0);
      const items = list.slice(offset, offset + limit).map(renderContact);
      return ctx.dialect.contactList === 'items' ? { items, total, limit, offset } : { items, pagination: { total, limit, offset } };
    }
    case 'items-page': {
      const page = intParam(q, 'page', 1);
      if (page < 1) throw new HttpError(400, 'invalid_request', 'page must be 1 or more', { field: 'page' });
      const perPage = clamp(intParam(q, 'per_page', 50), 1, 100);
      const start = (page - 1) * perPage;
      return { items: list.slice(start, start + perPage).map(renderContact), page, per_page: perPage, total_pages: Math.ceil(total / perPage) };
    }
    case 'items-cursor': {
      const limit = clamp(intParam(q, 'limit', 50), 1, 100);
      const cursor = q.get('cursor');
      const offset = cursor === null || cursor === '' ? 0 : decodeCursor(cursor);
      const next = offset + limit < total ? encodeCursor(offset + limit) : null;
      return { items: list.slice(offset, offset + limit).map(renderContact), next_cursor: next };
    }
  }
}

function listContacts(ctx: ApiContext): Reply {
  const q = ctx.url.searchParams;
  const lookup = ctx.dialect.contactLookup;
  const list = filterContacts(ctx.state.contacts, {
    email: lookup === 'email-param' ? q.get('email') : null,
    search: lookup === 'ignores-filter' ? null : q.get('search'),
  });
  return { status: 200, json: pageContacts(ctx, list) };
}

function searchContacts(ctx: ApiContext): Reply {
  if (ctx.dialect.contactLookup !== 'search-path') return getContactDetail(ctx, ['search']);
  const q = ctx.url.searchParams;
  const email = q.get('email');
  const search = q.get('q') ?? q.get('search');
  if ((email === null || email.trim() === '') && (search === null || search.trim() === '')) {
    throw new HttpError(400, 'invalid_request', 'Give email or q', { field: 'email' });
  }
  return { status: 200, json: pageContacts(ctx, filterContacts(ctx.state.contacts, { email, search })) };
}

function contactByEmail(ctx: ApiContext, [email]: string[]): Reply {
  if (ctx.dialect.contactLookup !== 'by-email-path') throw noSuchPath();
  const wanted = normaliseEmail(email ?? '');
  const contact = ctx.state.contacts.find((c) => normaliseEmail(c.email) === wanted);
  if (contact === undefined) throw notFound('Contact');
  return { status: 200, json: renderContact(contact) };
}

function getContactDetail(ctx: ApiContext, [id]: string[]): Reply {
  return { status: 200, json: renderContact(getContact(ctx, id ?? '')) };
}

function contactInsights(ctx: ApiContext, [id]: string[]): Reply {
  const contact = getContact(ctx, id ?? '');
  return { status: 200, json: renderContactInsights(ctx.dialect, contact.id, ctx.state.insights.get(contact.id)) };
}

// ---------- webhooks ----------

async function createWebhook(ctx: ApiContext): Promise<Reply> {
  const hook = ctx.hub.create(await jsonBody(ctx));
  return { status: 201, json: publicWebhook(hook, true) };
}

function requireManagement(ctx: ApiContext): void {
  if (ctx.dialect.webhookManagement === 'create-only') {
    throw new HttpError(405, 'method_not_allowed', 'Method Not Allowed', { headers: { Allow: 'POST' } });
  }
}

function listWebhooks(ctx: ApiContext): Reply {
  requireManagement(ctx);
  return { status: 200, json: { items: [...ctx.hub.webhooks.values()].map((hook) => publicWebhook(hook, false)) } };
}

function deleteWebhook(ctx: ApiContext, [id]: string[]): Reply {
  requireManagement(ctx);
  if (!ctx.hub.delete(id ?? '')) throw notFound('Webhook');
  return { status: 204 };
}

function route(method: string, path: string, handler: Handler): Route {
  return { method, segments: path.split('/').filter(Boolean), handler };
}

const ROUTES: Route[] = [
  route('GET', '/api/v2/recordings', listRecordings),
  route('POST', '/api/v2/recordings/presigned-url', presignedUrl),
  route('POST', '/api/v2/recordings/complete-upload', completeUpload),
  route('GET', '/api/v2/recordings/:id', getRecordingDetail),
  route('GET', '/api/v2/recordings/:id/transcript', getTranscript),
  route('GET', '/api/v2/recordings/:id/insights', recordingInsights('recording-path')),
  route('GET', '/api/v2/contacts', listContacts),
  route('GET', '/api/v2/contacts/search', searchContacts),
  route('GET', '/api/v2/contacts/by-email/:email', contactByEmail),
  route('GET', '/api/v2/contacts/:id', getContactDetail),
  route('GET', '/api/v2/insights/contact/:id', contactInsights),
  route('GET', '/api/v2/insights/recording/:id', recordingInsights('insights-path')),
  route('POST', '/api/v2/webhooks', createWebhook),
  route('GET', '/api/v2/webhooks', listWebhooks),
  route('DELETE', '/api/v2/webhooks/:id', deleteWebhook),
];

function matchSegments(pattern: string[], actual: string[]): string[] | null {
  if (pattern.length !== actual.length) return null;
  const params: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? '';
    const a = actual[i] ?? '';
    if (p.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(a);
      } catch {
        return null;
      }
      params.push(decoded);
    } else if (p !== a) return null;
  }
  return params;
}

/** Routes a request under /api/v2 (already authenticated). Throws HttpError for 404/405 and handler errors. */
export async function routeApi(ctx: ApiContext): Promise<Reply> {
  const segments = ctx.url.pathname.split('/').filter(Boolean);
  const method = (ctx.req.method ?? 'GET').toUpperCase();
  const allowed = new Set<string>();
  for (const r of ROUTES) {
    const params = matchSegments(r.segments, segments);
    if (params === null) continue;
    if (r.method === method) return await r.handler(ctx, params);
    allowed.add(r.method);
  }
  if (allowed.size > 0) throw new HttpError(405, 'method_not_allowed', 'Method Not Allowed', { headers: { Allow: [...allowed].join(', ') } });
  throw noSuchPath();
}
