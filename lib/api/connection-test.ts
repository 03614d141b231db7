/**
 * "Test connection" for the options page: one cheap authenticated call that tells apart a working
 * setup, a bad key, an unreachable address and an address that is not this kind of service.
 */
import { codeAsWords } from '../format/text';
import type { ConnectionResult } from '../messaging/protocol';
import { GRANTABLE_HTTP_HOSTS } from './base-url';
import type { ServiceClient } from './client';
import { ApiError, defaultMessage, NOT_THE_SERVICE_CODE, WEB_PAGE_REFUSAL_CODE } from './errors';
import { CONTACTS_PATH, refusedWithoutKey } from './keyless-check';
import { toContactPage } from './normalise';

export async function testConnection(client: ServiceClient, signal?: AbortSignal): Promise<ConnectionResult> {
  const query = { limit: 1, offset: 0 };
  try {
    const response = await listFirstContacts(client, query, signal);
    // Every shape the client reads elsewhere passes: the same normaliser reads it.
    const page = toContactPage(response.body, query);
    // No body at all (204, an empty 200, `null`) is how some services list no contacts, and also
    // what a web server answers to anything. Only the service keeps its contacts behind the key.
    // (The check's own failure, busy or not answering, is said as for the first request.)
    if (response.body === null && !(await refusedWithoutKey(client.http, query, signal))) return notService();
    return { ok: true, serviceUrl: client.baseUrl, contactCount: page.total };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Sent on elsewhere (http.ts): where to is worth saying.
    if (error.kind === 'http' && error.code === NOT_THE_SERVICE_CODE) return notService(error.message);
    // Refused even without the query, by an address that keeps its list behind the key: the
    // service, saying why in its own words (a key some services refuse with a 400).
    if (error.kind === 'bad_request' && (await refusedWithoutKey(client.http, {}, signal).catch(() => false))) {
      return { ok: false, reason: 'refused_request', message: refusedMessage(error.message) };
    }
    if (error.code === WEB_PAGE_REFUSAL_CODE) return { ok: false, reason: 'web_page_refusal', message: webPageRefusalMessage(error) };
    switch (error.kind) {
      case 'unauthorized':
        return { ok: false, reason: 'bad_key', message: 'The service did not accept this API key.' };
      case 'forbidden':
        return { ok: false, reason: 'forbidden', message: forbiddenMessage(error.message, error.code) };
      case 'network':
      case 'timeout':
        return {
          ok: false,
          reason: 'unreachable',
          message: `Nothing answered at ${client.baseUrl}. Check the address and your connection.${plainHttpHint(client.baseUrl) || certificateHint(client.baseUrl)}`,
        };
      case 'rate_limited':
        return { ok: false, reason: 'rate_limited', message: 'The service is busy (rate limited). Try again shortly.' };
      case 'server':
        return { ok: false, reason: 'server_error', message: `The service had a problem (status ${error.status ?? '?'}).` };
      default:
        return notService();
    }
  }
}

/**
 * The list's query parameters are the service's own (the interface does not show them): one that
 * validates them may refuse `limit=1` (a minimum page size) or `offset` (another way of paging)
 * with a 400 or 422. Asked again without them, it answers as its lookups will find it.
 */
async function listFirstContacts(client: ServiceClient, query: { limit: number; offset: number }, signal?: AbortSignal) {
  try {
    return await client.http.request('GET', CONTACTS_PATH, { query, signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'bad_request') throw error;
    return client.http.request('GET', CONTACTS_PATH, { signal });
  }
}

/** The service's words, as text (the key was taken out of them), and what to check. */
function refusedMessage(said: string): string {
  const words = said.trim();
  return inTheirWords(words === defaultMessage('bad_request') ? '' : words, 'Check the API key, and that the address is the one given for the service’s API.');
}

/** "The service said: “…”." before what to check; what to check alone when it said nothing. */
function inTheirWords(words: string, next: string): string {
  return words === '' ? next : `The service said: “${words}”${/[.!?]$/.test(words) ? '' : '.'} ${next}`;
}

/**
 * A 403 is also how many gateways (usage-plan keys, key-auth plugins) refuse a wrong key: what the
 * service said tells the user which, so it is passed on (as text; the key was taken out of it).
 * Only a code said (`{"error": "ip_not_allowed"}`: the message is Primer's words), the code is.
 */
function forbiddenMessage(said: string, code: string | null): string {
  const primers = said.trim() === '' || said.trim() === defaultMessage('forbidden');
  const words = primers ? (code !== null && !code.startsWith('primer_') ? codeAsWords(code) : '') : said.trim();
  return inTheirWords(words, 'Check that the key is right and that it may read contacts.');
}

/**
 * A 401 or 403 as a web page or XML (http.ts): an address that is not the service's (a static
 * site's AccessDenied, a sign-in page), or a proxy or firewall in front of the service. Not "the
 * key": that sent users to their key when the address was wrong. A service that refuses a key with
 * a page of its own (a framework's default 401 page) is possible too, so it is said last.
 */
function webPageRefusalMessage(error: ApiError): string {
  const words = error.message.trim();
  const said = words === '' || words === defaultMessage(error.kind) ? '' : ` (it said “${words.replace(/[.!?]$/, '')}”)`;
  return (
    `This address answered status ${error.status ?? '?'} with a web page, not the service’s reply${said}. ` +
    'Check the service address: it should be the one given for the service’s API. ' +
    'If it is right, a proxy or firewall in front of the service refused the request (ask whoever runs it), or the service refused the key with a page of its own.'
  );
}

/** The page shows this under its headline: what was seen, and the next step. */
function notService(seen?: string): ConnectionResult {
  return {
    ok: false,
    reason: 'not_service',
    message:
      `${seen ? `${seen} ` : ''}Its reply is not the service’s: a web site, a sign-in page or another server answers like this. ` +
      'Enter the address of the service’s API (your administrator or the service’s documentation gives it) and test again.',
  };
}

/**
 * An https service whose certificate this browser does not trust (self-signed, a company's own
 * authority) fails like no server at all: the browser tells Primer nothing more. A tab shows it.
 */
function certificateHint(baseUrl: string): string {
  if (new URL(baseUrl).protocol !== 'https:') return '';
  return ' If the address opens in a tab with a certificate warning, this browser does not trust the service’s certificate: ask whoever runs the service to use one it trusts, or to have this computer trust it.';
}

/**
 * An address typed without a scheme is taken as https (base-url.ts), and "localhost:8787" then
 * meets a service on this computer that, like most there, speaks plain http: say which to try.
 */
function plainHttpHint(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' || !GRANTABLE_HTTP_HOSTS.has(url.hostname)) return '';
  return ` A service on this computer often uses plain http: try ${baseUrl.replace(/^https:/, 'http:')}.`;
}
