/**
 * Invisible characters a copy from a chat, a web page or a document brings along (zero-width
 * space, direction marks, embeddings and isolates, word joiner, byte-order mark, soft hyphen):
 * never part of an address, and no difference between two names that look alike. Not the
 * zero-width joiner and non-joiner (U+200C, U+200D), which spell words in Persian and the Indic
 * scripts (and emoji): without them, a name is another name.
 */
const INVISIBLE = /[\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}
