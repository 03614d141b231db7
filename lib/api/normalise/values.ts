/**
 * The primitive readers every other reader builds on: objects, text, numbers, flags, ids, and
 * the error for a reply that lacks what the view needs.
 */
import { z } from 'zod/mini';
import { ApiError } from '../errors';
import { withoutInvisibles } from '../../format/invisible';

export const Obj = z.record(z.string(), z.unknown());
export type Obj = z.infer<typeof Obj>;

export const Scalar = z.union([z.string(), z.number()]);

export function isObj(value: unknown): value is Obj {
  return Obj.safeParse(value).success && !Array.isArray(value);
}

/**
 * How servers write "no value" as text: Python's str(None), JavaScript's String(undefined), forms'
 * N/A, an empty list or object serialised into a text column.
 */
const PLACEHOLDERS = new Set(['none', 'null', 'undefined', 'n/a', '[]', '{}', '""']);

/**
 * A missing number as text, as JavaScript ("NaN") and Python's str() of pandas' missing value
 * ("nan") write it; in its own case only, as "Nan" is a given name.
 */
const NOT_A_NUMBER = new Set(['NaN', 'nan']);

/** An object made text by JavaScript (String({}), a template literal): "[object Object]", perhaps several joined by commas. */
const OBJECT_AS_TEXT = /^\[object \w+\](?:\s*,\s*\[object \w+\])*$/;

/**
 * A list or an object that came serialised as text (a JSON column read as a string:
 * `'["Q3 roadmap", "hiring"]'`): the value it holds. Anything else is returned as it is.
 */
export function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const first = text[0];
  if (!((first === '[' && text.endsWith(']')) || (first === '{' && text.endsWith('}')))) return value;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : value;
  } catch {
    return value;
  }
}

/**
 * A scalar as text to show: trimmed, numbers as strings; missing when it would show nothing (blank,
 * or only invisible characters: a zero-width space, a direction mark), when a placeholder word, a
 * missing number ("NaN") or an object made text ("[object Object]"), or a lone dash ("-", "—": how
 * a template or a spreadsheet writes none).
 */
export function scalarText(value: unknown): string | null {
  const parsed = Scalar.safeParse(value);
  if (!parsed.success) return null;
  const text = String(parsed.data).trim();
  const seen = withoutInvisibles(text).trim();
  const nothing = seen === '' || /^\p{Pd}+$/u.test(seen) || PLACEHOLDERS.has(seen.toLowerCase()) || NOT_A_NUMBER.has(seen) || OBJECT_AS_TEXT.test(seen);
  return nothing ? null : text;
}

/** First present, non-empty text among the given keys (numbers become strings). */
export function textOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const text = scalarText(source[key]);
    if (text !== null) return text;
  }
  return null;
}

export function numberOf(source: Obj, ...keys: string[]): number | null {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

export function invalid(what: string): ApiError {
  return new ApiError('invalid_response', `The service’s reply is missing ${what}.`);
}

/** Keys under which servers send an id: the usual ones, Mongo's `_id` and Django's `pk`. */
export const ID_KEYS = ['id', '_id', 'pk'];

/** An id among `keys`, also Mongo's extended JSON `{_id: {$oid: "…"}}`. */
export function idOf(source: Obj, ...keys: string[]): string | null {
  const id = textOf(source, ...keys);
  if (id !== null) return id;
  const oid = keys.includes('_id') && isObj(source._id) ? source._id : null;
  return oid === null ? null : textOf(oid, '$oid');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether two ids name the same record: as written, spaces around aside; a UUID in either case
 * (SQL Server's uniqueidentifier prints it in capitals where another table keeps it in small letters).
 */
export function sameId(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  return x === y || (UUID.test(x) && x.toLowerCase() === y.toLowerCase());
}

// Postgres prints booleans as text `t` / `f`.
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on', 't']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off', 'f']);

export function toFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return null;
}
