/**
 * Parsing of the two lists on the "Where Primer works" section: e-mail domains never looked up and
 * the user's own addresses. Entries may be on separate lines or separated by commas, semicolons or
 * spaces; they are trimmed, lowercased and deduplicated in the order given. Anything that is not a
 * domain (or address) is reported by name so the user can fix it; nothing is saved then.
 */
import { withoutInvisibles } from '@/lib/format/invisible';
import { joinedWithAnd } from '@/lib/format/text';

export type ListCheck = { ok: true; values: string[] } | { ok: false; invalid: string[]; message: string };

const MAX_NAMED = 3;

/** Entries as typed, without blanks. */
export function splitEntries(text: string): string[] {
  return withoutInvisibles(text)
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

// Letters and digits of any script (IDNs as people type them) or the xn-- form, hyphens inside.
// Most Indic and Thai letters carry combining marks (the vowel signs of "भारत", "ไทย").
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/u;

/** True for a host name with at least two labels, e.g. "example.com" or "eu.example.co.uk". */
export function isDomain(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(top);
}

/**
 * "@Example.COM", "*.example.com", ".example.com" and "example.com." all mean "example.com"; so do
 * an address pasted from the browser ("https://example.com/team") and one with a port, and a web
 * site's "www.example.com": www names the site, never where its people's mail goes (kept, it
 * covered no one at example.com, and their addresses were sent).
 */
export function normaliseDomain(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  const host = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? hostOfUrl(trimmed) : trimmed.replace(/:\d+$/, '');
  return host
    .replace(/^@/, '')
    .replace(/^\*?\./, '')
    .replace(/\.$/, '')
    .replace(/^www\.(?=[^.]+\.[^.]+)/, '');
}

function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** "<Me@Example.com>" and "mailto:me@example.com" both mean "me@example.com". */
export function normaliseAddress(entry: string): string {
  return entry
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .replace(/^mailto:/i, '')
    .toLowerCase();
}

export function isAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = address.slice(0, at);
  // No second "@", no quotes or brackets: plain addresses are all a person needs here.
  if (!/^[^\s@"<>()[\]\\,;:]+$/u.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return false;
  }
  return isDomain(address.slice(at + 1));
}

function check(
  text: string,
  normalise: (entry: string) => string,
  valid: (value: string) => boolean,
  describe: (invalid: string[]) => string,
): ListCheck {
  const values: string[] = [];
  const invalid: string[] = [];
  for (const entry of splitEntries(text)) {
    const value = normalise(entry);
    if (!valid(value)) {
      if (!invalid.includes(entry)) invalid.push(entry);
    } else if (!values.includes(value)) {
      values.push(value);
    }
  }
  return invalid.length === 0 ? { ok: true, values } : { ok: false, invalid, message: describe(invalid) };
}

/** Names the first few bad entries, quoted, e.g. `“foo” and “bar”`. */
function nameEntries(invalid: string[]): string {
  const named = invalid.slice(0, MAX_NAMED).map((entry) => `“${entry}”`);
  const more = invalid.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  return joinedWithAnd(named);
}

export function parseDomainList(text: string): ListCheck {
  return check(text, normaliseDomain, isDomain, (invalid) =>
    invalid.length === 1
      ? `${nameEntries(invalid)} is not a domain. Enter domains such as example.com.`
      : `${nameEntries(invalid)} are not domains. Enter domains such as example.com.`,
  );
}

/**
 * Addresses as a mail client copies them, "Jan Doe <jan@x.com>, "Doe, Jan" <jan@x.com>": the part
 * in angle brackets, the display names (quoted ones with their commas) left out.
 */
function bracketedAddresses(text: string): string {
  const unquoted = text.replace(/"[^"]*"/g, ' ');
  let read = '';
  let from = 0;
  for (const match of unquoted.matchAll(/<([^<>]+)>/g)) {
    read += `${withoutName(unquoted.slice(from, match.index))} ${match[1]} `;
    from = match.index + match[0].length;
  }
  return read + unquoted.slice(from);
}

/**
 * The text before a bracketed address without its display name. Outlook copies "Last, First"
 * names unquoted ("Doe, Jan <jan@x.com>"), so a name runs back over commas, to the last `;` or
 * line break, but never into a word with an "@": an address before it stays an entry.
 */
function withoutName(before: string): string {
  const stop = Math.max(before.lastIndexOf(';'), before.lastIndexOf('\n'), before.lastIndexOf('@'));
  if (stop < 0) return '';
  const wordEnd = before.slice(stop).search(/[\s,]/);
  return wordEnd < 0 ? before : before.slice(0, stop + wordEnd);
}

export function parseAddressList(text: string): ListCheck {
  return check(bracketedAddresses(text), normaliseAddress, isAddress, (invalid) =>
    invalid.length === 1
      ? `${nameEntries(invalid)} is not an e-mail address. Enter addresses such as you@example.com.`
      : `${nameEntries(invalid)} are not e-mail addresses. Enter addresses such as you@example.com.`,
  );
}

/** How a saved list is shown for editing: one entry a line. */
export function formatList(values: readonly string[]): string {
  return values.join('\n');
}
