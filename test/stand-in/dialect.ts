/**
 * Dialects: the stand-in's switchable answers to the gaps that the service interface leaves
 * "not shown". Every knob is orthogonal; `STANDARD_DIALECT` is the stand-in's default choice and
 * the presets bundle alternatives that a real server might plausibly pick.
 */

export interface Dialect {
  /** Name of the upload URL field in the presigned-url reply. */
  presignedFields: 'upload_url' | 'url' | 'presigned_url' | 'uploadUrl';
  /** Where the new recording's id goes; 'recording.id' = nested `{recording:{id,…}}`. */
  presignedId: 'recording_id' | 'id' | 'recording.id' | 'recordingId';
  /** expires_at = ISO time; expires_in = seconds; headers = `{headers:{'Content-Type':…}}` plus expires_at. */
  presignedExtras: 'expires_at' | 'expires_in' | 'headers' | 'none';
  /** objects: topics as {name}/{title}, action items as {title|description, due_date, owner, status}. */
  insightLists: 'strings' | 'objects';
  /** Preference flags as booleans, "true"/"false" strings or 1/0 numbers. */
  flags: 'boolean' | 'string' | 'number';
  /** objects = {contact_id,name,email}; strings = e-mails or bare names; mixed = both in one array. */
  participants: 'objects' | 'strings' | 'mixed';
  /** segments (seconds) | utterances (ms) | one `text` string | a text/plain body. */
  transcript: 'segments' | 'utterances' | 'text' | 'plain';
  /** Paging of the contact list. */
  contactList: 'items' | 'items-page' | 'items-cursor' | 'items-pagination';
  /** Which way of finding a contact by e-mail works. */
  contactLookup: 'email-param' | 'search-path' | 'by-email-path' | 'search-param-only' | 'ignores-filter';
  /** Where the insights of one recording live. */
  recordingInsights: 'insights-path' | 'recording-path' | 'embedded' | 'none';
  /** exotic: pending_upload / transcribing / analyzing / done / error. */
  recordingStatus: 'standard' | 'exotic';
  /** Error body style. */
  errorStyle: 'error-object' | 'problem' | 'message' | 'detail' | 'plain';
  /** create-only: GET and DELETE on webhooks answer 405. */
  webhookManagement: 'full' | 'create-only';
  /** true: upload URLs are issued already expired (every PUT gets 403 "Request has expired"). */
  expireUploadUrls: boolean;
}

export type PresetName = 'standard' | 'alt' | 'camel' | 'legacy' | 'sloppy';

export const STANDARD_DIALECT: Readonly<Dialect> = Object.freeze({
  presignedFields: 'upload_url',
  presignedId: 'recording_id',
  presignedExtras: 'expires_at',
  insightLists: 'strings',
  flags: 'boolean',
  participants: 'objects',
  transcript: 'segments',
  contactList: 'items',
  contactLookup: 'email-param',
  recordingInsights: 'insights-path',
  recordingStatus: 'standard',
  errorStyle: 'error-object',
  webhookManagement: 'full',
  expireUploadUrls: false,
});

export const PRESETS: Readonly<Record<PresetName, Readonly<Dialect>>> = Object.freeze({
  standard: STANDARD_DIALECT,
  alt: Object.freeze({
    ...STANDARD_DIALECT,
    presignedFields: 'url',
    presignedId: 'id',
    presignedExtras: 'expires_in',
    insightLists: 'objects',
    flags: 'string',
    participants: 'strings',
    transcript: 'text',
    contactList: 'items-page',
    contactLookup: 'search-path',
    recordingInsights: 'recording-path',
    recordingStatus: 'exotic',
    errorStyle: 'problem',
    webhookManagement: 'create-only',
  } satisfies Dialect),
  camel: Object.freeze({
    ...STANDARD_DIALECT,
    presignedFields: 'uploadUrl',
    presignedId: 'recording.id',
    presignedExtras: 'headers',
    insightLists: 'objects',
    flags: 'number',
    participants: 'mixed',
    transcript: 'utterances',
    contactList: 'items-cursor',
    contactLookup: 'by-email-path',
    recordingInsights: 'embedded',
    errorStyle: 'message',
  } satisfies Dialect),
  legacy: Object.freeze({
    ...STANDARD_DIALECT,
    presignedFields: 'presigned_url',
    presignedId: 'recordingId',
    presignedExtras: 'none',
    transcript: 'plain',
    contactList: 'items-pagination',
    contactLookup: 'ignores-filter',
    recordingInsights: 'none',
    errorStyle: 'detail',
  } satisfies Dialect),
  sloppy: Object.freeze({
    ...STANDARD_DIALECT,
    contactLookup: 'search-param-only',
    errorStyle: 'plain',
    flags: 'string',
  } satisfies Dialect),
});

/** Every allowed value of every knob: used to validate dialects arriving over HTTP or the CLI. */
export const DIALECT_VALUES: { readonly [K in keyof Dialect]: readonly Dialect[K][] } = {
  presignedFields: ['upload_url', 'url', 'presigned_url', 'uploadUrl'],
  presignedId: ['recording_id', 'id', 'recording.id', 'recordingId'],
  presignedExtras: ['expires_at', 'expires_in', 'headers', 'none'],
  insightLists: ['strings', 'objects'],
  flags: ['boolean', 'string', 'number'],
  participants: ['objects', 'strings', 'mixed'],
  transcript: ['segments', 'utterances', 'text', 'plain'],
  contactList: ['items', 'items-page', 'items-cursor', 'items-pagination'],
  contactLookup: ['email-param', 'search-path', 'by-email-path', 'search-param-only', 'ignores-filter'],
  recordingInsights: ['insights-path', 'recording-path', 'embedded', 'none'],
  recordingStatus: ['standard', 'exotic'],
  errorStyle: ['error-object', 'problem', 'message', 'detail', 'plain'],
  webhookManagement: ['full', 'create-only'],
  expireUploadUrls: [false, true],
};

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === 'string' && (PRESET_NAMES as string[]).includes(value);
}

/** A preset by name, or the standard dialect with the given overrides. Throws on unknown values. */
export function resolveDialect(input: Partial<Dialect> | PresetName | undefined): Dialect {
  if (input === undefined) return { ...STANDARD_DIALECT };
  if (typeof input === 'string') {
    if (!isPresetName(input)) throw new Error(`Unknown dialect preset "${String(input)}" (known: ${PRESET_NAMES.join(', ')})`);
    return { ...PRESETS[input] };
  }
  return { ...STANDARD_DIALECT, ...validateDialectPatch(input) };
}

/** Checks an untrusted object (e.g. JSON from the control endpoint) and returns it as a partial dialect. */
export function validateDialectPatch(input: unknown): Partial<Dialect> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('A dialect must be an object');
  const out: Partial<Dialect> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (!(key in DIALECT_VALUES)) throw new Error(`Unknown dialect knob "${key}"`);
    if (value === undefined) continue;
    const allowed = DIALECT_VALUES[key as keyof Dialect] as readonly unknown[];
    if (!allowed.includes(value)) {
      throw new Error(`Invalid value ${JSON.stringify(value)} for dialect knob "${key}" (allowed: ${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
    }
    Object.assign(out, { [key]: value });
  }
  return out;
}
