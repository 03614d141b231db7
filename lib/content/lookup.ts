/**
 * Content-side people lookup: every distinct person is asked about once per page life, and all
 * people found in one scan travel to the background in one message (which caches and dedupes
 * across tabs). Failed lookups are not remembered, so a later scan asks again.
 *
 * Answers are kept per batch rather than as one promise per person: a 300-person scan then costs
 * a handful of promises instead of a thousand (first scans run cold, and each one counts).
 */
import { normaliseName } from '../api/contact-index';
import type { PersonQuery } from '../messaging/protocol';
import type { ContactMatch } from '../models';

export type FindPeople = (people: PersonQuery[]) => Promise<(ContactMatch | null)[]>;

const MAX_BATCH = 500;

export function personKey(query: PersonQuery): string {
  return 'email' in query ? `e:${query.email.trim().toLowerCase()}` : `n:${normaliseName(query.name)}`;
}

/** One message's worth of people: `answers` settles when the background replies. */
interface Batch {
  keys: string[];
  queries: PersonQuery[];
  answers: Promise<(ContactMatch | null)[]>;
}

/** Where a person's answer will come from: a batch on its way, and the person's place in it. */
interface Pending {
  batch: Batch;
  index: number;
}

export class PeopleLookup {
  readonly #find: FindPeople;
  /** Answers received (null: not a known contact). */
  readonly #known = new Map<string, ContactMatch | null>();
  /** People asked about whose answer has not arrived yet. */
  readonly #pending = new Map<string, Pending>();
  /** Batches filled in this task, sent together in a microtask. */
  #queue: { batch: Batch; send: (answers: Promise<(ContactMatch | null)[]>) => void }[] = [];

  constructor(find: FindPeople) {
    this.#find = find;
  }

  /** One person's match; rejects when the lookup fails. */
  find(query: PersonQuery): Promise<ContactMatch | null> {
    const key = personKey(query);
    if (this.#known.has(key)) return Promise.resolve(this.#known.get(key) ?? null);
    const { batch, index } = this.#pending.get(key) ?? this.#ask(key, query);
    return batch.answers.then((answers) => answers[index] ?? null);
  }

  /**
   * Many people's matches, in order: what is known at once, the rest when it arrives. A person
   * whose lookup fails gets null (nothing is marked; the next scan asks again).
   */
  async findAll(queries: PersonQuery[], keys: string[] = queries.map(personKey)): Promise<(ContactMatch | null)[]> {
    const out: (ContactMatch | null)[] = new Array<ContactMatch | null>(queries.length).fill(null);
    const waiting = new Map<Batch, [number, number][]>();
    for (let i = 0; i < queries.length; i++) {
      const key = keys[i]!;
      if (this.#known.has(key)) {
        out[i] = this.#known.get(key) ?? null;
        continue;
      }
      const { batch, index } = this.#pending.get(key) ?? this.#ask(key, queries[i]!);
      let slots = waiting.get(batch);
      if (!slots) waiting.set(batch, (slots = []));
      slots.push([i, index]);
    }
    await Promise.all(
      [...waiting].map(async ([batch, slots]) => {
        const answers = await batch.answers.catch(() => null);
        if (answers) for (const [at, index] of slots) out[at] = answers[index] ?? null;
      }),
    );
    return out;
  }

  /** Forget everything (settings changed). */
  clear(): void {
    this.#known.clear();
    this.#pending.clear();
  }

  #ask(key: string, query: PersonQuery): Pending {
    let last = this.#queue.at(-1);
    if (!last || last.batch.keys.length >= MAX_BATCH) {
      let send!: (answers: Promise<(ContactMatch | null)[]>) => void;
      const answers = new Promise<(ContactMatch | null)[]>((resolve) => (send = resolve));
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
      answers.then(
        (list) => this.#settle(batch, (key, index) => this.#known.set(key, list[index] ?? null)),
        () => this.#settle(batch, () => undefined),
      );
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
