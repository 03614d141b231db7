/**
 * Finding the contact behind an e-mail address (or a unique full name) on a server whose lookup
 * path is not shown in the interface.
 *
 * Never guess a person: whatever a server returns, only a contact whose address equals the asked
 * one (trimmed, case-insensitive, its domain in either form: contact-index.ts normaliseEmail) is accepted. Which request form works is learned once per server
 * by calibrating against a contact known to exist; a server that ignores every filter is served from
 * a local index of its whole contact list. A calibrated form that later returns other people is
 * dropped for the index, so a server changing under us cannot show a wrong person.
 *
 * Pages give addresses lower-cased, while a server may store `Jonas.Berg@Example.org` and compare
 * exactly. Calibration asks for its sample in another case too; where that finds nobody, the
 * filter is case-sensitive, and an address it does not find is looked for in the local index
 * (which compares without case) before it counts as nobody. So is an address with a domain in its
 * ASCII form ("xn--mller-kva.de"), which the service may keep in its own letters ("müller.de").
 */
import type { ContactRecord } from '../models';
import { addressesOf, ContactIndex, hasAddress, nameKey, normaliseEmail, type ContactList, type IndexPersistence } from './contact-index';
import { withoutInvisibles } from '../format/invisible';
import { fullName } from '../sites/person-name';
import { CONTACT_LOOKUPS, type ContactLookup, type DiscoveryStore } from './discovery';
import { ApiError, asNotTheService, defaultMessage, NOT_THE_SERVICE_CODE } from './errors';
import type { Http, RequestOptions } from './http';
import { CONTACTS_PATH, refusedWithoutKey } from './keyless-check';
import { toContact, toContactPage } from './normalise';

const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;
const CALIBRATION_SAMPLE = 20;
const NAME_SEARCH_LIMIT = 100;
/**
 * Pages of one address's search read at most: past them (an address inside hundreds of others'),
 * the whole list decides.
 */
const ADDRESS_SEARCH_PAGES = 10;
/**
 * How long a form's 404s mean nobody once it answered its sample: then the sample is asked again,
 * so a route gone (a new version of the service) is noticed within minutes, not at the next
 * calibration a day later (nor never, in Firefox's background page, which lives with the browser).
 */
const NOBODY_PROVEN_FOR_MS = 10 * 60_000;
/** Route missing or filter refused: try the next form. Anything else is a real failure. */
const NOT_THIS_FORM = new Set(['not_found', 'bad_request', 'http']);

/**
 * 'refused': the value was refused (400/422), not the form: a validator's "josé@…", a WAF's
 * "o'brien@…". 'missing': 404, a route gone or a search's "no such contact".
 */
type Candidates = ContactRecord[] | 'unsupported' | 'refused' | 'missing';
/**
 * `interactive`: someone waits on screen, so each call fails fast (lib/api/http.ts). Building the
 * local index stays patient whoever asks: it pages the whole contact list for every later lookup.
 */
export type FindOptions = Pick<RequestOptions, 'signal' | 'interactive'>;

export class ContactFinder {
  readonly #http: Http;
  readonly #store: DiscoveryStore;
  readonly #index: ContactIndex;
  readonly #now: () => number;
  #calibrating: Promise<ContactLookup> | null = null;
  /** What calibration already fetched for its sample address, so asking for it costs nothing more. */
  #calibrationAnswer: { email: string; candidates: ContactRecord[] } | null = null;
  /**
   * When the calibrated form last answered its sample after a 404 for another address: its 404s
   * mean nobody for a while (NOBODY_PROVEN_FOR_MS), then the sample is asked again (a route gone).
   */
  #nobodyProvenAt: number | null = null;

  constructor(
    http: Http,
    store: DiscoveryStore,
    options: { listAll: () => Promise<ContactList | ContactRecord[]>; indexPersistence?: IndexPersistence; now?: () => number },
  ) {
    this.#http = http;
    this.#store = store;
    this.#now = options.now ?? Date.now;
    this.#index = new ContactIndex(options.listAll, { persistence: options.indexPersistence, now: this.#now });
  }

  get index(): ContactIndex {
    return this.#index;
  }

  async findByEmail(email: string, call: FindOptions = {}): Promise<ContactRecord | null> {
    const wanted = normaliseEmail(email);
    const lookup = await this.#lookupForm(call);
    if (lookup === 'local-index') return pickByEmail(await this.#index.byEmail(wanted), wanted);
    const calibrated = this.#calibrationAnswer;
    this.#calibrationAnswer = null;
    const candidates = calibrated?.email === wanted ? calibrated.candidates : await this.#run(lookup, wanted, call);
    // This address's value refused (400/422): no proof the form stopped working for the others, so
    // it stays; this one is looked for in the whole list. The route refused (404, another status):
    // the form is gone for everyone, and asking it first would double every lookup for a day.
    if (candidates === 'refused') return pickByEmail(await this.#index.byEmail(wanted), wanted);
    // 404: "no such contact" from a search, or the route gone. The sample it found is asked again,
    // once: found, its 404s mean nobody from then on, as far as the filter can tell (below).
    if (candidates === 'missing' && (this.#missingIsNobody() || (await this.#answersSample(lookup, wanted, call)))) {
      return (await this.#mayMissStored(wanted)) ? pickByEmail(await this.#index.byEmail(wanted), wanted) : null;
    }
    if (candidates === 'unsupported' || candidates === 'missing') {
      await this.#store.update(this.#http.baseUrl, { contactLookup: 'local-index', contactLookupCheckedAt: this.#now() });
      return pickByEmail(await this.#index.byEmail(wanted), wanted);
    }
    if (!this.#honoursFilter(lookup, candidates, wanted)) {
      // Other people for this address: the server changed under us, stop trusting this form.
      await this.#store.update(this.#http.baseUrl, { contactLookup: 'local-index', contactLookupCheckedAt: this.#now() });
      return pickByEmail(await this.#index.byEmail(wanted), wanted);
    }
    const found = pickByEmail(candidates, wanted) ?? (await this.#onLaterPages(lookup, candidates, wanted, call));
    if (found === 'unread') return pickByEmail(await this.#index.byEmail(wanted), wanted);
    if (found === null && (await this.#mayMissStored(wanted))) return pickByEmail(await this.#index.byEmail(wanted), wanted);
    return found;
  }

  /**
   * The asked address on the pages after `first`, as the server names them: a substring search
   * (`al@…` is inside `hal@…` and `val@…`) on a server with a page size of its own finds its
   * contact past the first page. Null once the pages end without them; 'unread' when they did not
   * end (too many, or a page the filter answered with others): the whole list decides.
   */
  async #onLaterPages(lookup: ContactLookup, first: ContactRecord[], wanted: string, call: FindOptions): Promise<ContactRecord | null | 'unread'> {
    let more = laterPages.get(first);
    const seen = new Set(first.map((contact) => contact.id));
    for (let page = 1; more !== undefined; page++) {
      if (page >= ADDRESS_SEARCH_PAGES) return 'unread';
      const items = await this.#list(more.path, more.query, call).catch((error: unknown) => {
        // A page past the end (DRF's "Invalid page." 404) or refused: nothing more to read there.
        if (error instanceof ApiError && NOT_THIS_FORM.has(error.kind)) return [];
        throw error;
      });
      // Other people, or the same page again (the paging ignored): the rest is unknown.
      const fresh = items.filter((contact) => !seen.has(contact.id));
      if (!this.#honoursFilter(lookup, items, wanted) || (items.length > 0 && fresh.length === 0)) return 'unread';
      for (const contact of fresh) seen.add(contact.id);
      const found = pickByEmail(items, wanted);
      if (found !== null) return found;
      more = laterPages.get(items);
    }
    return null;
  }

  /**
   * Whether the filter's "nobody" (an empty list or a 404) may miss a contact it compares as
   * stored: in another case, or with its domain in its own letters ("müller.de", asked for as
   * "xn--mller-kva.de"). The whole list then decides.
   */
  async #mayMissStored(wanted: string): Promise<boolean> {
    return hasAsciiFormDomain(wanted) || (await this.#store.get(this.#http.baseUrl)).contactLookupCaseSensitive === true;
  }

  /** A single contact whose full name is exactly `name`; none when absent or ambiguous. */
  async findByName(name: string, call: FindOptions = {}): Promise<ContactRecord | null> {
    const wanted = nameKey(name);
    if (wanted === '') return null;
    const lookup = await this.#lookupForm(call);
    let pool: ContactRecord[] | null = null;
    // The server's search must return every contact with this full name, however it is written
    // (case, spaces, composition, an invisible character inside a word), or a namesake it misses
    // makes the name look unique. So it is asked for words of the name (searchWords), and only
    // where it ignores case; else, or when a search finds more than a page (or cannot say it found
    // all), the whole list (the index) decides.
    // Without the marks a page adds (nameKey drops them too): "\u200FMaya Chen" is asked as "Maya".
    const words = searchWords(fullName(withoutInvisibles(name)));
    const record = await this.#store.get(this.#http.baseUrl);
    // Only a search calibration saw find a contact by a word inside its name: one that searches
    // addresses alone finds no namesake, nor one matching only the start of a name a namesake
    // written "Last, First"; any one contact it returns would look unique.
    const searchesNames = record.contactLookupCaseSensitive !== true && record.contactSearchCoversNames === true;
    if ((lookup === 'search-param' || lookup === 'q-param') && words !== null && searchesNames) {
      pool = await this.#searchNames(lookup === 'search-param' ? 'search' : 'q', words, call);
    }
    pool ??= await this.#index.allByName(wanted);
    if (pool === null) return null;
    // In either order: a contact stored "Chen, Maya" is a namesake of one stored "Maya Chen".
    const exact = pool.filter((contact) => contact.name !== null && nameKey(contact.name) === wanted);
    return theOnly(exact);
  }

  /**
   * Everyone the search finds by any of `words`; null when one of its answers may be cut short.
   * Asked one after another: past an answer cut short, the whole list decides anyway.
   */
  async #searchNames(param: 'search' | 'q', words: readonly string[], call: FindOptions): Promise<ContactRecord[] | null> {
    const found: ContactRecord[] = [];
    for (const [index, word] of words.entries()) {
      // A word's value refused (400/422: a WAF's rule on the apostrophe of "O'Brien"), as an
      // address's is in findByEmail: no answer of the search's, so the whole list decides.
      const asked = await this.#http
        .request('GET', '/api/v2/contacts', { query: { [param]: word, limit: NAME_SEARCH_LIMIT }, ...call })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.kind === 'bad_request') return null;
          throw error;
        });
      if (asked === null) return null;
      const page = toContactPage(asked.body, { limit: NAME_SEARCH_LIMIT, offset: 0 });
      // Complete only when the server says so: a page it cut short at its own size, saying
      // nothing, reads like a last page, and a namesake past it would make the name look unique.
      // The first word's decides; a common last word's ("Li", "Smith") finding more than a page
      // would page the whole list for every such name: the first word's answer stands alone then.
      if (page.items.length > 0 && page.complete !== true) {
        // With nothing found by the first word, nothing decides but the whole list; nor when the
        // first word holds an "i": its answer misses a namesake written with "ı" (searchWords).
        if (index === 0 || found.length === 0 || /i/i.test(words[0] ?? '')) return null;
        break;
      }
      // Not push(...items): spread, a server's page of 130,000 overflows the stack.
      for (const item of page.items) found.push(item);
    }
    return found;
  }

  /**
   * The lookup form, calibrated once per server. Whoever starts the calibration sets its pace
   * (fail fast or patient); a lookup that arrives meanwhile shares it. Not its signal: one lookup
   * stopped (a person excluded meanwhile) stops waiting, while the others' calibration goes on.
   */
  async #lookupForm(call: FindOptions): Promise<ContactLookup> {
    const record = await this.#store.get(this.#http.baseUrl);
    const fresh = record.contactLookupCheckedAt !== null && this.#now() - record.contactLookupCheckedAt < RECHECK_AFTER_MS;
    if (record.contactLookup !== null && fresh) return record.contactLookup;
    this.#calibrating ??= this.#calibrate({ interactive: call.interactive }).finally(() => {
      this.#calibrating = null;
    });
    return untilAborted(this.#calibrating, call.signal);
  }

  /**
   * Tries each form with the address of a contact known to exist. A form counts only if it returns
   * that contact and nobody whose address (or, for substring search, whose name or address) does
   * not fit the query. An account with no contact with an address (its whole list looked through)
   * has nothing to calibrate against: its index answers, names included (contacts made from a
   * recording's speakers may have a name alone), and the next lookup checks again.
   */
  async #calibrate(call: FindOptions): Promise<ContactLookup> {
    const query = { limit: CALIBRATION_SAMPLE };
    const { body, items } = await this.#http
      .request('GET', CONTACTS_PATH, { query, ...call })
      .then((sample) => ({ body: sample.body, items: toContactPage(sample.body, { limit: CALIBRATION_SAMPLE, offset: 0 }).items }))
      .catch((error: unknown) => {
        throw asNotTheService(error);
      });
    // No body at all: a service with no contacts, or a web server answering nothing to anything
    // (as Test connection checks, lib/api/connection-test.ts). Asked again on the next lookup.
    if (body === null && !(await refusedWithoutKey(this.#http, query, call.signal))) {
      throw new ApiError('invalid_response', 'Nothing that answers at this address keeps a contact list behind the API key.', { code: NOT_THE_SERVICE_CODE });
    }
    // A first page of contacts without addresses (phone-only entries): one further down the list
    // will do, from the whole list (the index, kept for later lookups too).
    const sampled = items.find((contact) => contact.email);
    const known = sampled?.email ? sampled : await this.#index.anyWithAddress();
    // Not stored: the next lookup checks again (a new account's first contacts come with its first recording).
    if (!known?.email) return 'local-index';
    // Asked as stored, so a case-sensitive filter finds it; then in another case, to tell which it is.
    const asStored = known.email.trim();
    const wanted = normaliseEmail(asStored);
    const lowered = asStored.toLowerCase();
    const finds = (candidates: Candidates) => Array.isArray(candidates) && candidates.some((contact) => contact.id === known.id);
    let chosen: ContactLookup = 'local-index';
    let caseSensitive = false;
    for (const lookup of CONTACT_LOOKUPS) {
      if (lookup === 'local-index') break;
      const candidates = await this.#run(lookup, asStored, call).catch((error: unknown) => {
        if (failsAsForm(error)) return 'unsupported' as const;
        throw error;
      });
      if (!Array.isArray(candidates)) continue;
      if (finds(candidates) && this.#honoursFilter(lookup, candidates, wanted)) {
        chosen = lookup;
        this.#calibrationAnswer = { email: wanted, candidates };
        // Only the case changed (not the domain's form, which a filter comparing exactly would miss).
        const otherCase = asStored === lowered ? asStored.toUpperCase() : lowered;
        caseSensitive = otherCase !== asStored && !finds(await this.#run(lookup, otherCase, call));
        break;
      }
    }
    // A search that finds addresses may not search names, or only their start: asked for a word
    // inside a sample contact's name (not its first) that none of its addresses holds, so only a
    // search of words within names finds it (and finds "Chen, Maya" by "Maya" too).
    let coversNames = false;
    if (chosen === 'search-param' || chosen === 'q-param') {
      const probe = [known, ...items]
        .map((contact) => ({ contact, word: contact.name ? nameOnlyWord(fullName(contact.name), addressesOf(contact)) : null }))
        .find(({ word }) => word !== null);
      if (probe?.word) {
        // In its own case and in another: an address filter ignoring case says nothing of the name
        // search (a `LIKE` on names beside a case-insensitive address column), and a search by case
        // would miss a namesake written "SAM LEE", making "Sam Lee" look unique.
        const param = chosen === 'search-param' ? 'search' : 'q';
        const word = probe.word;
        const otherCase = word === word.toUpperCase() ? word.toLowerCase() : word.toUpperCase();
        for (const asked of new Set([word, otherCase])) {
          const found = await this.#list('/api/v2/contacts', { [param]: asked }, call).catch(() => []);
          coversNames = found.some((contact) => contact.id === probe.contact.id);
          if (!coversNames) break;
        }
      }
    }
    await this.#store.update(this.#http.baseUrl, {
      contactLookup: chosen,
      contactLookupCheckedAt: this.#now(),
      contactLookupCaseSensitive: caseSensitive,
      contactSearchCoversNames: coversNames,
      contactLookupSample: chosen === 'local-index' ? null : asStored,
    });
    this.#nobodyProvenAt = null;
    return chosen;
  }

  async #answersSample(lookup: ContactLookup, wanted: string, call: FindOptions): Promise<boolean> {
    const sample = (await this.#store.get(this.#http.baseUrl)).contactLookupSample;
    if (!sample) return false;
    const asked = normaliseEmail(sample);
    const found = asked === wanted ? 'missing' : await this.#run(lookup, sample, call);
    const answered = Array.isArray(found) && found.some((contact) => hasAddress(contact, asked));
    this.#nobodyProvenAt = answered ? this.#now() : null;
    if (answered || (found !== 'missing' && !Array.isArray(found))) return answered;
    // The sample not found either: the route gone, or the contact deleted or merged since. A
    // contact the list shows now tells: the sample itself still listed, the route is gone; another
    // one the form finds becomes the sample, and the form's 404s mean nobody.
    const listed = await this.#http
      .request('GET', CONTACTS_PATH, { query: { limit: CALIBRATION_SAMPLE }, ...call })
      .then((page) => toContactPage(page.body, { limit: CALIBRATION_SAMPLE, offset: 0 }).items)
      .catch(() => []);
    const current = listed.find((contact) => contact.email);
    if (!current?.email || listed.some((contact) => hasAddress(contact, asked))) return false;
    const now = current.email.trim();
    const answer = normaliseEmail(now) === wanted ? found : await this.#run(lookup, now, call);
    const answeredNow = Array.isArray(answer) && answer.some((contact) => contact.id === current.id);
    this.#nobodyProvenAt = answeredNow ? this.#now() : null;
    if (answeredNow) await this.#store.update(this.#http.baseUrl, { contactLookupSample: now });
    return answeredNow;
  }

  /** Whether the form's 404s were shown lately to mean nobody (#nobodyProvenAt). */
  #missingIsNobody(): boolean {
    return this.#nobodyProvenAt !== null && this.#now() - this.#nobodyProvenAt >= 0 && this.#now() - this.#nobodyProvenAt < NOBODY_PROVEN_FOR_MS;
  }

  #honoursFilter(lookup: ContactLookup, candidates: ContactRecord[], wanted: string): boolean {
    if (lookup === 'search-param' || lookup === 'q-param') {
      const like = likePattern(wanted, true);
      const fits = (text: string) => text.includes(wanted) || like?.test(text) === true;
      return candidates.every((contact) => addressesOf(contact).some(fits) || fits((contact.name ?? '').toLowerCase()));
    }
    // Any of its addresses: a server's filter finds a contact by each of them. Or the filter at
    // work otherwise: a LIKE match, or plus-addressing folded (a CRM's canonical address finds
    // `maya@…` for `maya+news@…`), which the answer then is not taken for (pickByEmail).
    const like = likePattern(wanted, false);
    const untagged = withoutPlusTag(wanted);
    return candidates.every((contact) =>
      addressesOf(contact).some((address) => address === wanted || like?.test(address) === true || withoutPlusTag(address) === untagged),
    );
  }

  async #run(lookup: ContactLookup, email: string, call: FindOptions): Promise<Candidates> {
    try {
      switch (lookup) {
        case 'email-param':
          return await this.#list('/api/v2/contacts', { email }, call);
        case 'search-path':
          return await this.#list('/api/v2/contacts/search', { email }, call);
        case 'search-param':
          return await this.#list('/api/v2/contacts', { search: email }, call);
        case 'q-param':
          return await this.#list('/api/v2/contacts', { q: email }, call);
        case 'by-email-path': {
          const response = await this.#http.request('GET', `/api/v2/contacts/by-email/${encodeURIComponent(email)}`, { ...call });
          // One contact, or a list of them (an address need not be unique: `[]` is nobody).
          return oneContact(response.body) ?? toContactPage(response.body, { limit: 50, offset: 0 }).items;
        }
        case 'local-index':
          return await this.#index.byEmail(email);
      }
    } catch (error) {
      if (error instanceof ApiError && NOT_THIS_FORM.has(error.kind)) {
        // A 404: "no such person" from a route that works, or the route gone (findByEmail tells).
        if (error.kind === 'not_found') return 'missing';
        return error.kind === 'bad_request' ? 'refused' : 'unsupported';
      }
      if (error instanceof ApiError && error.kind === 'invalid_response') return 'unsupported';
      throw error;
    }
  }

  /** One page of a filtered list; the query of the page after it, when the server names one, is kept in `laterPages`. */
  async #list(path: string, query: Record<string, string>, call: FindOptions): Promise<ContactRecord[]> {
    const asked: Record<string, string> = { ...query, limit: query.limit ?? '50' };
    const response = await this.#http.request('GET', path, { query: asked, ...call });
    const linkPaging = { link: response.headers.get('link'), requestUrl: this.#http.url(path, asked), apiRoot: this.#http.url('/api/v2') };
    let page;
    try {
      page = toContactPage(response.body, { limit: Number(asked.limit) || 50, offset: Number(asked.offset ?? 0) || 0 }, linkPaging);
    } catch (error) {
      // No list: a filter may answer with its one contact itself (`{id, name, email}`, `{contact: …}`).
      const single = oneContact(response.body);
      if (single === null) throw error;
      return single;
    }
    // The filter goes with the next page's query: a cursor or an offset worked out here names none.
    if (page.next !== null && page.items.length > 0) laterPages.set(page.items, { path, query: { ...asked, ...(JSON.parse(page.next) as Record<string, string>) } });
    return page.items;
  }
}

/** The next page of a filtered list's answer (ContactFinder.#list), by the answer's own array. */
const laterPages = new WeakMap<ContactRecord[], { path: string; query: Record<string, string> }>();

/**
 * A form being tried that fails with the service's own error (500, 501; retried already): a route
 * that takes the form's path for a contact's id (Express and Mongoose: `/contacts/search` is
 * "Cast to ObjectId failed", every time), not a service down. A gateway's 502, 503 or 504 is: the
 * lookup fails, and the forms are tried again on the next one.
 */
function failsAsForm(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'server' && (error.status === 500 || error.status === 501);
}

/** `shared`, or an `aborted` failure as soon as `signal` is: the caller stops waiting, the work goes on. */
function untilAborted<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared;
  const stopped = () => new ApiError('aborted', defaultMessage('aborted'));
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The words a name search is asked for; null when the whole list must decide.
 *
 * The name's first word, when it reads the same in every spelling `nameKey` takes as that name:
 * printable ASCII, so no composition differs, one word, so no spacing does, and without "ss",
 * which a namesake may spell "ß" (a search for "Weiss" misses "WEIß"). The search it is asked of
 * finds words within names (calibration checked), so it finds "Chen, Maya" by "Maya" too. Null
 * when the first word is not plain ASCII (accented, another script) or holds "ss".
 *
 * Then the last plain word after it: a namesake stored with an invisible character inside its
 * first name ("Ma\u00ADya Chen", a soft hyphen from a hyphenated web page) reads exactly like the
 * name, and nameKey takes it for one, but no search for "Maya" finds it; "Chen" does. One word
 * more, not every one: a "de" or "van" finds more than a page, and the whole list would decide.
 */
function searchWords(name: string): string[] | null {
  const [first = '', ...rest] = name.normalize('NFC').trim().split(/\s+/);
  if (!plain(first) || /ss/i.test(first)) return null;
  const other = rest.filter(plain).at(-1);
  // nameKey takes Turkish "ı" for "i": a namesake "Aslı Altın" is found by no word of "Asli Altin"
  // that has an "i" (a server's search does not fold it); one word without finds them both.
  if (/i/i.test(first) && (other === undefined || /i/i.test(other))) return null;
  return other === undefined || other.toLowerCase() === first.toLowerCase() ? [first] : [first, other];
}

/** Printable ASCII: a word no composition spells otherwise. */
function plain(word: string): boolean {
  return /^[!-~]+$/.test(word);
}

/**
 * A plain word of `name` after its first (printable ASCII) that none of `addresses` holds, with a
 * letter in it: a search is asked for it in another case too, which a "3" or "-" does not have.
 */
function nameOnlyWord(name: string, addresses: readonly string[]): string | null {
  for (const word of name.normalize('NFC').trim().split(/\s+/).slice(1)) {
    if (plain(word) && /[a-z]/i.test(word) && !addresses.some((address) => address.includes(word.toLowerCase()))) return word;
  }
  return null;
}

/**
 * The address as SQL's LIKE reads it, where it holds `_` (any one character) or `%` (any run): a
 * filter comparing with LIKE (Rails' `where("email ILIKE ?", …)`) answers `jo.doe@…` for `jo_doe@…`,
 * which is still its filter at work, not one ignored. Only for telling that: an address matches
 * only exactly. `within`: anywhere in the text (a search), else the whole of it. Null without either.
 */
function likePattern(wanted: string, within: boolean): RegExp | null {
  if (!/[_%]/.test(wanted)) return null;
  const source = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '.').replace(/%/g, '.*');
  return new RegExp(within ? source : `^${source}$`);
}

/** A normalised address without its plus tag (`maya+news@x` as `maya@x`): only to tell a filter at work, never to match. */
function withoutPlusTag(address: string): string {
  return address.replace(/\+[^@]*(?=@[^@]*$)/, '');
}

/** Whether a normalised address has a domain written in its ASCII form ("xn--mller-kva.de"): a service may keep it in its own letters. */
function hasAsciiFormDomain(address: string): boolean {
  return /[@.]xn--/.test(address.slice(address.lastIndexOf('@')));
}

/**
 * Exactly the asked address, among each contact's addresses. Several contacts sharing one address
 * (a team mailbox, an assistant's, a person entered twice) are not told apart by it: none is
 * picked, as two namesakes are not by their name.
 */
function pickByEmail(candidates: ContactRecord[], wanted: string): ContactRecord | null {
  return theOnly(candidates.filter((contact) => hasAddress(contact, wanted)));
}

/**
 * A filter's answer that is one contact rather than a list: that contact, when it has an address
 * (the filter's word is checked against it, as a list's is), or nobody (`{"contact": null}`).
 * Null when it reads as neither.
 */
function oneContact(body: unknown): ContactRecord[] | null {
  if (saysNobody(body)) return [];
  try {
    const contact = toContact(body);
    return addressesOf(contact).length > 0 ? [contact] : null;
  } catch {
    return null;
  }
}

/**
 * `{}`, `{"contact": null}`, `{"data": null}`: a by-email route's "nobody" (read as a contact, it
 * failed, and the route was given up for paging the whole list on every lookup after).
 */
function saysNobody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).every((value) => value === null);
}

/** The one contact among `contacts` (one listed twice is one); null for none or several. */
function theOnly(contacts: readonly ContactRecord[]): ContactRecord | null {
  const distinct = new Map(contacts.map((contact) => [contact.id, contact]));
  return distinct.size === 1 ? ([...distinct.values()][0] ?? null) : null;
}
