/**
 * What a failure means for the user and what they can do next: open options (the key or address
 * is wrong), wait (the service asked to slow down), retry (it failed or cannot be reached), or
 * find the person by e-mail (the service no longer has the contact the page matched).
 */
import { NO_ACCESS_CODE, NOT_THE_SERVICE_CODE, TRANSCRIPT_FAILED_CODE, WEB_PAGE_REFUSAL_CODE, toErrorInfo, type ApiErrorKind } from '@/lib/api/errors';

export type NextStep = 'options' | 'retry' | 'wait' | 'search' | 'none';

export interface Problem {
  text: string;
  next: NextStep;
  /** Try again is offered beside the next step: the user may have just put it right. */
  retry?: boolean;
}

export const PROBLEMS: Record<ApiErrorKind, Problem> = {
  not_configured: { text: 'Primer is not set up yet: add the service address and API key.', next: 'options' },
  unauthorized: { text: 'The service did not accept Primer’s API key.', next: 'options', retry: true },
  // Permissions are changed on the service, not in Primer's options: no settings change asks again.
  // A key may be refused one contact only (hidden from it), beside briefings it reads: not "no briefings".
  forbidden: { text: 'The service does not allow Primer’s API key to read this.', next: 'options', retry: true },
  not_found: { text: 'The service no longer has this contact: it may have been removed or merged with another.', next: 'search' },
  rate_limited: { text: 'The service asked Primer to slow down.', next: 'wait' },
  network: { text: 'The service cannot be reached.', next: 'retry' },
  timeout: { text: 'The service took too long to answer.', next: 'retry' },
  server: { text: 'The service had a problem answering.', next: 'retry' },
  invalid_response: { text: 'The service sent an answer Primer cannot read.', next: 'retry' },
  http: { text: 'The request failed.', next: 'retry' },
  bad_request: { text: 'The service refused the request.', next: 'retry' },
  conflict: { text: 'The service refused the request.', next: 'retry' },
  aborted: { text: 'The request was cancelled.', next: 'retry' },
  // Only a page left over from before an update meets this; a retry would fail the same way.
  extension_reloaded: { text: 'Primer was updated: close this panel and open it again.', next: 'none' },
};

/** How a briefing shown from the last copy is introduced, by why it could not be refreshed. */
export function staleReason(kind: ApiErrorKind, waitMs: number | null = null, code: string | null = null): string {
  if (code === NO_ACCESS_CODE) return 'Primer may not contact the service (allow it in Primer’s options)';
  if (kind === 'network') return 'Offline';
  // Online, and the service answered nothing within the panel's wait (lib/api/http.ts): not "Offline".
  if (kind === 'timeout') return 'The service is slow to answer';
  if (kind === 'rate_limited') return 'The service is busy';
  if (kind === 'server' && waitMs !== null) return 'The service is unavailable';
  if (kind === 'extension_reloaded') return 'Primer was updated';
  return 'The service had a problem';
}

/** A server error that said when to come back (a 503 with Retry-After): waited out like a rate limit. */
const UNAVAILABLE: Problem = { text: 'The service is unavailable for the moment.', next: 'wait' };

/**
 * The contact list itself answered 404 or not as a list (lib/api/errors.ts `asNotTheService`): the
 * address is wrong, not one contact gone; searching by e-mail would fail the same way.
 */
const NOT_THE_SERVICE: Problem = {
  text: 'Something other than Primer’s service answers at the service address (a web page, or no contact list there): check the address in Primer’s options.',
  next: 'options',
  retry: true,
};

/**
 * A 401 or 403 answered with a web page, not the service's reply (lib/api/http.ts): a wrong address,
 * or a proxy or firewall in front of the service. The key was never judged.
 */
const WEB_PAGE_REFUSAL: Problem = {
  text: 'A web page, not the service, refused Primer at the service address: check the address in Primer’s options. If it is right, a proxy or firewall in front of the service refused the request.',
  next: 'options',
  retry: true,
};

/** No access to the service's host (an administrator's address, access taken away): retrying will not help. */
const NO_ACCESS: Problem = {
  text: 'Primer has not been allowed to contact the service yet: allow it in Primer’s options.',
  next: 'options',
  retry: true,
};

/**
 * What a load of `about` that failed this way means: the service no longer having a recording is
 * not a contact gone. `waitMs`: the wait the service asked for (`serviceWaitMs`), if any; `code`:
 * the error's own code, which tells a wrong address from a contact gone.
 */
export function problemAbout(kind: ApiErrorKind, about: 'contact' | 'recording', waitMs: number | null = null, code: string | null = null): Problem {
  if (code === NOT_THE_SERVICE_CODE) return NOT_THE_SERVICE;
  if (code === NO_ACCESS_CODE) return NO_ACCESS;
  if (code === WEB_PAGE_REFUSAL_CODE) return WEB_PAGE_REFUSAL;
  if (code === TRANSCRIPT_FAILED_CODE) return { text: 'The service could not make a transcript of this recording.', next: 'none' };
  // Its view has a way back to the briefing already; nothing else would find it.
  if (kind === 'not_found' && about === 'recording') return { text: 'The service no longer has this recording.', next: 'none' };
  if (kind === 'server' && waitMs !== null) return UNAVAILABLE;
  return PROBLEMS[kind];
}

/** What kind of failure anything thrown is: two notices of one kind would say the same. */
export function problemKind(error: unknown): ApiErrorKind {
  return toErrorInfo(error).kind;
}
