/**
 * The offscreen document's side of offscreen-protocol.ts (Chrome): sends a held file when the
 * background asks, reporting progress; stops or lets go of one; says what it is doing. Only the
 * background's service worker is answered (fromBackground).
 */
import { browser } from '#imports';
import { toErrorInfo } from '../api/error-info';
import type { FileSender } from './file-sender';
import type { HeldFiles } from './held-files';
import { fromBackground, OffscreenRequestSchema, type Progress, type PutReply, type StatusReply } from './offscreen-protocol';

// The background saves progress once a second at most; more messages would be thrown away.
const PROGRESS_EVERY_MS = 500;

export interface OffscreenRequestDeps {
  held: Pick<HeldFiles, 'release' | 'busy'>;
  sender: Pick<FileSender, 'send' | 'abort' | 'forget' | 'sending' | 'busy'>;
  /** Work of the document's own the background cannot see (a hand-over being started). */
  busy: () => boolean;
}

/** Answers the background's requests; returns how to stop. */
export function answerBackground({ held, sender, busy }: OffscreenRequestDeps): () => void {
  /** One reporter per upload: a restarted background joining a PUT must not double its reports. */
  const reporters = new Map<string, (sent: number) => void>();
  const reportProgress = (id: string): ((sent: number) => void) => {
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
  };

  // Answered through `sendResponse` (returning true keeps it open for the PUT): the form Chrome's own
  // API and Firefox's both accept, so this page does not need the polyfill's promise-returning
  // listeners (wxt.config.ts builds the extension's pages on the browser's own API).
  const listener = (message: unknown, from: Parameters<typeof fromBackground>[0], sendResponse: (reply: unknown) => void): true | undefined => {
    if (!fromBackground(from)) return undefined;
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
        sendResponse({ sending: sender.sending(), busy: sender.busy || held.busy || busy() } satisfies StatusReply);
        return undefined;
    }
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
