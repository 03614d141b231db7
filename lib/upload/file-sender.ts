/**
 * Sends held files (held-files.ts) to their presigned URLs, in the context that holds them. One PUT
 * per upload at a time: asked again for the same upload and URL while it runs (a restarted
 * background resuming what it finds in `uploading`), it joins the PUT already on its way instead
 * of starting the file over from byte 0; asked after that PUT succeeded (the background that
 * asked was gone before the answer came), it answers at once. A new URL replaces the PUT.
 */
import { ApiError } from '../api/error-info';
import type { HeldFiles } from './held-files';
import { xhrPut, type PutRequest } from './xhr-put';
import { MISSING_FILE } from './record';

export { MISSING_FILE } from './record';

export interface SendRequest {
  id: string;
  url: string;
  contentType: string;
  headers: Record<string, string>;
}

interface Sending {
  url: string;
  controller: AbortController;
  listeners: Set<(sent: number) => void>;
  done: Promise<void>;
}

export class FileSender {
  readonly #held: HeldFiles;
  readonly #put: (request: PutRequest) => Promise<void>;
  readonly #running = new Map<string, Sending>();
  /** PUTs that succeeded, by upload, until the background lets go of the file: id → URL. */
  readonly #sent = new Map<string, string>();

  constructor(held: HeldFiles, put: (request: PutRequest) => Promise<void> = xhrPut) {
    this.#held = held;
    this.#put = put;
  }

  /** Sends the file of `request.id`, or joins its PUT already on the way to the same URL. */
  send(request: SendRequest, onProgress: (sent: number) => void): Promise<void> {
    if (this.#sent.get(request.id) === request.url) return Promise.resolve();
    const running = this.#running.get(request.id);
    if (running?.url === request.url) {
      running.listeners.add(onProgress);
      return running.done;
    }
    running?.controller.abort();
    const sending: Sending = { url: request.url, controller: new AbortController(), listeners: new Set([onProgress]), done: Promise.resolve() };
    sending.done = this.#send(request, sending).finally(() => {
      if (this.#running.get(request.id) === sending) this.#running.delete(request.id);
    });
    this.#running.set(request.id, sending);
    return sending.done;
  }

  abort(id: string): void {
    this.#running.get(id)?.controller.abort();
  }

  /** The uploads being sent now, or sent and not yet let go of, and where to. */
  sending(): { id: string; url: string }[] {
    return [...[...this.#running].map(([id, { url }]) => ({ id, url })), ...[...this.#sent].map(([id, url]) => ({ id, url }))];
  }

  /** The background has the PUT's outcome (or dropped the upload): nothing more to remember. */
  forget(id: string): void {
    this.#sent.delete(id);
  }

  get busy(): boolean {
    return this.#running.size > 0;
  }

  async #send(request: SendRequest, sending: Sending): Promise<void> {
    const body = await this.#held.body(request.id);
    if (!body) throw new ApiError('not_found', MISSING_FILE);
    try {
      await this.#put({
        url: request.url,
        body,
        contentType: request.contentType,
        headers: request.headers,
        signal: sending.controller.signal,
        onProgress: (sent) => {
          for (const listener of sending.listeners) listener(sent);
        },
      });
    } catch (error) {
      // Not sent (and not replaced by a PUT to a new URL): the upload may be retried later,
      // perhaps after this context has gone.
      if (this.#running.get(request.id) === sending) void this.#held.keep(request.id);
      throw error;
    }
    // Stored at the URL: this file is never sent again.
    this.#sent.set(request.id, request.url);
    this.#held.release(request.id);
  }
}
