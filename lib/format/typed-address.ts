/**
 * The address in what a user typed or pasted into a field that takes one (the side panel's "Find a
 * person by e-mail", the popup's "Primary contact’s e-mail"): copies from other apps bring more
 * than the address. Not for the content scripts: pages' addresses are read by lib/sites/address.ts.
 */
import { isAddress, parseNameAndAddress } from '../sites/address';
import { asciiDomain } from '../storage/preferences';
import { withoutInvisibles } from './invisible';

/**
 * Zero-width joiners and non-joiners but between two letters beyond ASCII, where they may spell a
 * word of the local part (Persian, the Indic scripts): next to ASCII, only a copy put them there.
 */
const STRAY_JOINER = /[\u200C\u200D](?![^\0-\x7F])|(?<![^\0-\x7F])[\u200C\u200D]/g;

/** A domain written in its own letters (an IDN): letters, marks, digits, dots and hyphens, some beyond ASCII. */
const OWN_LETTERS_DOMAIN = /@([\p{L}\p{M}\p{N}.-]*[^\p{ASCII}][\p{L}\p{M}\p{N}.-]*)(?=$|>)/u;

/**
 * The address with its domain in the ASCII form pages show ("müller.de" is "xn--mller-kva.de"):
 * Firefox's e-mail field keeps what was typed, Chrome's converts it itself.
 */
function withAsciiDomain(text: string): string {
  return text.replace(OWN_LETTERS_DOMAIN, (_whole, domain: string) => `@${asciiDomain(domain)}`);
}

/**
 * A local part in its own letters (RFC 6531: "josé", "дмитрий"): letters, marks and digits of any
 * script (the joiners between them that Persian and the Indic scripts spell with) and the
 * dot-atom's specials, no dot at either end nor two together.
 */
const OWN_LETTERS_LOCAL = /^(?:[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]|\u200C|\u200D)+(?:\.(?:[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]|\u200C|\u200D)+)*$/u;
/** A host as typed: letters, marks, digits, dots and hyphens (checked as a host once in ASCII). */
const HOST_AS_TYPED = /^[\p{L}\p{M}\p{N}.-]+$/u;
const LOCAL_PART_MAX_BYTES = 64;

/**
 * An internationalised address (a local part beyond ASCII, which pages' address check does not
 * take): alone, or in angle brackets after a name. Lowercased, its domain in ASCII, as the
 * background matches it (contact-index.ts normaliseEmail). Null for anything else.
 */
function ownLettersAddress(text: string): string | null {
  const address = text.endsWith('>') ? (/<([^<>]*)>$/.exec(text)?.[1] ?? text) : text;
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at).toLowerCase();
  const typedHost = address.slice(at + 1).toLowerCase();
  if (!/[^\0-\x7F]/.test(local) || !OWN_LETTERS_LOCAL.test(local) || new TextEncoder().encode(local).length > LOCAL_PART_MAX_BYTES) return null;
  if (!HOST_AS_TYPED.test(typedHost)) return null;
  const host = asciiDomain(typedHost);
  return isAddress(`a@${host}`) ? `${local}@${host}` : null;
}

function addressOf(text: string): string | null {
  return parseNameAndAddress(withAsciiDomain(text)).email ?? ownLettersAddress(text);
}

/** The text without what a copy adds unseen, trimmed. */
function visible(text: string): string {
  return withoutInvisibles(text).replace(STRAY_JOINER, '').trim();
}

/**
 * What a `mailto:` link names, decoded: a page that built it with encodeURIComponent wrote "%40"
 * for "@" and "%2B" for "+" (RFC 6068), and "maya%2Bsales@…" is no one's address. Its headers
 * ("?subject=…") are not part of it. Any other text as it is.
 */
function linked(text: string): string {
  const link = /^mailto:([^?#]*)/i.exec(text);
  if (!link) return text;
  try {
    return visible(decodeURIComponent(link[1] ?? ''));
  } catch {
    // A "%" that encodes nothing ("100%@…"): the link as written, for the address check to judge.
    return text;
  }
}

/**
 * The address in what was typed or pasted: an address alone, a `mailto:` link, "Name <address>"
 * as mail chips copy, "Name (address)" as Teams, Slack and Outlook's desktop copy, or an address
 * in brackets or followed by a comma or a full stop; without the invisible characters a copy from
 * a right-to-left page, a chat or Windows brings along (direction marks, zero-width spaces).
 * Lowercased, its domain in ASCII. Null when there is none: a person is found by exact address
 * only, never by a guess.
 */
export function addressIn(typed: string): string | null {
  const text = linked(visible(typed)).replace(/[.,;:]+$/, '');
  const inRound = /\(([^()]*)\)$/.exec(text)?.[1];
  return (inRound === undefined ? null : addressOf(inRound)) ?? addressOf(text);
}
