/** Text from the service or a page, as something to show: blank (empty or only spaces) counts as missing. */
export function nonBlank(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * How topics are told apart: case (Turkish dotted and dotless i too), spaces, invisible format characters, the form of accents
 * and full-width letters (NFKC), curly or straight quotes, the kind of dash, spaces around a slash,
 * a dash, "&" or "+", "&" or "and", a hyphen, a space or nothing between words ("follow-up", "follow up", "followup"), punctuation at either end in any script
 * ("。", "「」", "¿?", "؟") and a regular plural ("s", "es", "ies") ignored. "Layoff", "Lay-offs" and "layoffs." are one topic, so a topic to avoid
 * is never also listed as one to raise.
 */
export function topicKey(topic: string): string {
  return topic
    .normalize('NFKC')
    // Invisible format characters: right-to-left marks around Arabic or Hebrew, zero-width spaces,
    // soft hyphens and byte-order marks a copy brings ("\u200Fالتسريحات\u200F" is "التسريحات").
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i')
    .replace(/[‘’‛′`]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/\s+/g, ' ')
    // Word and Outlook make " - " an en dash as it is typed: every dash is one, spaced or not, as "&" and "+" are.
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/\s*([/&+-])\s*/g, '$1')
    // "&" between words is "and": "Sales & marketing" is "Sales and marketing", "R&D" "R and D".
    .replace(/(?<=[\p{L}\p{N}])&(?=[\p{L}\p{N}])/gu, 'and')
    // A hyphen between words is a space ("follow-up" is "follow up"); not a leading minus ("-5%").
    .replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, ' ')
    // And the words joined: a compound is written closed, hyphenated or spaced ("layoffs", "Lay-offs";
    // "healthcare", "Health care"). Not two numbers: "2024 25" is not "202425".
    .replace(/(?<=\p{L}) (?=[\p{L}\p{N}])|(?<=\p{N}) (?=\p{L})/gu, '')
    // Punctuation, not symbols ("C++", "C#" and "R&D" keep theirs).
    .replace(/^(?:(?![#%&*@/\\])[\s\p{Po}\p{Ps}\p{Pe}\p{Pi}\p{Pf}])+|(?:(?![#%&*@/\\])[\s\p{Po}\p{Ps}\p{Pe}\p{Pi}\p{Pf}])+$/gu, '')
    // A plural: one final "s" of the last word (the words joined: "Follow-ups" is "followups"), when
    // four letters or more and not "ss", "us" or "is" ("class", "status", "analysis" kept). Only the
    // "s": "sales" is "sale", never "sal".
    .replace(/(?<!\p{L})(\p{L}{3,}(?<![isu]))s$/u, '$1')
    // The other regular plurals, once that "s" is gone: "-es" after s, x, z, ch or sh ("taxes",
    // "processes", "branches") and "-ies" ("salaries", "policies"). Applied to every spelling, so a
    // singular with the same ending ("cache", "cookie") still meets its own plural.
    .replace(/(?<!\p{L})(\p{L}+(?:ss|sh|ch|x|z))e$/u, '$1')
    .replace(/(?<!\p{L})(\p{L}{3,})ie$/u, '$1y');
}

/**
 * A list of topics as chips: each once (case and spaces ignored, first spelling kept), blanks
 * and what shows nothing dropped, so no topic shows twice and each has a key of its own.
 */
export function uniqueTopics(topics: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const topic of topics) {
    const text = nonBlank(topic);
    if (!text) continue;
    const key = topicKey(text);
    // Nothing left to tell it by (only invisible characters or punctuation): nothing to show either.
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/**
 * Text from a page or the service set inside Primer's own sentence where no <bdi> can be (a system
 * notification's plain text): between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
 * ISOLATE, so its direction, or an override or embedding left open in it, cannot reorder the words
 * around it (the closing isolate ends every one opened after its opening one: UAX #9, X6a). Its own
 * isolate marks are dropped: a stray U+2069 would close ours early, a stray opening one take our close.
 */
export function isolatedText(text: string): string {
  return `\u2068${text.replace(/[\u2066-\u2069]/g, '')}\u2069`;
}

/** How much of a service's own message is shown: enough to tell failures apart. */
export const SERVER_TEXT_MAX = 200;

/**
 * A message the service wrote itself (a processing error), fit to show: on one line, and cut to
 * `max` characters with an ellipsis, since it may be a whole stack trace or page. Null when blank.
 */
export function serverText(value: string | null | undefined, max = SERVER_TEXT_MAX): string | null {
  const text = nonBlank(value?.replace(/\s+/g, ' '));
  if (!text) return null;
  // By code point, so an emoji or other astral character is not cut in half.
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * A service's message as a sentence, for words of Primer's to follow it: services rarely end
 * theirs ("Invalid API key"). One already ended, before a closing quote or bracket too, is kept.
 */
export function sentence(message: string): string {
  return /[.!?…]["'”’)\]]*$/.test(message) ? message : `${message}.`;
}

/**
 * A server's code word as words to read: "transcription_completed" → "Transcription completed".
 * Words sent joined by their capitals (an enum serialised by name: "InProgress", "inReview") are
 * split first, else they read as one: "Inprogress".
 */
export function codeAsWords(code: string): string {
  // Only between words of two letters or more: "iOS", "eBay", "macOS" stay whole.
  const words = code.trim().replace(/(?<=\p{L}\p{Ll})(?=\p{Lu}\p{Ll})/gu, ' ').replace(/[\s_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A server's processing status as words. One with no word in it (a .NET enum's `2`) says no state
 * Primer could name: which number means what is the server's secret, so it is said to be unknown.
 */
export function statusAsWords(code: string): string {
  return /\p{L}/u.test(code) ? codeAsWords(code) : `Unknown status (${code.trim()})`;
}

/**
 * When a meeting is, as the calendar wrote it, fit to show on its own: Google Calendar separates
 * the date from the time with a bare "⋅" it spaces out with CSS only ("Tuesday, May 19,
 * 2026⋅10:00 – 10:45am"), which reads as one run-on word once copied; it is spaced like the
 * panel's own "·". Null when blank.
 */
export function calendarWhen(value: string | null | undefined): string | null {
  const text = nonBlank(value?.replace(/\s+/g, ' '));
  if (!text) return null;
  return text.split(/\s*[⋅·]\s*/).filter(Boolean).join(' · ');
}

/**
 * `text` cut into the pieces that should not be broken across lines (a time range, "10:00 – 10:45am")
 * and the rest, in order: a no-break space would not do, since a line may break after a dash.
 */
export function rangesApart(text: string): { text: string; range: boolean }[] {
  return text
    .split(/(\S+ [–-] \S+)/)
    .filter(Boolean)
    .map((piece) => ({ text: piece, range: /^\S+ [–-] \S+$/.test(piece) }));
}

/** Names as a sentence lists them: "Gmail", "Gmail and Outlook", "Calendar, Gmail and Outlook". */
export function joinedWithAnd(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
