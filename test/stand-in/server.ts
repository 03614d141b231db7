/**
 * A local stand-in of the Conversation Intelligence Service: the `/api/v2` API on one port and a
 * presigned-upload origin on another, both bound to the loopback interface only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeApi } from './api-routes.ts';
import type { ApiContext } from './api-routes.ts';
import { isPresetName, resolveDialect, validateDialectPatch } from './dialect.ts';
import type { Dialect, PresetName } from './dialect.ts';
import { defaultCode, HttpError, renderError } from './errors.ts';
import { faultAnswers, faultFromJson, FaultList } from './faults.ts';
import type { Fault } from './faults.ts';
import { isRecord, parseJson, PREFLIGHT_HEADERS, readBody, send, sendJson, sleep } from './http-util.ts';
import { Processor } from './processing.ts';
import { READONLY_API_KEY, SAMPLE_API_KEY } from './sample-data.ts';
import { ServerState } from './state.ts';
import type { StoredRecording } from './state.ts';
import { handleStorage, s3CodeFor, sendXmlError } from './storage-server.ts';
import type { UploadInfo } from './storage-server.ts';
import { publicWebhook, WebhookHub } from './webhooks.ts';
import type { EmittedEvent, WebhookDelivery } from './webhooks.ts';

export type { Dialect, PresetName } from './dialect.ts';
export type { Fault } from './faults.ts';
export type { WebhookDelivery, EmittedEvent } from './webhooks.ts';

export interface StandInOptions {
  /** API port, 0 = random (default 0) */
  port?: number;
  /** presigned-upload origin port, 0 = random (default 0) */
  storagePort?: number;
  /** default '127.0.0.1'; only loopback addresses are accepted */
  host?: string;
  /**
   * Host name written into upload URLs (default: `host`). 'localhost' while binding 127.0.0.1 puts
   * the upload origin on another host than the API, as object storage is, so host permission for
   * it must be asked for separately.
   */
  storageHost?: 'localhost' | '127.0.0.1';
  /** default 'test-key-123' */
  apiKey?: string;
  dialect?: Partial<Dialect> | PresetName;
  /** delay between simulated processing steps (default 400); 0 = steps run on the next turn of the event loop */
  processingStepMs?: number;
  /** where uploaded bytes are written (default: a fresh mkdtemp dir under os.tmpdir(), removed on close) */
  dataDir?: string;
  /** called once per logged request, when its answer is finished (or the connection dropped) */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  server: 'api' | 'storage';
  /** 0 = no answer (connection dropped) or not answered yet */
  status: number;
  /** api: carried a known API key; storage: carried the right upload token */
  authorized: boolean;
  /** Names of the request's headers, lower case (values are not logged: they may hold a key). */
  headerNames: string[];
  at: number;
}

export interface StandIn {
  /** e.g. 'http://127.0.0.1:54321' (no trailing slash, without /api/v2) */
  baseUrl: string;
  /** origin of the upload server, e.g. 'http://127.0.0.1:54322' */
  storageUrl: string;
  apiKey: string;
  /** Replaces the dialect: a preset, or the standard dialect plus overrides. */
  setDialect(d: Partial<Dialect> | PresetName): void;
  /** Back to sample data and the standard dialect; clears faults, logs, uploads, webhooks and events. */
  reset(): void;
  failNext(f: Fault): void;
  /** Drops faults not used up yet (the service "recovers"). */
  clearFaults(): void;
  /** Every request received on both servers, in order (control requests excluded). */
  requests: RequestLogEntry[];
  countRequests(filter?: { method?: string; pathPrefix?: string }): number;
  webhookDeliveries: WebhookDelivery[];
  /** by recording id */
  uploads: Map<string, { bytes: number; contentType: string; path: string }>;
  close(): Promise<void>;
  // ---- additions beyond the brief ----
  /** The current dialect (a copy). */
  readonly dialect: Dialect;
  /** Every event emitted (also those nobody subscribed to), in order. */
  events: EmittedEvent[];
  /** Resolves when every webhook delivery started so far has finished. */
  idle(): Promise<void>;
  readonly dataDir: string;
  /** A recording as stored: what its presigned-url request asked for (fileSize, speakersExpected, title…) included. */
  recording(id: string): StoredRecording | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function origin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function queryRecord(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim() ?? null;
}

function guessContentType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return body.trimStart().startsWith('<') ? 'application/xml' : 'text/plain; charset=utf-8';
  }
}

export async function createStandIn(opts: StandInOptions = {}): Promise<StandIn> {
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`The stand-in only binds loopback addresses (127.0.0.1, localhost, ::1), not "${host}"`);
  const apiKey = opts.apiKey ?? SAMPLE_API_KEY;
  const stepMs = opts.processingStepMs ?? 400;
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'ci-stand-in-'));

  let dialect = resolveDialect(opts.dialect);
  const state = new ServerState();
  const faults = new FaultList();
  const requests: RequestLogEntry[] = [];
  const uploads = new Map<string, UploadInfo>();
  const hub = new WebhookHub();
  const processor = new Processor(
    () => state,
    () => stepMs,
    (type, data) => void hub.publish(type, data),
  );
  let storageUrl = '';

  const errorStyle = (): Dialect['errorStyle'] => dialect.errorStyle;

  function sendApiError(res: ServerResponse, err: HttpError): void {
    const payload = renderError(errorStyle(), err.status, err.code, err.message, err.field);
    send(res, err.status, payload.body, payload.contentType, err.headers);
  }

  function track(req: IncomingMessage, res: ServerResponse, url: URL, server: 'api' | 'storage', authorized: boolean): RequestLogEntry {
    const headerNames = [...new Set(Object.keys(req.headers).map((name) => name.toLowerCase()))];
    const entry: RequestLogEntry = { method: (req.method ?? 'GET').toUpperCase(), path: url.pathname, query: queryRecord(url), server, status: 0, authorized, headerNames, at: Date.now() };
    requests.push(entry);
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      entry.status = res.writableFinished ? res.statusCode : 0;
      opts.onRequest?.(entry);
    };
    res.once('finish', finish);
    res.once('close', finish);
    return entry;
  }

  /** Applies a matching fault; returns true when the request has been answered (or dropped). */
  async function applyFault(req: IncomingMessage, res: ServerResponse, url: URL, server: 'api' | 'storage'): Promise<boolean> {
    const fault = faults.take(req.method ?? 'GET', url.pathname);
    if (fault === undefined) return false;
    if (fault.delayMs !== undefined && fault.delayMs > 0) {
      await sleep(fault.delayMs);
      if (req.socket.destroyed) return true;
    }
    if (fault.dropConnection === true) {
      req.socket.destroy();
      return true;
    }
    if (!faultAnswers(fault)) return false;
    const headers: Record<string, string> = { Connection: 'close' };
    if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
    res.once('finish', () => req.resume());
    req.resume();
    if (fault.body !== undefined) {
      send(res, fault.status, fault.body, guessContentType(fault.body), headers);
    } else if (server === 'storage') {
      for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
      sendXmlError(res, fault.status, s3CodeFor(fault.status), `Injected failure (${fault.status})`, url.pathname);
    } else {
      sendApiError(res, new HttpError(fault.status, defaultCode(fault.status), `Injected failure (${fault.status})`, { headers }));
    }
    return true;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    if (url.pathname.startsWith('/__control/')) {
      await handleControl(req, res, url);
      return;
    }
    const key = bearer(req);
    const role = key === apiKey ? 'full' : key === READONLY_API_KEY ? 'readonly' : null;
    track(req, res, url, 'api', role !== null);
    if (req.method === 'OPTIONS' && !faults.describe().some((f) => f.method?.toUpperCase() === 'OPTIONS')) {
      send(res, 204, '', null, PREFLIGHT_HEADERS);
      return;
    }
    if (await applyFault(req, res, url, 'api')) return;
    if (req.method === 'OPTIONS') {
      send(res, 204, '', null, PREFLIGHT_HEADERS);
      return;
    }
    try {
      if (!url.pathname.startsWith('/api/v2/')) throw new HttpError(404, 'not_found', 'Not Found');
      if (role === null) {
        throw new HttpError(401, 'unauthorized', key === null ? 'Missing API key: send Authorization: Bearer <key>' : 'Invalid API key', {
          headers: { 'WWW-Authenticate': 'Bearer realm="api"' },
        });
      }
      const method = (req.method ?? 'GET').toUpperCase();
      if (role === 'readonly' && method !== 'GET' && method !== 'HEAD') {
        throw new HttpError(403, 'forbidden', 'This API key may only read');
      }
      const ctx: ApiContext = { req, url, dialect, state, storageUrl, uploads, processor, hub };
      const reply = await routeApi(ctx);
      if (reply.text !== undefined) send(res, reply.status, reply.text, 'text/plain; charset=utf-8', reply.headers);
      else if (reply.json !== undefined) sendJson(res, reply.status, reply.json, reply.headers);
      else send(res, reply.status, '', null, reply.headers);
    } catch (err) {
      if (err instanceof HttpError) sendApiError(res, err);
      else {
        console.error('[stand-in] internal error', err);
        sendApiError(res, new HttpError(500, 'internal_error', 'Internal Server Error'));
      }
    }
  }

  async function handleStorageRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const entry = track(req, res, url, 'storage', false);
    if (req.method === 'OPTIONS' && !faults.describe().some((f) => f.method?.toUpperCase() === 'OPTIONS')) {
      send(res, 204, '', null, PREFLIGHT_HEADERS);
      return;
    }
    if (await applyFault(req, res, url, 'storage')) return;
    if (req.method === 'OPTIONS') {
      send(res, 204, '', null, PREFLIGHT_HEADERS);
      return;
    }
    await handleStorage({ state: () => state, uploads, dataDir, setAuthorized: (value) => (entry.authorized = value) }, req, res, url);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const name = url.pathname.slice('/__control/'.length);
    if (method === 'OPTIONS') {
      send(res, 204, '', null, PREFLIGHT_HEADERS);
      return;
    }
    try {
      const body = method === 'POST' ? parseJson(await readBody(req)) : undefined;
      switch (`${method} ${name}`) {
        case 'POST reset':
          standIn.reset();
          sendJson(res, 200, { ok: true });
          return;
        case 'GET dialect':
          sendJson(res, 200, { dialect });
          return;
        case 'POST dialect': {
          if (isRecord(body) && body.preset !== undefined) {
            if (!isPresetName(body.preset)) throw new HttpError(400, 'invalid_request', `Unknown preset ${JSON.stringify(body.preset)}`);
            standIn.setDialect(body.preset);
          } else if (isRecord(body) && body.dialect !== undefined) {
            standIn.setDialect(validateDialectPatch(body.dialect));
          } else if (typeof body === 'string' && isPresetName(body)) {
            standIn.setDialect(body);
          } else {
            throw new HttpError(400, 'invalid_request', 'Send {"preset": name} or {"dialect": {...}}');
          }
          sendJson(res, 200, { dialect });
          return;
        }
        case 'POST fail':
          standIn.failNext(faultFromJson(body));
          sendJson(res, 200, { ok: true, pending: faults.describe() });
          return;
        case 'GET fail':
          sendJson(res, 200, { pending: faults.describe() });
          return;
        case 'GET requests':
          sendJson(res, 200, requests);
          return;
        case 'GET webhooks':
          sendJson(res, 200, {
            webhooks: [...hub.webhooks.values()].map((hook) => publicWebhook(hook, true)),
            deliveries: hub.deliveries,
            events: hub.events,
          });
          return;
        case 'GET uploads':
          sendJson(
            res,
            200,
            [...uploads.entries()].map(([recording_id, info]) => ({ recording_id, ...info })),
          );
          return;
        default:
          sendJson(res, 404, { error: { message: `Unknown control endpoint ${method} ${url.pathname}`, code: 'not_found' } });
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      sendJson(res, err instanceof HttpError ? err.status : 400, { error: { message, code: 'invalid_request' } });
    }
  }

  const onError = (res: ServerResponse) => (err: unknown): void => {
    console.error('[stand-in] unhandled', err);
    if (!res.headersSent) send(res, 500, 'Internal Server Error', 'text/plain; charset=utf-8');
    else res.destroy();
  };
  const apiServer = createServer((req, res) => void handleApi(req, res).catch(onError(res)));
  const storageServer = createServer((req, res) => void handleStorageRequest(req, res).catch(onError(res)));
  // Large uploads are slow on purpose in some tests: do not cut them off.
  storageServer.requestTimeout = 0;

  let apiPort: number;
  let storagePort: number;
  try {
    apiPort = await listen(apiServer, opts.port ?? 0, host);
    storagePort = await listen(storageServer, opts.storagePort ?? 0, host);
  } catch (err) {
    // A port taken: nothing of this stand-in is left behind (the demo then tries other ports).
    apiServer.close();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  storageUrl = origin(opts.storageHost ?? host, storagePort);

  const clearUploads = (): void => {
    for (const info of uploads.values()) rmSync(info.path, { force: true });
    uploads.clear();
  };

  const standIn: StandIn = {
    baseUrl: origin(host, apiPort),
    storageUrl,
    apiKey,
    dataDir,
    requests,
    webhookDeliveries: hub.deliveries,
    events: hub.events,
    uploads,
    recording: (id) => state.recordings.get(id),
    get dialect(): Dialect {
      return { ...dialect };
    },
    setDialect(d) {
      dialect = resolveDialect(d);
    },
    reset() {
      processor.cancelAll();
      state.load();
      dialect = resolveDialect('standard');
      faults.clear();
      requests.length = 0;
      clearUploads();
      hub.reset();
    },
    failNext(f) {
      faults.add(f);
    },
    clearFaults() {
      faults.clear();
    },
    countRequests(filter = {}) {
      const method = filter.method?.toUpperCase();
      return requests.filter((r) => (method === undefined || r.method === method) && (filter.pathPrefix === undefined || r.path.startsWith(filter.pathPrefix))).length;
    },
    idle() {
      return hub.idle();
    },
    async close() {
      processor.cancelAll();
      const closing = [apiServer, storageServer].map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      );
      await Promise.all(closing);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      else clearUploads();
    },
  };
  return standIn;
}
