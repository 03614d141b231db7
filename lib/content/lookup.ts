/**
 * Content-side people lookup: all people found in one scan travel to the background in one
 * message (which caches and dedupes across tabs). A contact found by address is believed for
 * CONTACT_MS, so one deleted or renamed on the service is not shown under its old name all day (the
 * background's own cache decides whether the service is asked again); "not a contact", and a match
 * by name, for NOT_A_CONTACT_MS, so a contact added later is marked on a later scan (Gmail tabs live
 * for days), and a name with a namesake added since is no longer marked as the first. A whole message that
 * failed is remembered for WHOLE_FAILURE_MS (not asked on every change of the page); a person whose own
 * lookup failed is asked about again after FAILED_RETRY_MS. Scans tell a failure (undefined) from "not a contact" (null),
 * so that the runtime can read those people again once the service may be back (recovery.ts).
 *
 * Answers are kept per batch rather than as one promise per person: a 300-person scan then costs
 * a handful of promises instead of a thousand (first scans run cold, and each one counts).
 */
import { normaliseName } from '../sites/person-name';
import type { PersonQuery } from '../messaging/content-protocol';
import { LOOKUP_FAILED, type PersonAnswer } from '../messaging/content-replies';
import type { ContactMatch } from '../models';

export type FindPeople = (people: PersonQuery[]) => Promise<PersonAnswer[]>;

const MAX_BATCH = 500;
/** How long a contact found is believed before a later scan asks again. */
export const CONTACT_MS = 60 * 60_000;
/** How long "not a contact" is believed before a later scan asks again. */
export const NOT_A_CONTACT_MS = 10 * 60_000;
/**
 * How long a person whose lookup failed (rate limit, timeout, server error) is left unmarked
 * before a later scan asks again: Gmail re-reads a thread on every change to it, and asking again
 * each time would keep a rate-limited service busy.
 */
export const FAILED_RETRY_MS = 60_000;
/** How long a wholly failed message's people are not asked about again. */
export const WHOLE_FAILURE_MS = 1_000;
/**
 * Answers kept at most. A tab open for days sees thousands of people who never come back: expired
 * answers are swept (at most once per FAILED_RETRY_MS), and past this many the oldest go first.
 */
export const MAX_REMEMBERED = 5000;

export function personKey(query: PersonQuery): string {
  return 'email' in query ? `e:${query.email.trim().toLowerCase()}` : `n:${normaliseName(query.name)}`;
}

/** One message's worth of people: `answers` settles when the background replies. */
interface Batch {
  keys: string[];
  queries: PersonQuery[];
  answers: Promise<PersonAnswer[]>;
}

/** Where a person's answer will come from: a batch on its way, and the person's place in it. */
interface Pending {
  batch: Batch;
  index: number;
}

/** A person's match as a scan sees it: null for "not a contact", undefined when the lookup failed. */
export type Found = ContactMatch | null | undefined;

function matchOf(answer: PersonAnswer | undefined): Found {
  return answer === LOOKUP_FAILED ? undefined : answer;
}

export class PeopleLookup {
  readonly #find: FindPeople;
  readonly #now: () => number;
  /**
   * Answers received, each believed until `until`: a contact, null for "not a contact", or
   * LOOKUP_FAILED (left unmarked until then).
   */
  readonly #answers = new Map<string, { answer: ContactMatch | null | typeof LOOKUP_FAILED; until: number }>();
  /** When expired answers were last swept out (`#sweep`). */
  #sweptAt: number;
  /** People asked about whose answer has not arrived yet. */
  readonly #pending = new Map<string, Pending>();
  /** Batches filled in this task, sent together in a microtask. */
  #queue: { batch: Batch; send: (answers: Promise<PersonAnswer[]>) => void }[] = [];

  constructor(find: FindPeople, now: () => number = () => performance.now()) {
    this.#find = find;
    this.#now = now;
    // Nothing is believed for less than FAILED_RETRY_MS, the time between sweeps: the first
    // sweep is due that long after the start, not on the first scan's answers (300 entries walked).
    this.#sweptAt = now();
  }

  /**
   * Many people's matches, in order: what is known at once, the rest when it arrives. A person
   * whose lookup fails gets undefined (nothing is marked; a later scan asks again, see `retryAt`).
   */
  async findAll(queries: PersonQuery[], keys: string[] = queries.map(personKey)): Promise<Found[]> {
    const out: Found[] = new Array<Found>(queries.length).fill(null);
    // Per batch, pairs of (place in `out`, place in the batch's answers), flat: a 300-person first
    // scan then allocates no array per person.
    const waiting = new Map<Batch, number[]>();
    const now = this.#now();
    for (let i = 0; i < queries.length; i++) {
      const key = keys[i]!;
      const known = this.#remembered(key, now);
      if (known !== undefined) {
        out[i] = matchOf(known);
        continue;
      }
      const { batch, index } = this.#pending.get(key) ?? this.#ask(key, queries[i]!);
      let slots = waiting.get(batch);
      if (!slots) waiting.set(batch, (slots = []));
      slots.push(i, index);
    }
    await Promise.all(
      [...waiting].map(async ([batch, slots]) => {
        const answers = await batch.answers.catch(() => null);
        for (let s = 0; s < slots.length; s += 2) out[slots[s]!] = answers ? matchOf(answers[slots[s + 1]!]) : undefined;
      }),
    );
    return out;
  }

  /** How many answers are kept (expired ones included until the next sweep). */
  get remembered(): number {
    return this.#answers.size;
  }

  /** When a person whose lookup failed is asked about again (-Infinity: no failure remembered). */
  retryAt(key: string): number {
    const entry = this.#answers.get(key);
    return entry?.answer === LOOKUP_FAILED ? entry.until : -Infinity;
  }

  /** Forget the failed lookups (access to the service was just granted): the next scan asks again. */
  forgetFailures(): void {
    for (const [key, entry] of this.#answers) if (entry.answer === LOOKUP_FAILED) this.#answers.delete(key);
  }

  /** Forget one person's answer (the service no longer has their contact): the next scan asks again. */
  forget(key: string): void {
    this.#answers.delete(key);
  }

  /** Forget everything (settings changed). */
  clear(): void {
    this.#answers.clear();
    this.#pending.clear();
  }

  /** The remembered answer; undefined when the person must be asked about (again). */
  #remembered(key: string, now: number): PersonAnswer | undefined {
    const entry = this.#answers.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.until) return entry.answer;
    this.#answers.delete(key);
    return undefined;
  }

  #ask(key: string, query: PersonQuery): Pending {
    let last = this.#queue.at(-1);
    if (!last || last.batch.keys.length >= MAX_BATCH) {
      let send!: (answers: Promise<PersonAnswer[]>) => void;
      const answers = new Promise<PersonAnswer[]>((resolve) => (send = resolve));
      last = { batch: { keys: [], queries: [], answers }, send };
      // Everything asked for in the same task goes out together.
      if (this.#queue.length === 0) queueMicrotask(() => this.#flush());
      this.#queue.push(last);
    }
    const pending = { batch: last.batch, index: last.batch.keys.length };
    last.batch.keys.push(key);
    last.batch.queries.push(query);
    this.#pending.set(key, pending);
    return pending;
  }

  #flush(): void {
    const queue = this.#queue;
    this.#queue = [];
    for (const { batch, send } of queue) {
      // Async, so that a sender throwing at once fails this batch like a rejected reply.
      const answers = (async () => this.#find(batch.queries))();
      send(answers);
      // A whole message failed (a key refused, no settings): its people are not asked again on each
      // change of the page (each was a message, and a call refused, per mutation batch), but after
      // WHOLE_FAILURE_MS; the user coming back to the window (recovery.ts) a moment later still
      // finds it due. Swept like any answer: a tab failing all day must not keep every person seen.
      const settled = (list?: PersonAnswer[]) => {
        const now = this.#now();
        this.#settle(batch, (key, index) => this.#remember(key, list?.[index], now, list ? FAILED_RETRY_MS : WHOLE_FAILURE_MS));
        this.#sweep(now);
      };
      answers.then(settled, () => settled());
    }
  }

  /**
   * A contact matched by address for CONTACT_MS; "not a contact" for NOT_A_CONTACT_MS, and so a
   * match by name, which a namesake added since makes no one's (the background believes it for
   * minutes only: CONTACT_POLICY.brieflyMs); a failure for `failedMs`.
   */
  #remember(key: string, answer: PersonAnswer | undefined, now: number, failedMs: number): void {
    // Set anew (not updated in place), so the map stays in the order answers came: oldest first.
    this.#answers.delete(key);
    if (answer === LOOKUP_FAILED || answer === undefined) this.#answers.set(key, { answer: LOOKUP_FAILED, until: now + failedMs });
    else this.#answers.set(key, { answer, until: now + (answer?.matchedBy === 'email' ? CONTACT_MS : NOT_A_CONTACT_MS) });
  }

  /**
   * Drops answers for people no longer believed (an expired answer of someone never shown again
   * would stay for the tab's life), then the oldest beyond MAX_REMEMBERED (asked again if seen).
   */
  #sweep(now: number): void {
    if (now - this.#sweptAt >= FAILED_RETRY_MS) {
      this.#sweptAt = now;
      for (const [key, entry] of this.#answers) if (entry.until <= now) this.#answers.delete(key);
    }
    for (const key of this.#answers.keys()) {
      if (this.#answers.size <= MAX_REMEMBERED) break;
      this.#answers.delete(key);
    }
  }

  /** Moves a batch's people from pending to known (or, after a failure, to not asked). */
  #settle(batch: Batch, keep: (key: string, index: number) => void): void {
    batch.keys.forEach((key, index) => {
      // After a clear (or a newer ask) this batch no longer speaks for the person.
      if (this.#pending.get(key)?.batch !== batch) return;
      this.#pending.delete(key);
      keep(key, index);
    });
  }
}
