/**
 * A typed sender over the content port (port.ts). The port opens on the first request and again
 * after the background went away (a stopped service worker closes it): requests in flight then
 * fail like an unreachable background, and the next one reconnects. `onLost` listeners hear of
 * every port lost or refused: the content runtime then checks whether the extension itself is gone.
 */
import type { z } from 'zod/mini';
import { backgroundUnavailable, checkReply, type Definitions, type ReplyCheck } from './sender';
import { envelope } from './envelope';
import { PortAnswerSchema, type PortLike } from './port';

interface Waiting {
  resolve: (raw: unknown) => void;
  reject: (error: unknown) => void;
  /** The port it was sent on: only that port's closing fails it. */
  via: PortLike;
}

/**
 * Each message's reply schema: all the sending side checks (the background checks the requests),
 * so a content script need not bundle the requests' schemas. `P` (the messages' definitions, for
 * the requests' types) is given explicitly: `createPortSender<typeof protocol>(replies, connect)`.
 */
export type ReplySchemas<P extends Definitions> = { [T in keyof P]: ReplyCheck<z.infer<P[T]['response']>> };

export function createPortSender<P extends Definitions>(replies: ReplySchemas<P>, connect: () => PortLike) {
  let port: PortLike | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  const lostListeners = new Set<() => void>();
  const lost = () => {
    for (const listener of lostListeners) listener();
  };

  /** Fails what was sent on `closed` (only that port's closing fails it). */
  const cut = (closed: PortLike) => {
    if (port === closed) port = null;
    for (const [id, request] of waiting) {
      if (request.via !== closed) continue;
      waiting.delete(id);
      request.reject(backgroundUnavailable(new Error('The port closed.')));
    }
  };

  const open = (): PortLike => {
    const opened = connect();
    opened.onMessage.addListener((message) => {
      const answer = PortAnswerSchema.safeParse(message);
      if (!answer.success) return;
      const request = waiting.get(answer.data.id);
      if (!request) return;
      waiting.delete(answer.data.id);
      request.resolve(answer.data.reply);
    });
    opened.onDisconnect.addListener(() => {
      cut(opened);
      lost();
    });
    return opened;
  };

  /** The open port (opened if need be); throws once the extension is gone from under the page. */
  const ready = (): PortLike => (port ??= open());

  async function send<T extends keyof P & string>(type: T, payload: z.input<P[T]['request']>): Promise<z.infer<P[T]['response']>> {
    const id = nextId++;
    const raw = await new Promise<unknown>((resolve, reject) => {
      const post = (via: PortLike) => {
        waiting.set(id, { resolve, reject, via });
        via.postMessage({ id, message: envelope(type, payload) });
      };
      try {
        const reused = port !== null;
        try {
          post(ready());
        } catch (error) {
          // A port the browser closed before telling the page (a page kept in the back/forward
          // cache, shown again) refuses to post: a new one is opened once.
          if (!reused || !port) throw error;
          // What else was sent on it will not be answered either, whether or not the browser
          // ever says the port closed.
          const closed = port;
          waiting.delete(id);
          cut(closed);
          try {
            closed.disconnect();
          } catch {
            // Already closed: nothing to let go of.
          }
          post(ready());
        }
      } catch (error) {
        // Connecting throws once the extension was reloaded or removed under this page.
        waiting.delete(id);
        port = null;
        reject(backgroundUnavailable(error));
        lost();
      }
    });
    return checkReply<z.infer<P[T]['response']>>(replies[type], raw);
  }

  /**
   * Opens the port ahead of the first request: content scripts call it as they start, so the
   * background (a service worker that may be asleep) wakes while the page is still being read.
   */
  function connectNow(): void {
    try {
      ready();
    } catch {
      // The first request reports it (and tries again).
      port = null;
      lost();
    }
  }

  /** Calls `listener` whenever the port closes or cannot be used; returns how to stop. */
  function onLost(listener: () => void): () => void {
    lostListeners.add(listener);
    return () => lostListeners.delete(listener);
  }

  return Object.assign(send, { connect: connectNow, onLost });
}
