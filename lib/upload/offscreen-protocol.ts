/**
 * Messages between the background and the offscreen document that sends files on Chrome. The
 * offscreen document never sees the API key: the PUT to a presigned URL carries none.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';

/** The offscreen document's page, and the background's service worker as WXT builds it (manifest background.service_worker). */
export const OFFSCREEN_PAGE = 'offscreen.html';
const BACKGROUND_SCRIPT = 'background.js';

interface Sender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/**
 * Whether a message to the offscreen document comes from the background's service worker. Chrome
 * counts content scripts and every page of the extension as the extension too: one of them could
 * otherwise have the document send a held recording to any URL, stop or drop uploads, or read
 * their presigned URLs. Chrome gave a service worker's messages no URL at all before
 * w3c/webextensions#851; every document's messages have one, and a content script's have a tab.
 */
export function fromBackground(sender: Sender): boolean {
  return sender.id === browser.runtime.id && sender.tab === undefined && (sender.url === undefined || sender.url === browser.runtime.getURL(`/${BACKGROUND_SCRIPT}`));
}

/** Whether a message to the background comes from the offscreen document (its progress reports). */
export function fromOffscreenDocument(sender: Sender): boolean {
  return sender.id === browser.runtime.id && sender.tab === undefined && sender.url === browser.runtime.getURL(`/${OFFSCREEN_PAGE}`);
}

export const OffscreenRequestSchema = z.discriminatedUnion('type', [
  /** Send the file of `id` (or join the PUT already sending it to `url`). */
  z.object({
    primer: z.literal('offscreen'),
    type: z.literal('put'),
    id: z.string(),
    url: z.string(),
    contentType: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  z.object({ primer: z.literal('offscreen'), type: z.literal('abort'), id: z.string() }),
  /** What the document is doing: asked before closing it, and by a restarted background. */
  z.object({ primer: z.literal('offscreen'), type: z.literal('status') }),
  /** The file of `id` will not be sent again (sent, or the upload removed). */
  z.object({ primer: z.literal('offscreen'), type: z.literal('release'), id: z.string() }),
]);
export type OffscreenRequest = z.infer<typeof OffscreenRequestSchema>;

export const PutReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type PutReply = z.infer<typeof PutReplySchema>;

export const StatusReplySchema = z.object({
  /** The PUTs on their way, or done and not yet let go of (their background may have missed the answer). */
  sending: z.array(z.object({ id: z.string(), url: z.string() })),
  /** Anything the document must stay open for: a PUT, a hand-over being started, a copy being kept. */
  busy: z.boolean(),
});
export type StatusReply = z.infer<typeof StatusReplySchema>;

export const ProgressSchema = z.object({ primer: z.literal('offscreen-progress'), id: z.string(), sent: z.number() });
export type Progress = z.infer<typeof ProgressSchema>;
