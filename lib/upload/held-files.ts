/**
 * The recordings handed over to the context that sends them (Chrome's offscreen document, Firefox's
 * background page; see hand-over.ts). Each is the File the user picked, as the browser gave it: a
 * reference to the file on disk, never read into memory. It is what the PUT sends, which costs the
 * browser far less than a Blob read back from IndexedDB. A copy is also kept in IndexedDB, once
 * the upload exists, for one thing only: going on after a restart, when the File is gone.
 */
import { deleteUploadFile, loadUploadFile, saveUploadFile } from './file-store';

/** Where copies are kept (IndexedDB; a fake in unit tests). */
export interface FileKeeper {
  save(id: string, file: Blob): Promise<void>;
  load(id: string): Promise<Blob | null>;
  remove(id: string): Promise<void>;
}

export const indexedDbKeeper: FileKeeper = { save: saveUploadFile, load: loadUploadFile, remove: deleteUploadFile };

interface Held {
  file: File;
  /** The copy being written (or written); null until the upload exists. */
  kept: Promise<void> | null;
}

export class HeldFiles {
  readonly #keeper: FileKeeper;
  readonly #files = new Map<string, Held>();
  #copying = 0;

  constructor(keeper: FileKeeper = indexedDbKeeper) {
    this.#keeper = keeper;
  }

  /** Holds the picked file of upload `id`; nothing is read or written yet. */
  hold(id: string, file: File): void {
    if (!this.#files.has(id)) this.#files.set(id, { file, kept: null });
  }

  has(id: string): boolean {
    return this.#files.has(id);
  }

  /**
   * Starts the copy that lets the upload go on after a restart; called once the upload exists, so
   * no copy is ever written for an upload that was not started. A copy that cannot be written
   * (disk full) leaves the upload to the held File alone: it still goes out, only a restart
   * would need the file picked again.
   */
  keep(id: string): Promise<void> {
    const held = this.#files.get(id);
    if (!held) return Promise.resolve();
    if (!held.kept) {
      this.#copying++;
      held.kept = this.#keeper
        .save(id, held.file)
        .catch(() => undefined)
        .finally(() => this.#copying--);
    }
    return held.kept;
  }

  /**
   * The body to send: the held File once its copy is written (the two would compete for the same
   * disk and the browser process's time), else the copy kept before a restart, else null.
   */
  async body(id: string): Promise<Blob | null> {
    const held = this.#files.get(id);
    if (!held) return this.#keeper.load(id);
    await held.kept;
    return held.file;
  }

  /** Lets go of the file of upload `id` (sent, or removed). The kept copy is the background's to delete. */
  release(id: string): void {
    this.#files.delete(id);
  }

  /** A copy is still being written: the document that holds it must stay open. */
  get busy(): boolean {
    return this.#copying > 0;
  }
}
