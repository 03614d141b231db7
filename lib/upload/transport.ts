/**
 * Where the PUT runs. Chrome's service worker has no XMLHttpRequest (no upload progress) and may be
 * stopped, so the file is sent from an offscreen document, which lives until the upload is done.
 * Firefox's background page has XMLHttpRequest and stays, so it sends the file itself. Either way
 * the file is read from IndexedDB (file-store.ts), streamed from disk.
 */
import { browser } from '#imports';
import { ApiError } from '../api/error-info';
import { errorFromInfo } from '../messaging/sender';
import { loadUploadFile } from './file-store';
import { ProgressSchema, PutReplySchema, type OffscreenRequest } from './offscreen-protocol';
import type { UploadRecord } from './record';
import { xhrPut } from './xhr-put';

export type PutFile = (record: UploadRecord & { uploadUrl: string }, onProgress: (sent: number) => void, signal: AbortSignal) => Promise<void>;

interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
  hasDocument?: () => Promise<boolean>;
}

export function offscreenApi(): OffscreenApi | null {
  return (globalThis as unknown as { chrome?: { offscreen?: OffscreenApi } }).chrome?.offscreen ?? null;
}

const MISSING_FILE = 'The recording’s file is no longer available to Primer; pick it again.';

/** Sends the file from this context (Firefox's background page). */
export const putHere: PutFile = async (record, onProgress, signal) => {
  const body = await loadUploadFile(record.id);
  if (!body) throw new ApiError('not_found', MISSING_FILE);
  await xhrPut({ url: record.uploadUrl, body, contentType: contentTypeOf(record), headers: record.uploadHeaders, onProgress, signal });
};

export function contentTypeOf(record: Pick<UploadRecord, 'file'>): string {
  return record.file.type;
}

/** Sends the file from the offscreen document (Chrome), which is opened for it and closed after. */
export function offscreenPut(api: OffscreenApi): PutFile {
  let active = 0;
  let opening: Promise<void> | null = null;
  const ensure = async () => {
    if (api.hasDocument && (await api.hasDocument())) return;
    opening ??= api
      .createDocument({
        url: 'offscreen.html',
        reasons: ['BLOBS'],
        justification: 'Streams a meeting recording from disk (a Blob kept in IndexedDB) to its upload URL, with progress.',
      })
      .catch((error: unknown) => {
        // Another call opened it first.
        if (!String(error).includes('single offscreen')) throw error;
      })
      .finally(() => (opening = null));
    await opening;
  };
  return async (record, onProgress, signal) => {
    active++;
    const onMessage = (message: unknown) => {
      const progress = ProgressSchema.safeParse(message);
      if (progress.success && progress.data.id === record.id) onProgress(progress.data.sent);
    };
    const onAbort = () => void browser.runtime.sendMessage({ primer: 'offscreen', type: 'abort', id: record.id } satisfies OffscreenRequest).catch(() => undefined);
    try {
      await ensure();
      browser.runtime.onMessage.addListener(onMessage);
      signal.addEventListener('abort', onAbort, { once: true });
      const request: OffscreenRequest = { primer: 'offscreen', type: 'put', id: record.id, url: record.uploadUrl, contentType: contentTypeOf(record), headers: record.uploadHeaders };
      const reply = PutReplySchema.safeParse(await browser.runtime.sendMessage(request));
      if (!reply.success) throw new ApiError('invalid_response', 'The upload page sent an unexpected reply.');
      if (!reply.data.ok) throw errorFromInfo(reply.data.error);
    } finally {
      signal.removeEventListener('abort', onAbort);
      browser.runtime.onMessage.removeListener(onMessage);
      // The document is only kept while something is being sent.
      if (--active === 0) await api.closeDocument().catch(() => undefined);
    }
  };
}

export function createPutFile(): PutFile {
  const api = offscreenApi();
  return api ? offscreenPut(api) : putHere;
}

export { MISSING_FILE };
