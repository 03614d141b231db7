/**
 * Lists paged after the last id they sent, whose reply says only that more follows (`{data,
 * has_more}` of a Stripe-like server, OpenAI's and Anthropic's lists): the next page is asked by
 * that id under a name the reply does not give, and an offset is ignored (the first page again).
 * Each usual name is asked in turn, once, until one brings someone new; that one pages on.
 */

/** Stripe's, OpenAI's, Anthropic's, and a plain cursor's. */
const AFTER_ID_NAMES = ['starting_after', 'after', 'after_id', 'cursor'];

type Query = Record<string, string>;

export class AfterIdPaging {
  #untried = [...AFTER_ID_NAMES];
  #trying: string | null = null;
  #learnt: string | null = null;

  /**
   * The next page's query under a name not asked yet (`failed`: the query that brought nobody new
   * or was refused; its own name is not asked again). Null once every name was asked, or one was
   * learnt already (a later page failing is not the name's fault).
   */
  retry(lastId: string, limit: number, failed: Query | null): string | null {
    if (this.#learnt !== null) return null;
    this.#untried = this.#untried.filter((name) => failed === null || !(name in failed));
    const name = this.#untried.shift();
    if (name === undefined) return null;
    this.#trying = name;
    return JSON.stringify({ limit: String(limit), [name]: lastId });
  }

  /** A page brought someone new: the name being tried, if any, is the server's. */
  broughtSomeone(): void {
    this.#learnt ??= this.#trying;
    this.#trying = null;
  }

  /** The page after `lastId` by the learnt name; null before one is learnt. */
  after(lastId: string, limit: number): string | null {
    return this.#learnt === null ? null : JSON.stringify({ limit: String(limit), [this.#learnt]: lastId });
  }
}
