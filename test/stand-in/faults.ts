/** One-shot (or n-shot) failures injected in front of normal request handling. */

export interface Fault {
  /** Only requests with this method (case-insensitive). Without it any method but OPTIONS matches. */
  method?: string;
  /** Exact pathname, a prefix ending in '*', or a RegExp tested against the pathname. */
  path: string | RegExp;
  /** Status to answer with. 0 (or any status below 400 without `body`) = no synthetic answer: after `delayMs`, handle normally. */
  status: number;
  /** How many matching requests the fault applies to (default 1). */
  times?: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
  /** Body to send instead of the error body in the current style. */
  body?: string;
  /** Wait this long before answering (for timeout tests). */
  delayMs?: number;
  /** Destroy the socket instead of answering: the client sees a network error. */
  dropConnection?: boolean;
}

interface PendingFault {
  fault: Fault;
  remaining: number;
}

export class FaultList {
  #pending: PendingFault[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('Fault.times must be a positive integer');
    this.#pending.push({ fault: { ...fault }, remaining: times });
  }

  /** The first fault matching the request, with one use consumed; undefined when none matches. */
  take(method: string, pathname: string): Fault | undefined {
    const m = method.toUpperCase();
    const index = this.#pending.findIndex(({ fault }) => {
      if (fault.method !== undefined ? fault.method.toUpperCase() !== m : m === 'OPTIONS') return false;
      return pathMatches(fault.path, pathname);
    });
    const entry = this.#pending[index];
    if (entry === undefined) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.#pending.splice(index, 1);
    return entry.fault;
  }

  clear(): void {
    this.#pending = [];
  }

  get size(): number {
    return this.#pending.length;
  }

  describe(): { method: string | null; path: string; status: number; remaining: number }[] {
    return this.#pending.map(({ fault, remaining }) => ({
      method: fault.method ?? null,
      path: typeof fault.path === 'string' ? fault.path : `/${fault.path.source}/${fault.path.flags}`,
      status: fault.status,
      remaining,
    }));
  }
}

export function pathMatches(pattern: string | RegExp, pathname: string): boolean {
  if (typeof pattern !== 'string') {
    pattern.lastIndex = 0;
    return pattern.test(pathname);
  }
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return pathname === pattern;
}

/** Whether the fault replaces the answer (as opposed to only delaying or dropping it). */
export function faultAnswers(fault: Fault): boolean {
  return fault.status >= 400 || fault.body !== undefined;
}

/** Builds a Fault from untrusted JSON (the control endpoint): `path` string or `pathRegex` string. */
export function faultFromJson(input: unknown): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('A fault must be a JSON object');
  const o = input as Record<string, unknown>;
  let path: string | RegExp;
  if (typeof o.pathRegex === 'string') path = new RegExp(o.pathRegex);
  else if (typeof o.path === 'string') path = o.path;
  else throw new Error('A fault needs "path" (string) or "pathRegex" (string)');
  const optionalNumber = (key: string): number | undefined => {
    const value = o[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`Fault.${key} must be a non-negative number`);
    return value;
  };
  const dropConnection = o.dropConnection === true;
  const delayMs = optionalNumber('delayMs');
  const status = optionalNumber('status') ?? (dropConnection || delayMs !== undefined ? 0 : 500);
  const fault: Fault = { path, status };
  if (typeof o.method === 'string') fault.method = o.method;
  const times = optionalNumber('times');
  if (times !== undefined) fault.times = times;
  const retryAfter = optionalNumber('retryAfter');
  if (retryAfter !== undefined) fault.retryAfter = retryAfter;
  if (typeof o.body === 'string') fault.body = o.body;
  if (delayMs !== undefined) fault.delayMs = delayMs;
  if (dropConnection) fault.dropConnection = true;
  return fault;
}
