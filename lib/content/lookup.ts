/**
 * Content-side people lookup: every distinct person is asked about once per page life, and all
 * people found in one scan travel to the background in one message (which caches and dedupes
 * across tabs). Failed lookups are not remembered, so a later scan asks again.
 */
import { normaliseName } from '../api/contact-index';
import type { PersonQuery } from '../messaging/protocol';
import type { ContactMatch } from '../models';

export type FindPeople = (people: PersonQuery[]) => Promise<(ContactMatch | null)[]>;

const MAX_BATCH = 500;

export function personKey(query: PersonQuery): string {
  return 'email' in query ? `e:${query.email.trim().toLowerCase()}` : `n:${normaliseName(query.name)}`;
}

interface Pending {
  query: PersonQuery;
  resolve: (match: ContactMatch | null) => void;
  reject: (error: unknown) => void;
}

export class PeopleLookup {
  readonly #find: FindPeople;
  readonly #answers = new Map<string, Promise<ContactMatch | null>>();
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(find: FindPeople) {
    this.#find = find;
  }

  find(query: PersonQuery): Promise<ContactMatch | null> {
    const key = personKey(query);
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = new Promise<ContactMatch | null>((resolve, reject) => {
        this.#queue.push({ query, resolve, reject });
      });
      answer.catch(() => this.#answers.delete(key));
      this.#answers.set(key, answer);
      this.#schedule();
    }
    return answer;
  }

  /** Forget everything (settings changed). */
  clear(): void {
    this.#answers.clear();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // Everything asked for in the same task goes out together.
    queueMicrotask(() => {
      this.#scheduled = false;
      const batch = this.#queue;
      this.#queue = [];
      for (let start = 0; start < batch.length; start += MAX_BATCH) void this.#send(batch.slice(start, start + MAX_BATCH));
    });
  }

  async #send(batch: Pending[]): Promise<void> {
    try {
      const answers = await this.#find(batch.map((entry) => entry.query));
      batch.forEach((entry, i) => entry.resolve(answers[i] ?? null));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
