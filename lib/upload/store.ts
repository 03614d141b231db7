/**
 * Where uploads are kept: storage.local under one key, newest first, the most recent few only.
 * Views watch the key for progress, so nothing has to be sent to whichever view is open.
 *
 * An upload's presigned address and its headers (a credential to write the recording's object, and
 * S3's SSE-C customer key among the headers) are kept there only sealed (AddressSealer: the
 * background's vault), bound to the upload's id and recording: Firefox's content scripts can read
 * and write storage.local, and an address written there in plain text (by a page, or by an earlier
 * version) is never followed. Views never need the address.
 *
 * On Firefox (`import.meta.env.FIREFOX`) the rest of a record could be rewritten there too (its
 * contact, the service and account its recording is on, the host to allow), or its signature
 * stripped: each record is written with the extension's signature of its content
 * (lib/storage/stored-signature.ts), and one that does not verify, whoever wrote it (records of
 * the version before carry none), is read as failed and untrusted (record.ts UNTRUSTED_UPLOAD),
 * keeping nothing of what it said but its title, file and date: it is never resumed, retried,
 * completed or checked, and views offer only Remove. The signature covers the write's generation
 * (lib/storage/write-generation.ts): an entry the background signed in an earlier write (kept by a
 * page while the upload was being sent, written back after the user cancelled it) is untrusted too. Chrome 140+ closes storage.local to content
 * scripts (lib/background/storage-access.ts): its build has none of this.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { newUploadRecord, UNTRUSTED_UPLOAD, UploadRecordSchema, untrustedUpload, withoutContact, type UploadRecord } from './record';
import { signStored, verifyStored } from '../storage/stored-signature';
import { beginWrite, currentGenerations, isCurrentGeneration, writeLanded, type Generations } from '../storage/write-generation';

export const UPLOADS_KEY = 'uploads';
/** How many uploads the list keeps (finished ones beyond it go, oldest first); the popup says so. */
export const UPLOADS_KEPT = 20;
const KEEP = UPLOADS_KEPT;

const SealedSchema = z.object({ iv: z.string().check(z.maxLength(64)), data: z.string() });
export type SealedAddress = z.infer<typeof SealedSchema>;

/** What sealing keeps of an upload's address: the URL and the headers chosen for the PUT. */
const AddressSchema = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });

/**
 * Seals values for `binding` (AES-GCM's additional data) and opens them again: the background's
 * vault (lib/background/key-vault.ts sealValue, openValue). `open` gives null, or throws, when it cannot.
 */
export interface AddressSealer {
  seal(value: unknown, binding: string): Promise<SealedAddress>;
  open(sealed: SealedAddress, binding: string): Promise<unknown>;
}

/**
 * As stored: `uploadUrl` null and `uploadHeaders` empty, the address sealed beside them. Earlier
 * versions wrote the address in plain text: their records parse, without it. A sealed address
 * that does not parse is none (the record stays).
 */
const StoredRecordSchema = z.extend(UploadRecordSchema, { sealedAddress: z.catch(z._default(z.nullable(SealedSchema), null), null) });
type StoredRecord = z.infer<typeof StoredRecordSchema>;

/** An address is sealed for one upload and its one recording: copied to another record, it opens nowhere. */
function addressBinding(record: Pick<UploadRecord, 'id' | 'recordingId'>): string {
  return JSON.stringify(['upload-address', record.id, record.recordingId]);
}

export interface UploadStore {
  all(): Promise<UploadRecord[]>;
  get(id: string): Promise<UploadRecord | null>;
  put(record: UploadRecord): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * Reads one record and writes `change(record)` in one step, with no other write in between
   * (returning the record unchanged, or null for a missing one, writes nothing). The way to make
   * a transition happen once when two callers race for it: only one sees the old state.
   */
  update(id: string, change: (current: UploadRecord) => UploadRecord): Promise<{ before: UploadRecord | null; after: UploadRecord | null }>;
  /** Removes the finished uploads last changed before `cutoff` (ms); resolves with their ids. */
  dropFinishedBefore(cutoff: number): Promise<string[]>;
}

/**
 * Firefox: the entry each record was read from (its signature beside it), by the parsed record;
 * and by an untrusted one (untrustedRecord), to be written back as it was found.
 */
const foundAs = new WeakMap<object, unknown>();

function parseStored(raw: unknown): StoredRecord[] {
  const list = z.array(z.unknown()).safeParse(raw);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const parsed = StoredRecordSchema.safeParse(entry);
    if (import.meta.env.FIREFOX && parsed.success) foundAs.set(parsed.data, entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What views show of a stored record the background signed: all but its sealed address. */
function withoutAddress({ sealedAddress: _sealed, ...record }: StoredRecord): UploadRecord {
  return { ...record, uploadUrl: null, uploadHeaders: {} };
}

/**
 * Reads the stored list, as views show it: with no upload address (one in plain text is an earlier
 * version's, or a page's). Entries that do not fit the schema (an older version wrote them) are
 * dropped. Signatures are not checked (readUploads does, on Firefox).
 */
export function parseUploads(raw: unknown): UploadRecord[] {
  return parseStored(raw).map(withoutAddress);
}

/**
 * Firefox: what is signed of a stored upload, its content as read (StoredRecordSchema's, so a field
 * a page added or an optional one it dropped is no difference): JSON with the keys in order at every level.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    return `{${fields
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Firefox: what is signed of a record written in the write of `generation`. */
const signedContent = (generation: number, stored: StoredRecord) => `${generation}:${canonical(stored)}`;

/**
 * The vault (IndexedDB) once more after a failure: a momentary one passes. Firefox's writes need it
 * three times, and a write that cannot have it fails (writes nothing) rather than leave every
 * upload unsigned or read as untrusted for good.
 */
const twice = <T>(attempt: () => Promise<T>): Promise<T> => attempt().catch(() => attempt());

/**
 * Firefox: `entry` as written in the write of `generation`, with it and the extension's signature
 * of both beside it (rejects when it cannot be signed: the write fails). One that says it is
 * untrusted, made from one, is never signed.
 */
async function signedEntry(entry: StoredRecord, generation: number | null): Promise<unknown> {
  const parsed = StoredRecordSchema.safeParse(entry);
  if (!parsed.success || untrustedUpload(parsed.data)) return parsed.success ? parsed.data : entry;
  if (generation === null) throw new Error('No write generation to sign with.');
  const sig = await twice(() => signStored(UPLOADS_KEY, signedContent(generation, parsed.data)));
  return { ...parsed.data, gen: generation, sig };
}

/**
 * Firefox: whether the record was read from an entry with the extension's signature of its content
 * as it stands (`signed`), written in a generation `accepted` takes (`current`); neither when the
 * vault could not be read. Signed but not current: written before the last write that landed.
 */
async function signatureOf(stored: StoredRecord, accepted: Generations | null): Promise<{ signed: boolean; current: boolean }> {
  const entry = foundAs.get(stored);
  const { sig, gen } = typeof entry === 'object' && entry !== null ? (entry as { sig?: unknown; gen?: unknown }) : {};
  if (accepted === null || typeof gen !== 'number' || !(await verifyStored(UPLOADS_KEY, signedContent(gen, stored), sig))) return { signed: false, current: false };
  return { signed: true, current: isCurrentGeneration(gen, accepted) };
}

/** Firefox: whether the record was signed by the background in a write `accepted` takes. */
async function signedAsItStands(stored: StoredRecord, accepted: Generations | null): Promise<boolean> {
  return (await signatureOf(stored, accepted)).current;
}

/** Firefox: the generations accepted now, or null when the vault cannot be read (nothing is trusted). */
const acceptedNow = () => twice(() => currentGenerations(UPLOADS_KEY)).catch(() => null);

/**
 * Firefox: what is shown of, and done with, a record that is not as the background signed it:
 * failed, saying so (UNTRUSTED_UPLOAD), with its title, file and date to tell which upload it was,
 * and nothing else (no contact, recording, service, account, host to allow, or address).
 */
function untrustedRecord(stored: StoredRecord): UploadRecord {
  const { id, file, meta, createdAt, updatedAt } = stored;
  const record: UploadRecord = { ...newUploadRecord(id, file, withoutContact(meta), createdAt), updatedAt, state: 'failed', error: UNTRUSTED_UPLOAD };
  foundAs.set(record, foundAs.get(stored));
  return record;
}

/**
 * Reads the stored list as views show it (parseUploads). On Firefox, a record that is not as the
 * background signed it is shown as untrusted, with Remove only (untrustedRecord). A list the
 * background signed before its last write landed is either one a view read just before that write
 * (a change it has not been told of yet) or a page's replay: the list stored now is read instead,
 * where such a record is untrusted.
 */
export async function readUploads(raw: unknown): Promise<UploadRecord[]> {
  if (!import.meta.env.FIREFOX) return parseUploads(raw);
  const accepted = await acceptedNow();
  const stored = parseStored(raw);
  const signatures = await Promise.all(stored.map((record) => signatureOf(record, accepted)));
  if (signatures.some(({ signed, current }) => signed && !current)) {
    const now = (await browser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
    const after = await acceptedNow();
    return shownAsSigned(parseStored(now), accepted && after && { landed: accepted.landed, begun: after.begun });
  }
  return stored.map((record, index) => (signatures[index]!.current ? withoutAddress(record) : untrustedRecord(record)));
}

/** Firefox: the records as views show them, each signed in a write `accepted` takes, or untrusted. */
function shownAsSigned(stored: StoredRecord[], accepted: Generations | null): Promise<UploadRecord[]> {
  return Promise.all(stored.map(async (record) => ((await signedAsItStands(record, accepted)) ? withoutAddress(record) : untrustedRecord(record))));
}

const isFinished = (record: UploadRecord) => record.state === 'completed' || record.state === 'cancelled' || record.state === 'failed';

/** Oldest finished uploads go first when the list is full; active ones are never dropped. */
function trim(records: UploadRecord[]): UploadRecord[] {
  if (records.length <= KEEP) return records;
  const finished = records.filter(isFinished);
  const drop = new Set(finished.slice(-(records.length - KEEP)).map((r) => r.id));
  return records.filter((r) => !drop.has(r.id));
}

export interface StoreOptions {
  /** Uploads dropped to keep the list short: their files can never be used again. */
  onDropped?: (ids: string[]) => void;
  /**
   * Seals upload addresses for storage (the background's vault). Without one, no address is
   * stored: a run keeps its own in memory, and a later one asks the service for a new one.
   */
  sealer?: AddressSealer;
}

/**
 * An address the version before this one kept in plain text (no sealed one beside it). Chrome
 * closes storage.local to pages (lib/background/storage-access.ts): it is that version's, and is
 * used (sealed at the next write), or an upload it left waiting for host access would make a
 * second recording once allowed. Firefox's pages can write the area: there it is none.
 */
function plainAddress(record: UploadRecord): { url: string; headers: Record<string, string> } | null {
  if (import.meta.env.FIREFOX || record.uploadUrl === null) return null;
  return { url: record.uploadUrl, headers: record.uploadHeaders };
}

export function storageUploadStore({ onDropped, sealer }: StoreOptions = {}): UploadStore {
  // Writes are chained so concurrent updates of two uploads never overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();
  /**
   * The address sealed for this record, or none: sealed for another record or recording, written
   * by anyone but this vault, or sealed by a vault since lost. An upload with none asks for a new
   * one when it needs one, as after an expired one (runner.ts). A vault that cannot be read now
   * opens none either, but the sealed copy is `held`: written back as it was, not lost for good.
   */
  const opened = async (record: UploadRecord, sealed: SealedAddress | null, held: Map<string, SealedAddress>) => {
    if (sealed === null) return plainAddress(record);
    if (!sealer) return null;
    let value: unknown;
    try {
      value = await sealer.open(sealed, addressBinding(record));
    } catch {
      held.set(addressBinding(record), sealed);
      return null;
    }
    const parsed = AddressSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  /**
   * The stored records, their addresses opened. On Firefox, one not as the background signed it is
   * read as untrusted (untrustedRecord): written back as it was found (foundAs), never signed,
   * unless a write replaces it with a record of the background's own.
   */
  const readHeld = async (): Promise<{ records: UploadRecord[]; held: Map<string, SealedAddress>; trustUnknown: boolean }> => {
    const held = new Map<string, SealedAddress>();
    // Firefox: the last landed write taken before the list is read, the last begun after it, so
    // a write of ours landing meanwhile never makes what was read look like a page's replay.
    const before = import.meta.env.FIREFOX ? await acceptedNow() : null;
    const raw = (await browser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];
    const after = import.meta.env.FIREFOX ? await acceptedNow() : null;
    const accepted = before && after && { landed: before.landed, begun: after.begun };
    const records = await Promise.all(
      parseStored(raw).map(async (stored) => {
        if (import.meta.env.FIREFOX && !(await signedAsItStands(stored, accepted))) return untrustedRecord(stored);
        const { sealedAddress, ...record } = stored;
        const address = await opened(record, sealedAddress, held);
        return { ...record, uploadUrl: address?.url ?? null, uploadHeaders: address?.headers ?? {} };
      }),
    );
    // Firefox: with no generations to check against, every record read as untrusted, whatever it is.
    return { records, held, trustUnknown: import.meta.env.FIREFOX && accepted === null };
  };
  /** The records; rejects when, on Firefox, they cannot be checked now (a decision on all-untrusted records would be wrong). */
  const read = async (): Promise<UploadRecord[]> => {
    const { records, trustUnknown } = await readHeld();
    if (trustUnknown) throw new Error('The uploads cannot be checked now (the vault cannot be read).');
    return records;
  };
  /** As stored: the address sealed; one held (see opened) as it was; else (no vault to seal it now) not kept. Signed on Firefox, for the write of `generation`. */
  const stored = async (record: UploadRecord, held: Map<string, SealedAddress>, generation: number | null): Promise<unknown> => {
    const address = record.uploadUrl === null ? null : { url: record.uploadUrl, headers: record.uploadHeaders };
    const binding = addressBinding(record);
    const sealed = address && sealer ? await sealer.seal(address, binding).catch(() => null) : null;
    const entry: StoredRecord = { ...record, uploadUrl: null, uploadHeaders: {}, sealedAddress: sealed ?? held.get(binding) ?? null };
    return import.meta.env.FIREFOX ? signedEntry(entry, generation) : entry;
  };
  const write = (change: (records: UploadRecord[]) => UploadRecord[]) => {
    const next = queue.then(async () => {
      const { records: current, held, trustUnknown } = await readHeld();
      // Written back as read, every record would stay untrusted once the vault is back: nothing is written.
      if (trustUnknown) throw new Error('The uploads cannot be checked now (the vault cannot be read).');
      const changed = change(current);
      // Nothing to change (an update that found the record already moved on): nothing written.
      if (changed === current) return;
      const kept = trim(changed);
      const generation = import.meta.env.FIREFOX ? await twice(() => beginWrite(UPLOADS_KEY)) : null;
      // An untrusted record passed on as read goes back as it was found (Firefox: see readHeld).
      await browser.storage.local.set({ [UPLOADS_KEY]: await Promise.all(kept.map((record) => (import.meta.env.FIREFOX && foundAs.has(record) ? foundAs.get(record) : stored(record, held, generation)))) });
      // Not recorded, the write before this one stays accepted (a replay of it would pass): tried twice too.
      if (generation !== null) await twice(() => writeLanded(UPLOADS_KEY, generation)).catch(() => undefined);
      if (kept.length < changed.length) onDropped?.(changed.filter((record) => !kept.includes(record)).map((record) => record.id));
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const put = (records: UploadRecord[], record: UploadRecord) => [record, ...records.filter((r) => r.id !== record.id)].sort((a, b) => b.createdAt - a.createdAt);
  return {
    all: read,
    get: async (id) => (await read()).find((record) => record.id === id) ?? null,
    put: (record) => write((records) => put(records, record)),
    remove: (id) => write((records) => records.filter((r) => r.id !== id)),
    update: async (id, change) => {
      let before: UploadRecord | null = null;
      let after: UploadRecord | null = null;
      await write((records) => {
        before = records.find((record) => record.id === id) ?? null;
        after = before ? change(before) : null;
        return after && after !== before ? put(records, after) : records;
      });
      return { before, after };
    },
    dropFinishedBefore: async (cutoff) => {
      let dropped: string[] = [];
      await write((records) => {
        dropped = records.filter((record) => isFinished(record) && record.updatedAt < cutoff).map((record) => record.id);
        return dropped.length > 0 ? records.filter((record) => !dropped.includes(record.id)) : records;
      });
      return dropped;
    },
  };
}
