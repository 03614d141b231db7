/**
 * Where recordings are received and sent. Chrome's service worker has no XMLHttpRequest (no
 * upload progress), cannot receive a File from the popup, and may be stopped at any time, so an
 * offscreen document does both: it is handed the picked File (hand-over.ts) and sends it
 * (file-sender.ts), and it lives on while the worker restarts. Firefox's background page has all
 * of that and stays, so it does the same itself.
 */
import { browser } from '#imports';
import { ApiError } from '../api/error-info';
import { createStayAwake } from '../background/stay-awake';
import { errorFromInfo } from '../messaging/sender';
import type { FileSender } from './file-sender';
import type { HeldFiles } from './held-files';
import { OffscreenDocument, type OffscreenApi } from './offscreen-document';
import { fromOffscreenDocument, ProgressSchema, PutReplySchema, StatusReplySchema, type OffscreenRequest, type Progress, type StatusReply } from './offscreen-protocol';
import type { UploadRecord } from './record';

export type PutFile = (record: UploadRecord & { uploadUrl: string }, onProgress: (sent: number) => void, signal: AbortSignal) => Promise<void>;

// Properties, not methods: the background passes them around on their own.
export interface UploadTransport {
  put: PutFile;
  /**
   * Whether the file of upload `id` is on its way to `url` (or already stored there), sent by a
   * context that outlived this background (the offscreen document, when the service worker restarted).
   */
  sending: (id: string, url: string) => Promise<boolean>;
  /** Gets the receiver of hand-overs ready for the popup (Chrome: opens the offscreen document for a while). */
  prepare: () => Promise<void>;
  /** The file of `id` will not be sent again: whoever holds it lets go. */
  release: (id: string) => Promise<void>;
  /** At start-up: nothing left open that nothing needs. */
  tidy: () => Promise<void>;
}

export function offscreenApi(): OffscreenApi | null {
  return (globalThis as unknown as { chrome?: { offscreen?: OffscreenApi } }).chrome?.offscreen ?? null;
}

/**
 * The type the PUT says: the one the service's presigned reply names among the headers to send,
 * when it names one (a URL signed for `audio/mpeg` refuses the `audio/mp3` the file was picked as),
 * else the file's.
 */
export function contentTypeOf(record: Pick<UploadRecord, 'file' | 'uploadHeaders'>): string {
  const named = Object.entries(record.uploadHeaders).find(([name, value]) => name.toLowerCase() === 'content-type' && value.trim() !== '');
  return named ? named[1].trim() : record.file.type;
}

/** How the background talks to the offscreen document (runtime messages; fakes in unit tests). */
export interface OffscreenChannel {
  ask(request: OffscreenRequest): Promise<unknown>;
  /** Listens for the document's progress reports; returns how to stop. */
  onProgress(listener: (progress: Progress) => void): () => void;
}

export function runtimeChannel(): OffscreenChannel {
  return {
    ask: (request) => browser.runtime.sendMessage(request),
    onProgress: (listener) => {
      // Only the document's own reports: a content script must not move an upload's progress.
      const onMessage = (message: unknown, sender: Parameters<typeof fromOffscreenDocument>[0]) => {
        if (!fromOffscreenDocument(sender)) return;
        const progress = ProgressSchema.safeParse(message);
        if (progress.success) listener(progress.data);
      };
      browser.runtime.onMessage.addListener(onMessage);
      return () => browser.runtime.onMessage.removeListener(onMessage);
    },
  };
}

/** A popup that picked a file may take a while to click Upload; it renews this while open. */
export const HAND_OVER_HOLD_MS = 60_000;

/** The alarm that wakes the worker after a hand-over hold, to close the offscreen document if idle. */
export const OFFSCREEN_TIDY_ALARM = 'primer-offscreen-tidy';

function wakeWithAlarm(when: number): void {
  browser.alarms.create(OFFSCREEN_TIDY_ALARM, { when }).catch(() => undefined);
}

/** Chrome: the offscreen document receives and sends; the background steers it. */
export function offscreenTransport(
  api: OffscreenApi,
  channel: OffscreenChannel = runtimeChannel(),
  now: () => number = Date.now,
  wakeAt: (when: number) => void = wakeWithAlarm,
  ping: () => Promise<unknown> = () => browser.runtime.getPlatformInfo(),
): UploadTransport {
  const status = async (): Promise<StatusReply | null> => {
    const reply = StatusReplySchema.safeParse(await channel.ask({ primer: 'offscreen', type: 'status' }).catch(() => null));
    return reply.success ? reply.data : null;
  };
  const document = new OffscreenDocument({ api, status, now, later: (run, ms) => void setTimeout(run, ms), wakeAt });
  const isOpen = async () => (api.hasDocument ? api.hasDocument() : true);
  // Awaiting the document's answer is no event to Chrome, and a PUT can be silent for minutes (a
  // dead connection until xhr-put's stall watchdog, storage slow to answer after the last byte):
  // without pings the worker is stopped under it and the outcome is answered to no one.
  const awake = createStayAwake(ping);

  return {
    put: (record, onProgress, signal) =>
      awake(() =>
        document.use(async () => {
          const stop = channel.onProgress((progress) => progress.id === record.id && onProgress(progress.sent));
          const onAbort = () => void channel.ask({ primer: 'offscreen', type: 'abort', id: record.id }).catch(() => undefined);
          signal.addEventListener('abort', onAbort, { once: true });
          try {
            if (signal.aborted) throw new ApiError('aborted', 'The upload was cancelled.');
            const request: OffscreenRequest = { primer: 'offscreen', type: 'put', id: record.id, url: record.uploadUrl, contentType: contentTypeOf(record), headers: record.uploadHeaders };
            // No answer at all: the document closed or crashed mid-way (Chrome may close it). Worth
            // another try, which opens it again and sends from the kept copy if there is one.
            const answer = await channel.ask(request).catch((cause: unknown) => {
              throw new ApiError('network', 'The page that sends recordings stopped answering.', { cause });
            });
            const reply = PutReplySchema.safeParse(answer);
            if (!reply.success) throw new ApiError('invalid_response', 'The upload page sent an unexpected reply.');
            if (!reply.data.ok) throw errorFromInfo(reply.data.error);
          } finally {
            signal.removeEventListener('abort', onAbort);
            stop();
          }
        }),
      ),
    sending: async (id, url) => (await isOpen()) && ((await status())?.sending.some((entry) => entry.id === id && entry.url === url) ?? false),
    prepare: () => document.holdFor(HAND_OVER_HOLD_MS),
    release: async (id) => {
      if (await isOpen()) await channel.ask({ primer: 'offscreen', type: 'release', id }).catch(() => undefined);
    },
    tidy: () => document.closeIfIdle(),
  };
}

/**
 * Firefox: this background page receives and sends itself. It is a persistent (MV2) page, never
 * stopped for being idle, so a quiet PUT needs no pings to keep it (unlike Chrome's worker above).
 */
export function localTransport(held: HeldFiles, sender: FileSender): UploadTransport {
  return {
    put: async (record, onProgress, signal) => {
      if (signal.aborted) throw new ApiError('aborted', 'The upload was cancelled.');
      const onAbort = () => sender.abort(record.id);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        await sender.send({ id: record.id, url: record.uploadUrl, contentType: contentTypeOf(record), headers: record.uploadHeaders }, onProgress);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
    sending: (id, url) => Promise.resolve(sender.sending().some((entry) => entry.id === id && entry.url === url)),
    prepare: () => Promise.resolve(),
    release: (id) => {
      held.release(id);
      sender.forget(id);
      return Promise.resolve();
    },
    tidy: () => Promise.resolve(),
  };
}
