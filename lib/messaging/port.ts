/**
 * The content scripts' channel to the background: one long-lived port per page instead of a
 * `runtime.sendMessage` per request. A one-off message opens and closes a channel each time,
 * which cost the page's main thread 0.2-0.5 ms per round trip in Chromium 156; a message on an
 * open port cost about 0.1 ms (measured with a bare extension, renderer main-thread CPU time).
 * Content scripts send on every change of the page they watch, so this is most of a batch's cost.
 *
 * The port carries the same envelopes as `runtime.sendMessage` (checked by the same broker), each
 * with a number so the answer finds its request.
 */
import { z } from 'zod/mini';

export const CONTENT_PORT = 'primer-content';

export const PortRequestSchema = z.object({ id: z.int(), message: z.unknown() });

/**
 * A number, not `z.int()`: the id only picks one of this page's requests (numbered 1, 2, 3…), so a
 * number that is not a whole one reaches none and is ignored, as an answer `z.int()` refused would
 * be. `z.int()`'s code cost every page of the three sites about 0.5 KB gzipped.
 */
export const PortAnswerSchema = z.object({ id: z.number(), reply: z.unknown() });

/** The part of a runtime.Port both ends use (the browser's ports, and fakes in tests). */
export interface PortLike {
  name: string;
  sender?: { id?: string; url?: string; tab?: { id?: number }; frameId?: number; documentId?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}
