/**
 * One HTTP call to the service with the rules every call shares: bearer key, timeout, abort,
 * typed errors, and retry with capped exponential backoff and full jitter for calls that are safe
 * to repeat. Retry-After is honoured; a wait longer than the cap is not slept through but handed to
 * the caller as a rate-limited error carrying the retry time.
 *
 * An interactive call (someone is looking at the side panel) fails fast instead: no request while
 * the browser says it is offline, no retry of a refused or timed-out connection, a shorter
 * timeout, one quick retry of a server error, and a rate limit handed back at once with its retry
 * time. The panel shows its last copy meanwhile and says why; background work keeps the patient
 * policy above.
 */
import { onThisComputer } from './webhook-url';
import { ApiError, defaultMessage, isMarkup, kindForStatus, NO_ACCESS_CODE, NOT_THE_SERVICE_CODE, parseErrorBody, parseRateLimitReset, parseRetryAfter, WEB_PAGE_REFUSAL_CODE, withBareCode } from './errors';
import { parseJson } from './json-text';
import { aheadOfClock } from '../clock';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/** One quick second try of a server error, and never a wait for Retry-After (the panel shows it). */
export const INTERACTIVE_RETRY: RetryPolicy = {
  attempts: 2,
  baseDelayMs: 250,
  maxDelayMs: 500,
  maxRetryAfterMs: 0,
};
/**
 * Long enough for a slow but working service; short enough that "offline" is said soon. A call's
 * timeout is the wait for its answer to start, then the longest silence while its body arrives.
 */
export const INTERACTIVE_TIMEOUT_MS = 4_000;
/**
 * The longest a body that keeps arriving is read for: a long meeting's transcript comes in for
 * more than the 4 s above, and cut off by it failed on every try; a server that sends a byte every
 * few seconds for good still ends as a timeout.
 */
export const BODY_READ_CEILING_MS = 60_000;

/** Where a call waits for one of a few slots (the background's limiter); `first`: someone waits on screen. */
export type Gate = <T>(task: () => Promise<T>, first?: boolean) => Promise<T>;

export interface HttpOptions {
  fetch?: FetchLike;
  /**
   * Calls wait here before they start, and their timeout starts once they have a slot: started
   * before, a meeting's calls queued behind others timed out against a service answering in time
   * (8 of 20 at 1.5 s each), and a call that timed out in the queue still waited for a slot.
   */
  gate?: Gate;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Injected for tests: fake timers drive it, Math.random is replaced. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Whether the browser believes it is online (navigator.onLine); injected for tests. */
  online?: () => boolean;
  /** Where the service's asked-for quiet outlives this object (a stopped worker): see QuietStore. */
  quiet?: QuietStore;
}

/** A quiet the service asked for: until when, and when it asked (both on this computer's clock). */
export interface Quiet {
  until: number;
  from: number;
}

/**
 * Keeps until when the service asked to be left alone (a 429's Retry-After) beyond the life of
 * the worker: MV3 stops an idle one, and a fresh one would send pages' lookups straight away.
 * A bare `until` (kept before `from` was) is a quiet asked for at an unknown moment.
 */
export interface QuietStore {
  get(): Promise<Quiet | number>;
  set(until: number, from?: number): Promise<void>;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Safe to send again after a failure whose outcome is unknown (5xx, network, timeout). */
  idempotent?: boolean;
  timeoutMs?: number;
  /** Absolute URL outside the base (presigned upload): no Authorization header is sent. */
  absolute?: boolean;
  headers?: Record<string, string>;
  rawBody?: BodyInit;
  /** Someone is waiting for this answer on screen: fail fast (see the top of this file). */
  interactive?: boolean;
  /** Any 2xx is the whole answer: the body is not read (servers send `OK` labelled JSON, and worse). */
  ignoreBody?: boolean;
  /**
   * The longest wait the service asks for (Retry-After) that this call sits through, where longer
   * than the policy's: background work that, failed, starts over and spends the quota again (the
   * whole contact list's pages). Never for a call someone waits for on screen.
   */
  waitsOut?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the text for non-JSON bodies, or null for an empty body. */
  body: unknown;
  contentType: string | null;
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * The longest wait kept from what a service says (a daily quota's): a Retry-After of years would
 * hold the panel's Try again for good, and one past year 275760 is no date a browser can show.
 */
const LONGEST_SERVICE_WAIT_MS = 24 * 60 * 60 * 1000;

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('aborted', defaultMessage('aborted')));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('aborted', defaultMessage('aborted')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A call the service's asked-for quiet kept from being sent (Http.#quietError). */
class HeldBack extends ApiError {}

/**
 * Whether the answer a redirect brought from another origin may be data to read: asked with the
 * key, an answer (not a refusal, not a web page), over https, or plain http on this computer only.
 */
function readableElsewhere(response: Response, options: RequestOptions): boolean {
  if (options.absolute || !response.ok) return false;
  if (/html/i.test(response.headers.get('content-type') ?? '')) return false;
  return new URL(response.url).protocol === 'https:' || onThisComputer(response.url);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The shortest key taken out of a 2xx answer's text: a real key is longer, and in that many
 * characters it is no piece of a contact's data.
 */
const KEY_HIDDEN_IN_ANSWERS_FROM = 12;

export class Http {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #fetch: FetchLike;
  readonly #gate: Gate;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #online: () => boolean;
  /**
   * Until when the service asked to be left alone (a 429's Retry-After): every call waits for it,
   * or, when someone is waiting on screen or the wait is long, fails at once with what is left of
   * it. Otherwise each call on its way learns of the limit from its own 429: a meeting's 20 calls
   * and another tab's 20 would all be sent, and refused, again.
   */
  #quietUntil = 0;
  /** When the quiet was asked for; 0 for one kept without it (no clock is put back before that). */
  #quietFrom = 0;
  /**
   * Who asked for the quiet: a 429 (busy) or a 503 with Retry-After (unavailable), said as such to
   * the calls it holds back. A quiet read back from storage is taken as a rate limit's.
   */
  #quietKind: 'rate_limited' | 'server' = 'rate_limited';
  readonly #quietStore: QuietStore | undefined;
  /**
   * The addresses whose patient calls timed out with no answer of any kind since. Two or more:
   * the service is silent (packets dropped), not one slow route, and while a call is out asking
   * the patient calls that get a slot are not sent (#once): a page's 50 lookups each waited out
   * four 15 s timeouts, six at a time, and said nothing for eight minutes while the slots were held.
   */
  readonly #timedOut = new Set<string>();
  /** Calls to the service on their way now. */
  #sending = 0;
  /** The stored quiet, read once before the first call. */
  #quietRead: Promise<void> | null = null;

  constructor(baseUrl: string, apiKey: string, options: HttpOptions = {}) {
    this.baseUrl = baseUrl;
    this.#apiKey = apiKey;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#gate = options.gate ?? ((task) => task());
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? abortableSleep;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? (() => Date.now());
    this.#online = options.online ?? (() => globalThis.navigator?.onLine !== false);
    this.#quietStore = options.quiet;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const idempotent = options.idempotent ?? (method === 'GET' || method === 'PUT' || method === 'DELETE');
    const url = options.absolute ? path : this.url(path, options.query);
    const interactive = options.interactive === true;
    if (interactive && !this.#online()) throw new ApiError('network', 'The browser is offline.');
    const once = interactive ? { ...options, timeoutMs: options.timeoutMs ?? INTERACTIVE_TIMEOUT_MS } : options;
    if (!options.absolute && this.#quietStore) await (this.#quietRead ??= this.#readQuiet(this.#quietStore));
    for (let attempt = 1; ; attempt++) {
      try {
        // The storage a presigned URL points to has limits of its own.
        if (!options.absolute && this.#quietLeft() > 0) await this.#quiet(interactive, options.signal, options.waitsOut);
        return await this.#once(method, url, once, idempotent);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const delay = this.#retryDelay(error, attempt, idempotent, interactive, options.waitsOut);
        if (delay === null) throw this.#handedBack(error);
        await this.#sleep(delay, options.signal);
      }
    }
  }

  async #readQuiet(store: QuietStore): Promise<void> {
    const stored = await store.get().catch(() => 0);
    const { until, from } = typeof stored === 'number' ? { until: stored, from: 0 } : stored;
    if (until > this.#quietUntil) {
      this.#quietUntil = until;
      this.#quietFrom = from;
    }
  }

  /**
   * What is left of the quiet. A clock put back since it was asked for (an hour fast, then put
   * right) would stretch it by as much, a minute into an hour and a minute: it starts again from
   * now, no longer than was asked.
   */
  #quietLeft(): number {
    const now = this.#now();
    if (aheadOfClock(this.#quietFrom, now)) {
      this.#quietUntil = now + (this.#quietUntil - this.#quietFrom);
      this.#quietFrom = now;
      this.#quietStore?.set(this.#quietUntil, now).catch(() => undefined);
    }
    return this.#quietUntil - now;
  }

  /** Waits out the service's asked-for quiet (#quietLeft), or fails as the rate limit it is. */
  async #quiet(interactive: boolean, signal?: AbortSignal, waitsOut = 0): Promise<void> {
    const left = this.#quietLeft();
    if (left > this.#longestWait(interactive, waitsOut)) throw this.#quietError(left);
    await this.#sleep(left, signal);
  }

  #quietError(left: number): ApiError {
    return new HeldBack(this.#quietKind, defaultMessage(this.#quietKind), { status: null, retryAfterMs: left });
  }

  /** The longest asked-for wait a call sits through (RequestOptions.waitsOut). */
  #longestWait(interactive: boolean, waitsOut = 0): number {
    return interactive ? INTERACTIVE_RETRY.maxRetryAfterMs : Math.max(this.#retry.maxRetryAfterMs, waitsOut);
  }

  /**
   * A server error's wait as long as calls are held for it (#once) at most: a maintenance page's
   * "3600" is a guess at the outage, and handed back as said, the panel and the hover card held
   * Try again (and a last copy's next ask) for an hour, though a call after the hold reaches the
   * service. Decided on the wait as said (#retryDelay): no call sits through a longer one.
   */
  #handedBack(error: ApiError): ApiError {
    const hold = this.#retry.maxRetryAfterMs;
    if (error.kind !== 'server' || error.retryAfterMs === null || error.retryAfterMs <= hold) return error;
    return new ApiError(error.kind, error.message, { status: error.status, code: error.code, retryAfterMs: hold, cause: error });
  }

  /** How long to wait before the next attempt, or null when this error ends the call. */
  #retryDelay(error: ApiError, attempt: number, idempotent: boolean, interactive: boolean, waitsOut = 0): number | null {
    const policy = interactive ? INTERACTIVE_RETRY : this.#retry;
    if (attempt >= policy.attempts) return null;
    const { kind, status } = error;
    // Refused, unreachable or silent: trying again at once would only keep the user waiting.
    if (interactive && (kind === 'network' || kind === 'timeout')) return null;
    // Nor without access to the host: only the user can give it.
    if (error.code === NO_ACCESS_CODE) return null;
    // A 429 means the server did not act on the request, so even a POST may be sent again.
    const retryable =
      kind === 'rate_limited' ||
      // Held back by the quiet, never sent: even a POST may be sent once it is over.
      error instanceof HeldBack ||
      (idempotent && (kind === 'network' || kind === 'timeout' || (status !== null && RETRYABLE_STATUS.has(status))));
    if (!retryable) return null;
    // A wait said to be over already (0, a date in the past: a server clock behind ours) is no
    // wait: taken as said, every attempt would follow the last at once.
    if (error.retryAfterMs !== null && error.retryAfterMs > 0) {
      return error.retryAfterMs <= this.#longestWait(interactive, waitsOut) ? error.retryAfterMs : null;
    }
    // A rate limit without a retry time is handed back too when someone is waiting: the panel says so.
    if (interactive && kind === 'rate_limited') return null;
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(this.#random() * ceiling);
  }

  #once(method: string, url: string, options: RequestOptions, idempotent: boolean): Promise<HttpResponse> {
    return this.#gate(async () => {
      // The storage a presigned URL points to has limits of its own.
      if (options.absolute) return this.#send(method, url, options);
      // Checked again once the call has its slot: calls waiting in the gate when another was told
      // 429 passed the check before it (request()), and were all sent, and refused, anyway. Thrown
      // as the rate limit it is, the slot is freed and the retry loop waits or hands it back.
      const left = this.#quietLeft();
      if (left > 0) throw this.#quietError(left);
      // Silent, and another call is out finding out when it answers again: this one, which may
      // be sent again, fails as that call will, not sent. Someone on screen still asks (4 s).
      if (this.#timedOut.size >= 2 && this.#sending > 0 && idempotent && options.interactive !== true) {
        throw new ApiError('timeout', defaultMessage('timeout'));
      }
      this.#sending++;
      try {
        const response = await this.#send(method, url, options);
        this.#timedOut.clear();
        return response;
      } catch (error) {
        // Any answer, a refusal too, ends the silence; a patient call's timeout (15 s) counts to it.
        if (error instanceof ApiError && error.status !== null) this.#timedOut.clear();
        else if (error instanceof ApiError && error.kind === 'timeout' && options.interactive !== true) this.#timedOut.add(url);
        // Learnt before the slot is freed, so the call waiting for it sees the quiet. A 503 that
        // says when to come back asks for the same: a meeting's other calls would all get it too.
        const asksForQuiet = error instanceof ApiError && (error.kind === 'rate_limited' || (error.kind === 'server' && error.status === 503));
        if (asksForQuiet && error.retryAfterMs !== null && error.retryAfterMs > 0) {
          // A 503's Retry-After is a guess at the outage ("3600" from a maintenance page), not a
          // quota: held to the longest wait a call makes, so a Try again after it reaches the service.
          const hold = error.kind === 'server' ? Math.min(error.retryAfterMs, this.#retry.maxRetryAfterMs) : error.retryAfterMs;
          const now = this.#now();
          const until = now + hold;
          if (until > this.#quietUntil) {
            this.#quietKind = error.kind === 'server' ? 'server' : 'rate_limited';
            this.#quietUntil = until;
            this.#quietFrom = now;
          }
          this.#quietStore?.set(this.#quietUntil, this.#quietFrom).catch(() => undefined);
        }
        throw error;
      } finally {
        this.#sending--;
      }
    }, options.interactive === true);
  }

  async #send(method: string, url: string, options: RequestOptions): Promise<HttpResponse> {
    // Given up while it waited for its slot (a closed tab's lookups): not sent, and the slot is
    // handed on at once, not after whatever a fetch does with a signal aborted already.
    if (options.signal?.aborted) throw new ApiError('aborted', defaultMessage('aborted'));
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    let timedOut = false;
    const giveUp = () => {
      timedOut = true;
      controller.abort();
    };
    let timer = setTimeout(giveUp, timeoutMs);
    let ceiling: ReturnType<typeof setTimeout> | undefined;
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });

    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (!options.absolute) headers.Authorization = `Bearer ${this.#apiKey}`;
    let body: BodyInit | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    try {
      let response: Response;
      try {
        // A GET skips the browser's HTTP cache: the background's own cache (lib/background/cache.ts) is
        // the one copy of a briefing, so "clear data" leaves none on disk, and a refetch reaches the
        // server. It also spares Chrome a cache lookup and write per call (about 3 ms on a meeting's 20).
        // Only a GET: `no-store` adds `Cache-Control: no-cache`, which storage keeps as a PUT's metadata.
        response = await this.#fetch(url, { method, headers, body, signal: controller.signal, ...(method === 'GET' ? { cache: 'no-store' as const } : {}) });
      } catch (cause) {
        if (timedOut) throw new ApiError('timeout', defaultMessage('timeout'), { cause });
        if (options.signal?.aborted) throw new ApiError('aborted', defaultMessage('aborted'), { cause });
        // The fetch given said why itself (no access to the host: service-access.ts).
        if (cause instanceof ApiError) throw cause;
        throw new ApiError('network', defaultMessage('network'), { cause });
      }
      // Sent on to another origin. Chrome 119+ and Firefox drop the key on such a redirect
      // (manifest minimums), so what answered there never saw it. A web page or a refusal there
      // (a sign-in page, a proxy's http address) is not the service, and is not read; data is (a
      // transcript the service hands out from object storage). Asked without the key (the
      // keyless check), being sent elsewhere at all is a refusal to answer.
      const away = response.redirected && originOf(response.url) !== originOf(url);
      const sentAway = () => new ApiError('http', `The service address sent Primer on to ${originOf(response.url) ?? 'another address'}.`, { status: response.status, code: NOT_THE_SERVICE_CODE });
      if (away && !readableElsewhere(response, options)) {
        void response.body?.cancel().catch(() => undefined);
        throw sentAway();
      }
      const contentType = response.headers.get('content-type');
      let text: string;
      ceiling = setTimeout(giveUp, Math.max(BODY_READ_CEILING_MS, timeoutMs));
      try {
        text = await bodyText(response, contentType, () => {
          clearTimeout(timer);
          timer = setTimeout(giveUp, timeoutMs);
        });
      } catch (cause) {
        if (timedOut) throw new ApiError('timeout', defaultMessage('timeout'), { cause });
        if (options.signal?.aborted) throw new ApiError('aborted', defaultMessage('aborted'), { cause });
        throw new ApiError('network', defaultMessage('network'), { cause });
      }
      // Nothing at all from elsewhere (a parked domain's empty 200) is no answer of the service's.
      if (away && text.trim() === '') throw sentAway();
      if (!response.ok) throw this.#errorFor(response, text, contentType);
      const parsed = options.ignoreBody ? null : this.#answer(text, contentType, response.status);
      return { status: response.status, headers: response.headers, body: parsed, contentType };
    } finally {
      clearTimeout(timer);
      clearTimeout(ceiling);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  #errorFor(response: Response, text: string, contentType: string | null): ApiError {
    const kind = kindForStatus(response.status);
    // The key is taken out of the body before anything is read from it: a message is cut to a
    // length, and a key cut in two would no longer be recognised.
    const parsed = parseErrorBody(this.#redact(text), contentType, (message) => this.#redact(message));
    const now = this.#now();
    const headers = response.headers;
    let retryAfterMs = parseRetryAfter(headers.get('retry-after'), now);
    // A rate limit without Retry-After may still say when it lifts: in a reset header or its body.
    // Only a rate limit: a server error's reset header speaks of a quota window, not of the outage.
    if (kind === 'rate_limited') {
      retryAfterMs ??= parseRateLimitReset(headers.get('ratelimit-reset') ?? headers.get('x-ratelimit-reset'), now) ?? parsed.retryAfterMs ?? null;
    }
    // And out of what was read: a key escaped in the JSON text (`\/` for `/`) reads back whole.
    const message = parsed.bareCode && parsed.message !== null ? withBareCode(kind, parsed.message) : (parsed.message ?? defaultMessage(kind));
    // A refusal as a web page is marked so (its XML code, S3's AccessDenied, says no more than that).
    const webPage = (kind === 'unauthorized' || kind === 'forbidden') && isMarkup(text, contentType);
    return new ApiError(kind, this.#redact(message), {
      status: response.status,
      code: webPage ? WEB_PAGE_REFUSAL_CODE : parsed.code === null ? null : this.#redact(parsed.code),
      retryAfterMs: (kind === 'rate_limited' || kind === 'server') && retryAfterMs !== null ? Math.min(retryAfterMs, LONGEST_SERVICE_WAIT_MS) : null,
    });
  }

  /**
   * A 2xx body, with the key taken out as from a refusal's (#errorFor): a failure said in a 2xx
   * (`{success: false, error: "… Bearer <key>"}`) becomes a message the page or the options page is
   * shown, and one cut to a length there would no longer be recognised. Taken out of the text
   * first, then out of what was read when the text has escapes (`\/`, `\u…`) a key may hide behind.
   * Not a short key: a local service's "1234" or "test" may also be a piece of the data (a count of
   * 12345, an address at test.example), which the answer must keep; the broker still takes such a
   * key out of every failure it replies with (lib/background/broker.ts).
   */
  #answer(text: string, contentType: string | null, status: number): unknown {
    if (this.#apiKey.length < KEY_HIDDEN_IN_ANSWERS_FROM) return parseBody(text, contentType, status);
    const parsed = parseBody(this.#redact(text), contentType, status);
    if (parsed === null || !/\\[u/]/.test(text)) return parsed;
    if (typeof parsed === 'string') return this.#redact(parsed);
    const json = JSON.stringify(parsed);
    const hidden = this.#redact(json);
    return hidden === json ? parsed : JSON.parse(hidden);
  }

  /** A server that echoes the request back must not put the key into a message we show or log. */
  #redact(message: string): string {
    return withoutKey(message, this.#apiKey);
  }
}

/** `text` with every `apiKey` in it shown as "[hidden]" (a key under 4 characters is too short to tell). */
export function withoutKey(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('[hidden]') : text;
}

/**
 * The body in the charset its Content-Type names: response.text() reads UTF-8 whatever the label,
 * and a body sent `charset=ISO-8859-1` (an older Java or PHP stack) read "José" as "Jos�". UTF-8
 * when it names none, or one the browser does not know. Read a chunk at a time, `onChunk` told of
 * each: the call's timeout is the silence between them (Http.#send).
 */
async function bodyText(response: Response, contentType: string | null, onChunk: () => void): Promise<string> {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    onChunk();
    text += decoder.decode(value, { stream: true });
  }
}

/** A reply's body; JSON that cannot be read is refused with the status it came with (a 2xx still did what was asked). */
function parseBody(text: string, contentType: string | null, status: number): unknown {
  if (text.trim() === '') return null;
  const type = contentType ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return parseJson(text);
    } catch {
      if (type.includes('json')) {
        throw new ApiError('invalid_response', 'The service sent malformed JSON.', { status });
      }
    }
  }
  return text;
}
