/**
 * The upload origin: answers presigned `PUT /upload/:id?token&expires` like object storage does,
 * with S3-style XML errors. Bodies are streamed to a file, never held in memory.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3ErrorXml } from './errors.ts';
import { send } from './http-util.ts';
import type { ServerState } from './state.ts';

export interface UploadInfo {
  bytes: number;
  contentType: string;
  path: string;
}

export interface StorageContext {
  state(): ServerState;
  uploads: Map<string, UploadInfo>;
  dataDir: string;
  /** Marks the request as carrying a valid signature (for the request log). */
  setAuthorized(value: boolean): void;
}

/** Largest single PUT accepted, as S3. */
export const MAX_PUT_BYTES = 5 * 1024 ** 3;

export function sendXmlError(res: ServerResponse, status: number, code: string, message: string, resource?: string): void {
  send(res, status, s3ErrorXml(code, message, resource), 'application/xml');
}

/** Default S3 code for a fault status. */
export function s3CodeFor(status: number): string {
  if (status === 403) return 'AccessDenied';
  if (status === 404) return 'NoSuchKey';
  if (status === 400) return 'InvalidRequest';
  if (status === 503) return 'SlowDown';
  if (status === 429) return 'SlowDown';
  return 'InternalError';
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Rejects a PUT without reading its body; the body is drained so the client can read the answer. */
function reject(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, resource: string): void {
  res.setHeader('Connection', 'close');
  sendXmlError(res, status, code, message, resource);
  req.resume();
}

export async function handleStorage(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const match = /^\/upload\/([^/]+)$/.exec(url.pathname);
  if (match === null) {
    sendXmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
    return;
  }
  if (req.method !== 'PUT') {
    res.setHeader('Allow', 'PUT');
    sendXmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname);
    return;
  }
  const id = decodeURIComponent(match[1] ?? '');
  const resource = url.pathname;
  if (req.headers.authorization !== undefined) {
    reject(
      req,
      res,
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      resource,
    );
    return;
  }
  const recording = ctx.state().recordings.get(id);
  const ticket = recording?.upload;
  const token = url.searchParams.get('token') ?? '';
  const expiresParam = url.searchParams.get('expires') ?? '';
  if (recording === undefined || ticket === undefined) {
    reject(req, res, 403, 'AccessDenied', 'Access Denied', resource);
    return;
  }
  const tokenOk = sameSecret(token, ticket.token);
  ctx.setAuthorized(tokenOk);
  const expires = Number(expiresParam);
  const now = Date.now();
  if (!Number.isFinite(expires) || expires < now || ticket.expires < now) {
    reject(req, res, 403, 'AccessDenied', 'Request has expired', resource);
    return;
  }
  if (!tokenOk || expires !== ticket.expires) {
    reject(req, res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', resource);
    return;
  }
  const contentType = (req.headers['content-type'] ?? '').trim();
  if (contentType !== ticket.contentType) {
    ctx.setAuthorized(false);
    reject(
      req,
      res,
      403,
      'SignatureDoesNotMatch',
      `The request signature we calculated does not match the signature you provided. Check your key and signing method. (Content-Type "${contentType}" was sent; the URL was signed for "${ticket.contentType}".)`,
      resource,
    );
    return;
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_PUT_BYTES) {
    reject(req, res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.', resource);
    return;
  }

  const path = join(ctx.dataDir, `${id}.upload`);
  const hash = createHash('md5');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(req, counter, createWriteStream(path, { flags: 'w' }));
  } catch {
    // The client went away mid-upload: nothing is stored.
    if (!res.headersSent && !res.destroyed) sendXmlError(res, 400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.', resource);
    return;
  }
  ctx.uploads.set(id, { bytes, contentType, path });
  send(res, 200, '', null, { ETag: `"${hash.digest('hex')}"` });
}
