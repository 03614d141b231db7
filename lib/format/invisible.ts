/**
 * Invisible characters a copy from a chat, a web page or a document brings along (zero-width
 * space, direction marks, word joiner, byte-order mark, soft hyphen): never part of an address.
 */
const INVISIBLE = /[\u00AD\u200B\u200E\u200F\u2060\uFEFF]/g;

export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}
