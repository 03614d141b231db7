/**
 * A title the form can start from: the event's or the file's, cut to what an upload takes (the
 * record's limit, checked again when the file is handed over) at a word break where there is one,
 * with an ellipsis so it reads as shortened rather than as the whole title.
 */
import { TITLE_MAX_LENGTH } from '@/lib/upload/record';

const ELLIPSIS = '…';

export function fitTitle(text: string, max = TITLE_MAX_LENGTH): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - ELLIPSIS.length);
  // Never half of a character outside the BMP (an emoji): a lone high surrogate is no text.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  // Back to the last word break, unless the cut falls on one already or one word fills most of it.
  if (!/^\s/.test(text.slice(head.length))) {
    const lastBreak = head.search(/\s\S*$/);
    if (lastBreak > max / 2) head = head.slice(0, lastBreak);
  }
  // "Budget, hiring and –…" reads better as "Budget, hiring and…".
  return `${head.replace(/[\s,;:\-–—]+$/u, '')}${ELLIPSIS}`;
}
