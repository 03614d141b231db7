/**
 * The life of Chrome's offscreen document, as the background sees it. Opening and closing go
 * through one queue, so a close decided when the last PUT ended can never run between a new PUT
 * finding the document open and sending to it. The document is closed only when nothing here
 * uses it, no hand-over hold is running, and the document itself says it is idle (it may still be
 * sending a PUT a previous service worker started, or writing a copy).
 */
import { OFFSCREEN_PAGE, type StatusReply } from './offscreen-protocol';

export interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
  hasDocument?: () => Promise<boolean>;
}

export interface OffscreenDocumentDeps {
  api: OffscreenApi;
  /** The document's own account of what it is doing; null when it does not answer. */
  status(): Promise<StatusReply | null>;
  now(): number;
  /** Runs `run` once after `ms` (setTimeout; the worker may be gone by then, see `closeIfIdle`). */
  later(run: () => void, ms: number): void;
  /**
   * Has the browser start the worker again at `when` (an alarm), whose start runs `closeIfIdle`:
   * a worker stopped during a hand-over hold took its timer with it, and the document stayed open.
   */
  wakeAt?(when: number): void;
}

/** While the document reports work of its own, it is looked at again this often. */
const BUSY_RECHECK_MS = 5000;

export class OffscreenDocument {
  readonly #deps: OffscreenDocumentDeps;
  #queue: Promise<unknown> = Promise.resolve();
  #users = 0;
  #heldUntil = 0;
  /** Whether this worker opened it (for browsers without hasDocument). */
  #opened = false;

  constructor(deps: OffscreenDocumentDeps) {
    this.#deps = deps;
  }

  /** Runs `work` with the document open; it is not closed while any such work runs. */
  async use<T>(work: () => Promise<T>): Promise<T> {
    this.#users++;
    try {
      await this.#serial(() => this.#open());
      return await work();
    } finally {
      this.#users--;
      void this.closeIfIdle();
    }
  }

  /** Opens the document for a hand-over about to come, and keeps it open for at least `ms`. */
  async holdFor(ms: number): Promise<void> {
    this.#heldUntil = Math.max(this.#heldUntil, this.#deps.now() + ms);
    this.#deps.later(() => void this.closeIfIdle(), ms);
    this.#deps.wakeAt?.(this.#heldUntil + 1_000);
    await this.#serial(() => this.#open());
  }

  /**
   * Closes the document when nothing needs it. Also run at start-up: a worker that stopped while
   * holding it open for a hand-over left it open.
   */
  closeIfIdle(): Promise<void> {
    return this.#serial(async () => {
      if (!this.#idleHere() || !(await this.#isOpen())) return;
      const status = await this.#deps.status();
      if (!this.#idleHere()) return;
      if (status?.busy) {
        this.#deps.later(() => void this.closeIfIdle(), BUSY_RECHECK_MS);
        return;
      }
      await this.#deps.api.closeDocument().catch(() => undefined);
      this.#opened = false;
    });
  }

  #idleHere(): boolean {
    return this.#users === 0 && this.#deps.now() >= this.#heldUntil;
  }

  async #isOpen(): Promise<boolean> {
    return this.#deps.api.hasDocument ? this.#deps.api.hasDocument() : this.#opened;
  }

  async #open(): Promise<void> {
    if (await this.#isOpen()) return;
    await this.#deps.api
      .createDocument({
        url: OFFSCREEN_PAGE,
        reasons: ['BLOBS'],
        justification: 'Receives a recording the user picked in the popup and sends it from disk to its upload URL, with progress.',
      })
      .catch((error: unknown) => {
        // Already open (a document left by an earlier worker this one did not know of).
        if (!String(error).includes('single offscreen')) throw error;
      });
    this.#opened = true;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
