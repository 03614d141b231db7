/**
 * Lists of text however they come (strings, objects, counted maps, markdown text), and a text
 * field that may come as a list or an object.
 */
import { fromJsonText, isObj, scalarText, textOf, type Obj } from './values';
import { resourceOf } from './envelope';

/**
 * Where an object in a list keeps its text. What names the thing (a topic's name, a task's title,
 * a decision) comes before what explains it: `{name: "Budget", description: "Discussed the Q3…"}`
 * is the chip "Budget".
 */
export const ITEM_TEXT_KEYS = ['name', 'topic', 'title', 'keyword', 'subject', 'label', 'decision', 'task', 'text', 'description', 'summary', 'content', 'value'];
/**
 * Where a decision keeps its text: the decision itself before what it is filed under
 * (`{topic: "Vendor", decision: "Go with B"}` is "Go with B"); a topic only when nothing else is said.
 */
export const DECISION_TEXT_KEYS = ['decision', 'text', 'title', 'name', 'summary', 'description', 'content', 'value', 'subject', 'label', 'topic', 'keyword'];

/**
 * A map of entry → count or on/off (Python's Counter, `{"pricing": 5}`; events `{"x": true}`): the
 * entries counted or on, most counted first. Null when any value is something else.
 */
function countedKeys(value: Obj): string[] | null {
  const counted: [string, number][] = [];
  for (const [key, count] of Object.entries(value)) {
    if (typeof count !== 'number' && typeof count !== 'boolean') return null;
    if (Number(count) > 0) counted.push([key, Number(count)]);
  }
  return counted.sort((a, b) => b[1] - a[1]).map(([key]) => key);
}

/**
 * Lists grouped under headings, every value a list (a model's `{hobbies: ["golf"], work: ["AI"]}`):
 * the lists, in order. Null when any value is something else (`{name, aliases: […]}` is one thing).
 */
function groupedLists(value: Obj): unknown[][] | null {
  const lists = Object.values(value);
  return lists.every(Array.isArray) ? lists : null;
}

/** `[text, count]`, as Counter.most_common() writes an entry: its text. */
function pairText(entry: unknown): string | null {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'number' ? scalarText(entry[0]) : null;
}

/** Where one line of topics is split ("budget, hiring"). */
const TOPIC_SEPARATORS = /[,;]/;
/**
 * Where one line of sentences (decisions, action items) is split: at semicolons only. "Send the
 * deck to Maya, Dan and Priya by Friday" is one item.
 */
export const SENTENCE_SEPARATORS = /;/;

/**
 * A list written as text: a line at a time (a model's markdown: "- Go with B, from May", "1. Send
 * deck"), bullets and numbers dropped when there are several lines, and each line split at
 * `separators`, the same whether other lines follow or not: topics at commas too ("Layoffs,
 * restructuring"), sentences at semicolons only (their commas are their own).
 */
function textEntries(text: string, separators: RegExp): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) return text.split(separators);
  return lines.flatMap((line) => line.trim().replace(/^(?:[-*•+]|\d{1,3}[.)])\s+/, '').split(separators));
}

/** Where an object around a list keeps it: a nested page (`items`, DRF's `results`), a relation (Strapi's, JSON:API's `data`). */
const WRAPPED_LIST_KEYS = ['items', 'results', 'data'];

/**
 * The list an object wraps (`{items: […], total: 3}`, `{data: […]}`), each entry's own fields
 * (a relation keeps them under `attributes`); any other value as it is. Read as "an object is no
 * list", every topic and item in it was dropped: "No insights yet" for a full briefing.
 */
export function listIn(value: unknown): unknown {
  if (!isObj(value)) return value;
  const list = WRAPPED_LIST_KEYS.map((key) => value[key]).find(Array.isArray);
  return list === undefined ? value : list.map((entry: unknown) => (isObj(entry) ? resourceOf(entry) : entry));
}

/**
 * A list given as strings, as objects with a text-like field (among `keys`), as `[text, count]`
 * pairs, as a map of text → count, as lists under headings (groupedLists), as text (textEntries), or
 * wrapped in an object (listIn).
 */
export function toTextList(raw: unknown, keys: readonly string[] = ITEM_TEXT_KEYS, separators: RegExp = TOPIC_SEPARATORS): string[] {
  const value = listIn(fromJsonText(raw));
  if (isObj(value)) return countedKeys(value)?.flatMap((key) => scalarText(key) ?? []) ?? groupedLists(value)?.flatMap((list) => toTextList(list, keys, separators)) ?? [];
  const entries: unknown[] = typeof value === 'string' ? textEntries(value, separators) : Array.isArray(value) ? value : [];
  const out: string[] = [];
  for (const entry of entries) {
    const text = isObj(entry) ? textOf(entry, ...keys) : Array.isArray(entry) ? pairText(entry) : scalarText(entry);
    if (text !== null) out.push(text);
  }
  return out;
}

/** A test passing each entry the first time it comes, case and spaces aside ("Formal" after "formal" fails). */
function firstTimeOnly(): (entry: string) => boolean {
  const seen = new Set<string>();
  return (entry) => {
    const key = entry.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/** Ends a sentence: a stop, perhaps before a closing quote or bracket. */
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

/**
 * A list's entries as one line: each once (case and spaces aside: `["formal", "Formal"]` is one
 * word), words joined with commas ("formal, concise"), and after a sentence a space only: a
 * summary sent as its sentences read "detail-oriented., Warm with…".
 */
function joinedProse(list: readonly string[]): string | null {
  const once = firstTimeOnly();
  let out = '';
  for (const entry of list) {
    if (!once(entry)) continue;
    out += out === '' ? entry : `${SENTENCE_END.test(out) ? ' ' : ', '}${entry}`;
  }
  return out || null;
}

/**
 * Fields that describe a text rather than say it: an id, a time, its kind or source, a model's
 * name, its language. Read as prose they showed "ca_1, Lead with numbers, model".
 */
const ABOUT_THE_TEXT = /^(?:_?id|type|kind|source|model|version|lang(?:uage)?|locale|status|format)$|(?:_id|Id|_at|At|_date|Date)$/;

/**
 * An object's own fields as prose (`{style: "Direct", notes: "Short emails"}`, `{traits: ["curious",
 * "analytical"]}`): each field's text or list in order, each entry once (case aside). A field that
 * is a phrase is a statement of its own, so one before a capital is ended with a stop ("Direct and
 * data-first. Responds best to short emails"); words are joined with commas ("formal, brisk").
 * Numbers and flags (a confidence, a score) say nothing to show. Null when no field holds text.
 */
function fieldsProse(value: Obj): string | null {
  const once = firstTimeOnly();
  let out = '';
  let last = '';
  for (const [key, field] of Object.entries(value)) {
    if (ABOUT_THE_TEXT.test(key)) continue;
    const entries = typeof field === 'string' ? [scalarText(field) ?? ''] : Array.isArray(field) ? toTextList(field) : [];
    const text = joinedProse(entries.filter((entry) => entry !== '' && once(entry)));
    if (text === null) continue;
    const statement = /\s/.test(last) && /^\p{Lu}/u.test(text);
    out += out === '' ? text : SENTENCE_END.test(out) ? ` ${text}` : statement ? `. ${text}` : `, ${text}`;
    last = text;
  }
  return out || null;
}

/**
 * A text field (a tone, a summary) as one line of text, however it came: text, a list (joinedProse:
 * `["formal", "concise"]` is "formal, concise"), an object holding the text (`{summary: "…"}`,
 * `{value: "formal"}`) or its own fields of text (fieldsProse).
 */
export function proseOf(source: Obj, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = fromJsonText(source[key]);
    const text = Array.isArray(value) ? joinedProse(toTextList(value)) : isObj(value) ? (textOf(value, ...ITEM_TEXT_KEYS) ?? fieldsProse(value)) : scalarText(value);
    if (text !== null) return text;
  }
  return null;
}
