/**
 * The API key as typed or pasted, made into what is sent after "Bearer ". A paste brings along
 * what no key holds (zero-width spaces, a byte-order mark, a soft hyphen, the "Bearer " of a curl
 * example); a character a header cannot carry would make every call fail as if the network were
 * down, so such a key is refused with what is wrong with it instead.
 */

import { MAX_API_KEY_LENGTH } from '../messaging/limits';

/** Invisible characters a copy from a web page or document adds; never part of a key. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

export type ApiKeyResult = { ok: true; key: string } | { ok: false; message: string };

export function cleanApiKey(typed: string): ApiKeyResult {
  const key = typed
    .replace(INVISIBLE, '')
    .trim()
    // The quotes around it in a .env line, JSON or a Markdown note (with the comma or semicolon
    // after a JSON or code value), around a whole "Bearer …" header value too: never part of a key.
    .replace(/^(["'`])(.*)\1[,;]?$/s, '$2')
    .replace(/^bearer\s+/i, '')
    .replace(/^(["'`])(.*)\1$/s, '$2');
  // Pasted invisible characters (or "Bearer " alone) are no key: saved, they removed the saved one.
  if (key === '') {
    return { ok: false, message: typed.trim() === '' ? 'Enter an API key.' : 'There is no API key in what was pasted: copy the key again from the service.' };
  }
  if (key.length > MAX_API_KEY_LENGTH) return { ok: false, message: 'This is longer than any API key: copy the key again from the service.' };
  // Keys are printable ASCII: the header carries no more, and a typographic quote or an ellipsis
  // means the key was copied from a document that changed it, or cut short.
  const odd = [...key].find((character) => character < '!' || character > '~');
  if (odd === undefined) return { ok: true, key };
  const shown = /\s/.test(odd) ? 'spaces' : /[‘’‚“”„«»]/.test(odd) ? 'curly quotes' : `“${odd}”`;
  return { ok: false, message: `An API key has no ${shown} in it: copy the key again from the service.` };
}
