/**
 * The service address as the user typed or pasted it, made into the base every path is joined to.
 * HTTPS is required (the key travels in a header); plain http is allowed only for a service on
 * this machine, for development. A pasted `/api/v2` suffix and trailing slashes are dropped.
 */

import { MAX_URL_LENGTH } from '../messaging/limits';
import { withoutInvisibles } from '../format/invisible';

export type BaseUrlResult =
  | { ok: true; baseUrl: string; origin: string; permissionPattern: string }
  | { ok: false; reason: 'empty' | 'malformed' | 'insecure' | 'unsupported' | 'wildcard'; message: string };

/**
 * The plain-http hosts the manifest lets Primer be granted (wxt.config.ts OPTIONAL_HOSTS). Not
 * `[::1]`: a service address there made Save ask for a host the browser refuses without a prompt.
 */
export const GRANTABLE_HTTP_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/** The closing mark of each opening one that can wrap a pasted address (German, Swedish and French quotes too). */
const CLOSER: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '“': '”', '”': '”', '‘': '’', '’': '’', '„': '“', '‚': '‘', '«': '»', '»': '«', '(': ')', '<': '>', '[': ']' };
/** The opening bracket of each closing one: a closing bracket with none before it is a sentence's. */
const OPENER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '>': '<' };
/** Quote marks a selection can take on one side only. */
const LONE_QUOTES = /^["'`“”‘’„‚«»]+|["'`“”‘’„‚«»]+$/g;

const count = (text: string, mark: string) => text.split(mark).length - 1;

/** A quote on one side only, or a closing bracket with no opening one before it: the edge of a selection. */
function withoutLoneMarks(input: string): string {
  let text = input.replace(LONE_QUOTES, '');
  for (let last = text.at(-1) ?? ''; OPENER[last] !== undefined && count(text, last) > count(text, OPENER[last]!); last = text.at(-1) ?? '') {
    text = text.slice(0, -1).replace(/[,;]+$/, '');
  }
  return text.trim();
}

/**
 * What a copy brings around an address, taken off a matching pair at a time: the quotes of a
 * config file, a note's backticks, a sentence's brackets, and the comma or semicolon after it;
 * then a mark a selection took on one side only. Left on, they became part of a host that cannot
 * exist. An IPv6 literal keeps its brackets, and a path its own (`/tenant(eu)`).
 */
export function unwrapped(input: string): string {
  let text = input.trim().replace(/[,;]+$/, '');
  for (;;) {
    const closer = CLOSER[text[0] ?? ''];
    if (/^\[[0-9a-f:.]+\](:\d+)?$/i.test(text)) return text;
    if (closer === undefined || text.length < 2 || !text.endsWith(closer)) return withoutLoneMarks(text);
    text = text.slice(1, -1).trim().replace(/[,;]+$/, '');
  }
}

/**
 * What makes a URL's host one no single server has: a `*` (it survives in a URL's host, also
 * typed as %2A), or anything but letters, digits, hyphens and dots (an IDN as its xn-- form) or an
 * IP address (a quote or comma a paste left inside it).
 */
export function hostFault(hostname: string): 'wildcard' | 'malformed' | null {
  if (hostname.includes('*')) return 'wildcard';
  return /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+\.?$|^\[[0-9a-f:.]+\]$/i.test(hostname) ? null : 'malformed';
}

export function normaliseBaseUrl(input: string): BaseUrlResult {
  const trimmed = unwrapped(withoutInvisibles(input));
  if (trimmed === '') return { ok: false, reason: 'empty', message: 'Enter the service address.' };
  // A scheme typed wrong ("https//", "http:/", "https:") would otherwise become a host named "https".
  if (/^https?(?::\/?(?!\/)|\/\/)/i.test(trimmed)) {
    return { ok: false, reason: 'malformed', message: 'Check the start of the address: it should be https:// followed by the host name.' };
  }
  // A bare host ("api.example.com") is meant as https.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: 'malformed', message: 'This is not a valid web address.' };
  }
  // What a copy took along after the address (a note, the next cell of a row) became its path, or
  // its host's tail once a tab was dropped, and every call then missed the service.
  if (/\s/.test(trimmed)) {
    return { ok: false, reason: 'malformed', message: 'A web address has no spaces: remove what follows or surrounds it.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'unsupported', message: 'The address must start with https://.' };
  }
  // A wildcard would make the permission asked for `https://*/*`, every site, or every host under
  // a domain. The service is one host.
  const fault = hostFault(url.hostname);
  if (fault === 'wildcard') {
    return { ok: false, reason: 'wildcard', message: 'Enter the service’s own host name: a * (wildcard) cannot be part of it.' };
  }
  if (fault === 'malformed') return { ok: false, reason: 'malformed', message: 'This is not a valid web address.' };
  if (url.protocol === 'http:' && !GRANTABLE_HTTP_HOSTS.has(url.hostname)) {
    return {
      ok: false,
      reason: 'insecure',
      message: 'Use https:// — plain http is only allowed for localhost and 127.0.0.1.',
    };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'malformed', message: 'Leave the user name and password out of the address.' };
  }
  let path = url.pathname.replace(/\/+$/, '');
  // The interface's own prefix, and any route after it (an address copied from a documented call).
  path = path.replace(/\/api\/v2(?:\/.*)?$/i, '').replace(/\/+$/, '');
  const baseUrl = `${url.origin}${path}`;
  if (baseUrl.length > MAX_URL_LENGTH) return { ok: false, reason: 'malformed', message: 'This address is too long to be the service’s: check what was pasted.' };
  // Host permissions match on host, not port: the pattern covers the origin's host.
  const permissionPattern = `${url.protocol}//${url.hostname}/*`;
  return { ok: true, baseUrl, origin: url.origin, permissionPattern };
}

/**
 * Match pattern for a URL's host (the upload address, which the server chooses), or null when it
 * is not one host Primer may be granted: https, or http on this computer, and never a wildcard
 * (`*` survives in a URL's host, and `https://*` + `/*` would be every site).
 */
export function permissionPatternFor(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const grantable = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && GRANTABLE_HTTP_HOSTS.has(parsed.hostname));
  return grantable && !parsed.hostname.includes('*') ? `${parsed.protocol}//${parsed.hostname}/*` : null;
}
