/**
 * JSON.parse, with integers past 2^53 kept as the text the service wrote them in (int64 and
 * Snowflake ids, as Go, Java and Rust servers write them by default). Read as numbers they are
 * rounded: one contact's id can then read as another's, and a briefing show someone else's
 * insights. Strings, fractions and exponents are left as they are. (A reviver reading
 * `context.source` would do it too, but not in every browser Primer supports.)
 */

/** Only a text with this many digits in a row can hold such a number: the rest is parsed as it is. */
const LONG_RUN = /\d{16}/;
/** A string (skipped whole, escapes included), or a whole integer of 16 digits or more. */
const STRING_OR_LONG_INTEGER = /("(?:[^"\\]|\\.)*")|(?<![\w.+-])(-?\d{16,})(?![\w.])/g;

/** A string (skipped whole), or the bare word NaN, Infinity or -Infinity. */
const STRING_OR_NON_FINITE = /("(?:[^"\\]|\\.)*")|(?<![\w.+-])-?(?:NaN|Infinity)(?![\w.])/g;

function parseKeepingLongIntegers(text: string): unknown {
  if (!LONG_RUN.test(text)) return JSON.parse(text);
  return JSON.parse(
    text.replace(STRING_OR_LONG_INTEGER, (all, string: string | undefined, digits: string | undefined) =>
      string ?? (Number.isSafeInteger(Number(digits)) ? all : `"${digits}"`),
    ),
  );
}

/**
 * Also reads the bare words NaN, Infinity and -Infinity, which Python's json.dumps writes for such
 * floats unless told not to (Flask's jsonify and Django's JsonResponse do not tell it), as null: no
 * value. JSON.parse refuses them, and a whole briefing failed over one value, often a field Primer
 * does not read. Tried only once the text failed to parse.
 */
export function parseJson(text: string): unknown {
  try {
    return parseKeepingLongIntegers(text);
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
    return parseKeepingLongIntegers(text.replace(STRING_OR_NON_FINITE, (_all, string: string | undefined) => string ?? 'null'));
  }
}
