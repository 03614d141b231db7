/**
 * Whether the contact list is kept behind the key. No body at all (204, an empty 200, `null`) is
 * how some services list no contacts, and also what many web servers answer to anything: only the
 * service refuses the same request without a key.
 */
import { ApiError, NOT_THE_SERVICE_CODE } from './errors';
import type { Http, RequestOptions } from './http';

export const CONTACTS_PATH = '/api/v2/contacts';
/** Failures of the keyless check that tell nothing of what answers at the address. */
const INCONCLUSIVE: ReadonlySet<string> = new Set(['aborted', 'rate_limited', 'server', 'network', 'timeout']);

/**
 * The same list asked for without any key (an absolute request carries no Authorization): the
 * service refuses it (401/403), a web site or a catch-all server answers it like the first.
 * Busy, failing or not answering, the check could not be made: that error is thrown.
 */
export async function refusedWithoutKey(http: Http, query: RequestOptions['query'], signal?: AbortSignal): Promise<boolean> {
  try {
    await http.request('GET', http.url(CONTACTS_PATH, query), { absolute: true, signal, ignoreBody: true });
    return false;
  } catch (error) {
    if (!(error instanceof ApiError) || INCONCLUSIVE.has(error.kind)) throw error;
    // Sent elsewhere (a sign-in page) without the key: kept behind it (http.ts).
    if (error.code === NOT_THE_SERVICE_CODE) return true;
    return error.kind === 'unauthorized' || error.kind === 'forbidden';
  }
}
