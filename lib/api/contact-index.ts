/**
 * A local e-mail → contact (and name → contacts) index, built by paging the whole contact list.
 * Used for servers that offer no working e-mail filter, and for name-only matches. Served stale
 * while a refresh runs in the background, so a lookup never waits for a rebuild once one exists,
 * but for a name found once in a list past its lifetime (allByName).
 */
import type { ContactRecord } from '../models';
import { withoutInvisibles } from '../format/invisible';
import { fullName, normaliseName } from '../sites/person-name';
import { ownAddressAsShown } from '../storage/preferences';
import { aheadOfClock } from '../clock';

export interface IndexSnapshot {
  contacts: ContactRecord[];
  builtAt: number;
  /** Whether the whole list was read (ContactList); absent in copies saved before it was told. */
  complete?: boolean;
}

/** A server's contact list as read; `complete` false when part of it could not be read. */
export interface ContactList {
  contacts: ContactRecord[];
  complete: boolean;
}

export interface IndexPersistence {
  load(): Promise<IndexSnapshot | null>;
  save(snapshot: IndexSnapshot): Promise<void>;
}

/**
 * An address as contacts are matched by it: trimmed, lowercased, and its domain in the ASCII form
 * pages show (asciiDomain): "max@müller.de" and "max@xn--mller-kva.de" are one address, spelt
 * two ways (a service may keep either; the popup in Firefox sends the first as typed).
 */
export function normaliseEmail(email: string): string {
  // The form own addresses and excluded domains are compared in (preferences.ts).
  return ownAddressAsShown(email);
}

/**
 * Every address a contact can be matched by, normalised: its primary `email` and the rest of its
 * list (absent from contacts stored before the list existed).
 */
export function addressesOf(contact: ContactRecord): string[] {
  const all = [contact.email, ...(contact.emails ?? [])].filter((address): address is string => typeof address === 'string' && address.trim() !== '');
  return [...new Set(all.map(normaliseEmail))];
}

/** Whether `wanted` (normalised) is exactly one of the contact's addresses. */
export function hasAddress(contact: ContactRecord, wanted: string): boolean {
  return addressesOf(contact).includes(wanted);
}

/** Full names compare without case, accents' composition or repeated spaces (person-name.ts). */
export { normaliseName };

/**
 * A full name as contacts are matched by it: in either order ("Chen, Maya" is "Maya Chen"), as
 * normaliseName, and as it is written in capitals where toLowerCase does not undo them: "ß" as
 * "ss" ("Strauß" is "STRAUSS"), Turkish "ı" and "i̇" as "i" ("Işık" is "IŞIK", lowered "işik";
 * "İ" lowers to "i" and a dot), Greek without its accents and final "ς" ("Μαρία" is "ΜΑΡΙΑ");
 * and without the invisible characters (withoutInvisibles) that an RTL app, an import or a copy
 * adds: "Maya Chen" and "Maya Chen" with a direction mark after it look alike on every screen, so
 * they are namesakes, and a page's name with marks around it is the contact's name. (Not
 * normaliseName's: the content scripts' budget has no room.)
 */
export function nameKey(name: string): string {
  return normaliseName(fullName(withoutInvisibles(name)))
    .replace(/ß/g, 'ss')
    .replace(/ı|i\u0307/g, 'i')
    .normalize('NFD')
    .replace(/(?<=\p{Script=Greek})\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/ς/g, 'σ');
}

export class ContactIndex {
  /** A plain array is a whole list. */
  readonly #loadAll: () => Promise<ContactList | ContactRecord[]>;
  readonly #persistence: IndexPersistence | null;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #byEmail = new Map<string, ContactRecord[]>();
  #byName = new Map<string, ContactRecord[]>();
  /** The list the maps were filled from, as saved: what forget() saves again without one contact. */
  #contacts: IndexSnapshot['contacts'] = [];
  #builtAt: number | null = null;
  #complete = true;
  #building: Promise<void> | null = null;
  /** Contacts forgotten while the build on its way was paging: its pages may still list them. */
  #forgottenDuringBuild = new Set<string>();
  /** The saved copy's read, shared: every lookup of a batch waits for it before deciding to build. */
  #restoring: Promise<void> | null = null;
  /** Contacts forgotten before the saved copy was read (a fresh worker): the copy may still list them. */
  #forgottenBeforeRestore = new Set<string>();

  constructor(
    loadAll: () => Promise<ContactList | ContactRecord[]>,
    options: { persistence?: IndexPersistence; ttlMs?: number; now?: () => number } = {},
  ) {
    this.#loadAll = loadAll;
    this.#persistence = options.persistence ?? null;
    this.#ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.#now = options.now ?? Date.now;
  }

  get builtAt(): number | null {
    return this.#builtAt;
  }

  async byEmail(email: string): Promise<ContactRecord[]> {
    await this.#ready();
    return this.#byEmail.get(normaliseEmail(email)) ?? [];
  }

  async byName(name: string): Promise<ContactRecord[]> {
    await this.#ready();
    return this.#byName.get(nameKey(name)) ?? [];
  }

  /**
   * Every contact with this full name, or null when the list was not read to its end: one found
   * there may have a namesake in the part not read, and a name must match a single contact.
   */
  async allByName(name: string): Promise<ContactRecord[] | null> {
    await this.#ready();
    const key = nameKey(name);
    // One found in a list older than its lifetime: the list is read again first, as a namesake
    // added since would make them no longer the only one (none, or two, the old list answers as
    // well; an address stays exact however old). A list that cannot be read again answers nothing.
    if (this.#byName.get(key)?.length === 1 && this.#stale()) {
      if (!(await this.refresh().then(() => true, () => false))) return null;
    }
    const found = this.#byName.get(key) ?? [];
    return this.#complete ? found : null;
  }

  /** Some contact with an address, if the list has one (calibration's sample, when the first page has none). */
  async anyWithAddress(): Promise<ContactRecord | null> {
    await this.#ready();
    for (const [first] of this.#byEmail.values()) if (first) return first;
    return null;
  }

  /**
   * A contact the service no longer has (it answered 404 for them): out of the index at once, and
   * the list read again behind (lookups answered from the index found them again straight away).
   */
  forget(id: string): void {
    for (const map of [this.#byEmail, this.#byName]) {
      for (const [key, list] of map) {
        const kept = list.filter((contact) => contact.id !== id);
        if (kept.length === 0) map.delete(key);
        else if (kept.length !== list.length) map.set(key, kept);
      }
    }
    if (this.#building) this.#forgottenDuringBuild.add(id);
    if (this.#builtAt === null) {
      // Not read yet: the read drops them from the copy (and saves it) before any lookup answers.
      // Read now, not at the next lookup: the worker may stop first, forgetting what it was told.
      this.#forgottenBeforeRestore.add(id);
      this.#restoring ??= this.#restore();
      return;
    }
    // The saved copy too, at once: a worker stopped before the list is read again (or a read that
    // fails) would otherwise bring them back at its next start, marked, their card saying "gone".
    if (this.#contacts.some((contact) => contact.id === id)) {
      this.#contacts = this.#contacts.filter((contact) => contact.id !== id);
      this.#persistence?.save({ contacts: this.#contacts, builtAt: this.#builtAt, complete: this.#complete }).catch(() => undefined);
    }
    this.refresh().catch(() => undefined);
  }

  /** Forces a rebuild now (e.g. after a contact.updated event). */
  refresh(): Promise<void> {
    this.#building ??= this.#build().finally(() => {
      this.#building = null;
    });
    return this.#building;
  }

  async #ready(): Promise<void> {
    // Shared, not a flag set before the read: the lookups arriving while it ran found no index and
    // paged the whole list again after each restart of the worker.
    await (this.#restoring ??= this.#restore());
    if (this.#builtAt === null) {
      await this.refresh();
      return;
    }
    if (this.#stale()) {
      // Stale: answer from what we have, rebuild behind the scenes.
      this.refresh().catch(() => undefined);
    }
  }

  /**
   * Whether the list read is older than its lifetime. One dated ahead of the clock was read while
   * the clock was fast (set back since): its age is unknown, and it is stale rather than fresh for
   * as long as the clock moved.
   */
  #stale(): boolean {
    if (this.#builtAt === null) return false;
    const now = this.#now();
    return now - this.#builtAt > this.#ttlMs || aheadOfClock(this.#builtAt, now);
  }

  async #restore(): Promise<void> {
    const saved = await this.#persistence?.load().catch(() => null);
    // A build that finished meanwhile (a refresh asked for) is newer than the saved copy.
    if (!saved || (this.#builtAt !== null && saved.builtAt <= this.#builtAt)) return;
    const forgotten = this.#forgottenBeforeRestore;
    const snapshot = { ...saved, contacts: saved.contacts.filter((contact) => !forgotten.has(contact.id)) };
    this.#fill(snapshot);
    if (snapshot.contacts.length === saved.contacts.length) return;
    // As forget() does for an index in memory: the copy saved without them, the list read again.
    this.#persistence?.save(snapshot).catch(() => undefined);
    this.refresh().catch(() => undefined);
  }

  async #build(): Promise<void> {
    const forgotten = (this.#forgottenDuringBuild = new Set<string>());
    const read = await this.#loadAll();
    const list = Array.isArray(read) ? { contacts: read, complete: true } : read;
    const snapshot = { ...list, contacts: list.contacts.filter((contact) => !forgotten.has(contact.id)), builtAt: this.#now() };
    this.#fill(snapshot);
    // Kept in memory whatever happens to the copy: storage full (a list of 50,000 contacts is
    // megabytes) failed the lookups waiting for this build, though the list was at hand.
    await this.#persistence?.save(snapshot).catch(() => undefined);
  }

  #fill(snapshot: IndexSnapshot): void {
    const byEmail = new Map<string, ContactRecord[]>();
    const byName = new Map<string, ContactRecord[]>();
    for (const contact of snapshot.contacts) {
      for (const address of addressesOf(contact)) push(byEmail, address, contact);
      if (contact.name) push(byName, nameKey(contact.name), contact);
    }
    this.#byEmail = byEmail;
    this.#byName = byName;
    this.#contacts = snapshot.contacts;
    this.#builtAt = snapshot.builtAt;
    this.#complete = snapshot.complete ?? true;
  }
}

function push(map: Map<string, ContactRecord[]>, key: string, contact: ContactRecord): void {
  const list = map.get(key);
  if (list) {
    if (!list.some((existing) => existing.id === contact.id)) list.push(contact);
  } else map.set(key, [contact]);
}
