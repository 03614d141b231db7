/**
 * Chrome's offscreen document for uploads (see lib/upload/transport.ts): receives the File the
 * popup picked (hand-over), has the background start the upload, keeps a copy for resumption,
 * and sends the File to its presigned URL with XMLHttpRequest when the background asks, reporting
 * progress. It outlives the popup and a restarting service worker. It answers only this
 * extension, and never holds the API key.
 */
import { browser } from '#imports';
import { toErrorInfo } from '@/lib/api/error-info';
import { sendRequest } from '@/lib/messaging/send';
import { FileSender } from '@/lib/upload/file-sender';
import { receiveHandOvers } from '@/lib/upload/hand-over-receiver';
import { HeldFiles } from '@/lib/upload/held-files';
import { OffscreenRequestSchema, type Progress, type PutReply, type StatusReply } from '@/lib/upload/offscreen-protocol';

// The background saves progress once a second at most; more messages would be thrown away.
const PROGRESS_EVERY_MS = 500;

const held = new HeldFiles();
const sender = new FileSender(held);
const handOvers = receiveHandOvers({ held, start: (id, file, meta) => sendRequest('upload.start', { id, file, meta }) });

/** One reporter per upload: a restarted background joining a PUT must not double its reports. */
const reporters = new Map<string, (sent: number) => void>();
function reportProgress(id: string): (sent: number) => void {
  let reporter = reporters.get(id);
  if (!reporter) {
    let last = -Infinity;
    reporter = (sent) => {
      const now = performance.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void browser.runtime.sendMessage({ primer: 'offscreen-progress', id, sent } satisfies Progress).catch(() => undefined);
    };
    reporters.set(id, reporter);
  }
  return reporter;
}

// Answered through `sendResponse` (returning true keeps it open for the PUT): the form Chrome's own
// API and Firefox's both accept, so this page does not need the polyfill's promise-returning
// listeners (wxt.config.ts builds the extension's pages on the browser's own API).
browser.runtime.onMessage.addListener((message: unknown, from: { id?: string }, sendResponse: (reply: unknown) => void) => {
  if (from.id !== browser.runtime.id) return undefined;
  const request = OffscreenRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  switch (request.data.type) {
    case 'put': {
      const { id, url, contentType, headers } = request.data;
      void sender
        .send({ id, url, contentType, headers }, reportProgress(id))
        .finally(() => reporters.delete(id))
        .then(
          (): PutReply => ({ ok: true }),
          (error: unknown): PutReply => ({ ok: false, error: toErrorInfo(error) }),
        )
        .then(sendResponse)
        // The asker is gone (the background restarted): it finds the upload's state on its own.
        .catch(() => undefined);
      return true;
    }
    case 'abort':
      sender.abort(request.data.id);
      return undefined;
    case 'release':
      held.release(request.data.id);
      sender.forget(request.data.id);
      return undefined;
    case 'status':
      sendResponse({ sending: sender.sending(), busy: sender.busy || held.busy || handOvers.busy } satisfies StatusReply);
      return undefined;
  }
});
