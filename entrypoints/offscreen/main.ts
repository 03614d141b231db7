/**
 * Chrome's offscreen document for uploads (see lib/upload/transport.ts): sends a file kept in
 * IndexedDB to its presigned URL with XMLHttpRequest and reports progress. It answers only this
 * extension's background, and never holds the API key.
 */
import { browser } from '#imports';
import { ApiError, toErrorInfo } from '@/lib/api/error-info';
import { loadUploadFile } from '@/lib/upload/file-store';
import { OffscreenRequestSchema, type Progress, type PutReply } from '@/lib/upload/offscreen-protocol';
import { MISSING_FILE } from '@/lib/upload/transport';
import { xhrPut } from '@/lib/upload/xhr-put';

// The background saves progress once a second at most; more messages would be thrown away.
const PROGRESS_EVERY_MS = 500;
const running = new Map<string, AbortController>();

async function put(id: string, url: string, contentType: string, headers: Record<string, string>): Promise<PutReply> {
  const controller = new AbortController();
  running.get(id)?.abort();
  running.set(id, controller);
  try {
    const body = await loadUploadFile(id);
    if (!body) throw new ApiError('not_found', MISSING_FILE);
    let last = 0;
    await xhrPut({
      url,
      body,
      contentType,
      headers,
      signal: controller.signal,
      onProgress: (sent) => {
        const now = performance.now();
        if (now - last < PROGRESS_EVERY_MS && sent < body.size) return;
        last = now;
        void browser.runtime.sendMessage({ primer: 'offscreen-progress', id, sent } satisfies Progress).catch(() => undefined);
      },
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  } finally {
    if (running.get(id) === controller) running.delete(id);
  }
}

// Returning the reply's promise is how runtime.onMessage answers asynchronously.
// eslint-disable-next-line @typescript-eslint/no-misused-promises
browser.runtime.onMessage.addListener((message: unknown, sender: { id?: string }) => {
  if (sender.id !== browser.runtime.id) return undefined;
  const request = OffscreenRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  if (request.data.type === 'abort') {
    running.get(request.data.id)?.abort();
    return undefined;
  }
  return put(request.data.id, request.data.url, request.data.contentType, request.data.headers);
});
