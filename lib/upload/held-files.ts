/**
 * The recordings handed over to the context that sends them (Chrome's offscreen document, Firefox's
 * background page; see hand-over.ts). Each is the File the user picked, as the browser gave it: a
 * reference to the file on disk, never read into memory. It is what the PUT sends, at once.
 *
 * A copy is also kept in IndexedDB for one thing only: going on when the File is gone (the
 * document or browser restarted, or the document was closed while the upload waited for a
 * retry). Writing that copy is a second full write of the recording (1–2.5 s per GiB, and a
 * gigabyte of dirty page cache), and written right before the PUT it made the PUT itself take
 * about 1.5 times as long (test/bench/README.md, "Upload A/B experiments"). So it is written only
 * when it may be needed: when the PUT fails or is cancelled (a retry may come after the document
 * is gone), or when the upload is still going KEEP_AFTER_MS after it started (a long upload, which
 * a restart may cut). A PUT that succeeds sooner never has a copy written, and a copy still being
 * written when the file is let go of is stopped. A restarting service worker needs no copy: the
 * document holding the File lives on, and goes on sending it.
 */
import { deleteUploadFile, loadUploadFile, saveUploadFile } from './file-store';

/** Where copies are kept (IndexedDB; a fake in unit tests). `signal`: stop writing, nothing is wanted. */
export interface FileKeeper {
  save(id: string, file: Blob, signal?: AbortSignal): Promise<void>;
  load(id: string): Promise<Blob | null>;
  remove(id: string): Promise<void>;
}

export const indexedDbKeeper: FileKeeper = { save: saveUploadFile, load: loadUploadFile, remove: deleteUploadFile };

/** An upload still going this long after it started gets its copy (see above). */
export const KEEP_AFTER_MS = 10_000;

export interface HeldFilesOptions {
  keepAfterMs?: number;
  /** setTimeout / clearTimeout (fakes in unit tests). */
  later?: (run: () => void, ms: number) => unknown;
  cancel?: (timer: unknown) => void;
}

interface Held {
  file: File;
  /** The copy being written (or written); null until it is started. */
  kept: Promise<void> | null;
  stop: AbortController | null;
  /** The timer that starts the copy, while it is due. */
  due: unknown;
}

export class HeldFiles {
  readonly #keeper: FileKeeper;
  readonly #keepAfterMs: number;
  readonly #later: (run: () => void, ms: number) => unknown;
  readonly #cancel: (timer: unknown) => void;
  readonly #files = new Map<string, Held>();
  #copying = 0;

  constructor(keeper: FileKeeper = indexedDbKeeper, options: HeldFilesOptions = {}) {
    this.#keeper = keeper;
    this.#keepAfterMs = options.keepAfterMs ?? KEEP_AFTER_MS;
    this.#later = options.later ?? ((run, ms) => setTimeout(run, ms));
    this.#cancel = options.cancel ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** Holds the picked file of upload `id`; nothing is read or written yet. */
  hold(id: string, file: File): void {
    if (!this.#files.has(id)) this.#files.set(id, { file, kept: null, stop: null, due: null });
  }

  has(id: string): boolean {
    return this.#files.has(id);
  }

  /**
   * The upload of `id` exists (never before: no copy is written for an upload that was not
   * started): its copy is due KEEP_AFTER_MS from now, unless the file is let go of (sent) first
   * or `keep` starts it sooner.
   */
  keepLater(id: string): void {
    const held = this.#files.get(id);
    if (!held || held.kept || held.due !== null) return;
    held.due = this.#later(() => {
      held.due = null;
      void this.keep(id);
    }, this.#keepAfterMs);
  }

  /**
   * Starts the copy now (once). A copy that cannot be written (disk full) leaves the upload to
   * the held File alone: it still goes out, only a restart would need the file picked again.
   */
  keep(id: string): Promise<void> {
    const held = this.#files.get(id);
    if (!held) return Promise.resolve();
    this.#clearDue(held);
    if (!held.kept) {
      this.#copying++;
      held.stop = new AbortController();
      held.kept = this.#keeper
        .save(id, held.file, held.stop.signal)
        .catch(() => undefined)
        .finally(() => this.#copying--);
    }
    return held.kept;
  }

  /** The body to send: the held File, at once; else the copy kept before a restart; else null. */
  async body(id: string): Promise<Blob | null> {
    const held = this.#files.get(id);
    return held ? held.file : this.#keeper.load(id);
  }

  /**
   * Lets go of the file of upload `id` (sent, or removed): a copy not yet started never is, one
   * being written is stopped. A kept copy is the background's to delete.
   */
  release(id: string): void {
    const held = this.#files.get(id);
    if (!held) return;
    this.#clearDue(held);
    held.stop?.abort();
    this.#files.delete(id);
  }

  /** A copy is due or being written: the document that holds the file must stay open. */
  get busy(): boolean {
    return this.#copying > 0 || [...this.#files.values()].some((held) => held.due !== null);
  }

  #clearDue(held: Held): void {
    if (held.due === null) return;
    this.#cancel(held.due);
    held.due = null;
  }
}
