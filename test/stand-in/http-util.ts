/** Small helpers shared by the API and the upload servers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, ETag, Location, WWW-Authenticate',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

export function send(res: ServerResponse, status: number, body: string, contentType: string | null, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  const all: Record<string, string> = { ...CORS_HEADERS, ...headers };
  if (contentType !== null && body !== '') all['Content-Type'] = contentType;
  all['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(status, all);
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), 'application/json', headers);
}

/** Reads a small request body (JSON bodies of the API); larger than `limit` bytes → 413. */
export function readBody(req: IncomingMessage, limit = 1_048_576): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, 'payload_too_large', `Request body larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

/** Parses a JSON body; invalid JSON → 400 invalid_request. An empty body is `undefined`. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_request', 'Request body is not valid JSON');
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
