/**
 * Insights of a contact (topics, tone, preference flags) and of a recording (items, decisions, topics).
 */
import type { Insights, PreferenceFlags, RecordingInsights } from '../../models';
import { fromJsonText, invalid, isObj, numberOf, sameId, textOf, type Obj } from './values';
import { flagOrLikelihood, likelihoodOf } from './flag-likelihood';
import { dateOf } from './dates';
import { DECISION_TEXT_KEYS, ITEM_TEXT_KEYS, proseOf, SENTENCE_SEPARATORS, toTextList } from './text-lists';
import { resourceOf, unwrap } from './envelope';
import { toActionItems } from './action-items';
import { recordingBody } from './recordings';
import { ApiError, NOT_YET_CODE } from '../errors';
import { uniqueTopics } from '../../format/text';

const INSIGHT_PROBES = ['preferred_tone', 'communication_approach', 'total_conversations', 'recent_topics', 'preferredTone'];

/** A name without case, underscores, hyphens or spaces: `prefers_data_driven`, `prefersDataDriven` and "Prefers data-driven" alike. */
const squash = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();

/** Where a row of a list of preferences names its flag: `{name, value}`, an attribute table's `{key, value}`, `{flag, value}`. */
const FLAG_NAME_KEYS = ['name', 'key', 'flag', 'preference'];

/** Where an object keeps a flag's value (`{value: true, confidence: 0.8}`, `{probability: 0.9}`). */
const FLAG_VALUE_KEYS = ['value', 'enabled', 'probability', 'likelihood'];

/**
 * A flag's own value: as sent, or inside an object with its confidence; a probability (`0.9`,
 * `{probability: 0.9}`) only when confident (flag-likelihood.ts).
 */
function flagValue(value: unknown): boolean | null {
  return flagOrLikelihood(ownValue(value));
}

/** What a flag says as sent: the value itself, or the first one an object holds under FLAG_VALUE_KEYS. */
function ownValue(value: unknown): unknown {
  return isObj(value) ? FLAG_VALUE_KEYS.map((key) => value[key]).find((entry) => entry !== undefined && entry !== null) : value;
}

/**
 * `preferences` as a list: a name alone holds; an entry `{name, value}` holds or not as its value
 * says (a list of name/value pairs is no list of the names that hold).
 */
function listedFlags(list: unknown[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const entry of list) {
    const name = isObj(entry) ? textOf(entry, ...FLAG_NAME_KEYS, ...ITEM_TEXT_KEYS) : (toTextList([entry])[0] ?? null);
    const own = isObj(entry) ? ownValue(entry) : undefined;
    const value = flagOrLikelihood(own);
    // A row giving a probability it is unsure of (`{name, value: 0.5}`) says nothing of its flag.
    if (name !== null && !(value === null && likelihoodOf(own) !== null)) out.set(squash(name), value ?? true);
  }
  return out;
}

/**
 * Flags as sent, also each inside an object with its confidence (`{value: true, confidence: 0.8}`,
 * a model's output), or `preferences` as a list of the names that hold (listedFlags): those are
 * true, the rest unknown (a list does not say "no").
 */
function flagsOf(body: Obj): PreferenceFlags {
  // Also sent as text: a JSON column read as a string, or the names in one line ("prefers_direct, prefers_brevity").
  const preferences = fromJsonText(body.preferences);
  const flags = isObj(preferences) ? { ...body, ...preferences } : body;
  const listed = Array.isArray(preferences) ? listedFlags(preferences) : typeof preferences === 'string' ? listedFlags(toTextList(preferences)) : null;
  const flag = (snake: string, camel: string) => flagValue(flags[snake] ?? flags[camel]) ?? listed?.get(squash(snake)) ?? null;
  const read: PreferenceFlags = {
    prefersDataDriven: flag('prefers_data_driven', 'prefersDataDriven'),
    prefersDirect: flag('prefers_direct', 'prefersDirect'),
    valuesRelationships: flag('values_relationships', 'valuesRelationships'),
    dislikesSmallTalk: flag('dislikes_small_talk', 'dislikesSmallTalk'),
    prefersBrevity: flag('prefers_brevity', 'prefersBrevity'),
    dislikesJargon: flag('dislikes_jargon', 'dislikesJargon'),
  };
  // Every flag false is how a boolean column's default reads (a contact not analysed yet), not six
  // findings: taken as said, it made a full profile ("prefers an indirect approach", "puts the work
  // before rapport") out of nothing. Unknown, then; one true flag shows the profile was made.
  return Object.values(read).every((value) => value === false) ? NO_FLAGS : read;
}

const NO_FLAGS: PreferenceFlags = {
  prefersDataDriven: null,
  prefersDirect: null,
  valuesRelationships: null,
  dislikesSmallTalk: null,
  prefersBrevity: null,
  dislikesJargon: null,
};

const CONTACT_OWNER_KEYS = ['contact_id', 'contactId'];
const RECORDING_OWNER_KEYS = ['recording_id', 'recordingId'];

/** Where a list of insights sits in a reply: DRF's page, the interface's own list style, envelopes. */
const LIST_KEYS = ['results', 'items', 'data', 'insights'];

/**
 * Insights are one resource per contact or recording, yet some servers send them as a list or a
 * page of one (`[{…}]`, DRF's `{count, results: […]}`, `{items: […]}`, `{data: […]}`): none is
 * null, one is itself; of several, the one whose `ownerKeys` name `ownerId`, since guessing could
 * show another person's insights.
 */
function singleOf(raw: unknown, probeKeys: string[], ownerKeys: string[], ownerId: string): unknown {
  const listKey = isObj(raw) && !probeKeys.some((key) => key in raw) ? LIST_KEYS.find((key) => Array.isArray(raw[key])) : undefined;
  const list = Array.isArray(raw) ? raw : listKey !== undefined && isObj(raw) ? (raw[listKey] as unknown[]) : null;
  if (list === null) return raw;
  if (list.length <= 1) return list[0] ?? null;
  const own: unknown[] = list.filter((entry) => {
    const owner = isObj(entry) ? textOf(resourceOf(entry), ...ownerKeys) : null;
    return owner !== null && sameId(owner, ownerId);
  });
  if (own.length === 0) throw invalid('which of the several insights sent is meant');
  // Several of its own (a history of snapshots): the newest, else the first.
  return own.reduce((newest, entry) => (whenMade(entry) > whenMade(newest) ? entry : newest));
}

/** When an insights entry was made, as a comparable time (0 when it does not say). */
function whenMade(entry: unknown): number {
  const made = isObj(entry) ? dateOf(resourceOf(entry), 'updated_at', 'updatedAt', 'generated_at', 'generatedAt', 'created_at', 'createdAt') : null;
  const time = made === null ? NaN : Date.parse(made);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * How many conversations the insights come from: a whole number, 0 or more. Anything else is
 * unknown (some servers write -1 for it), never shown as "From -1 conversations".
 */
function conversationCountOf(body: Obj): number | null {
  const count = numberOf(body, 'total_conversations', 'totalConversations', 'conversation_count', 'conversationCount');
  return count !== null && Number.isInteger(count) && count >= 0 ? count : null;
}

/**
 * The id a reply names its owner by, when it does: it must be the one asked for. A server that
 * answered for someone else (a wrong join, a cache keyed without the id) would show another
 * person's insights under this name.
 */
function ownerOf(reply: unknown, ownerKeys: string[], asked: string, whose: string): string {
  // Said at any level of the envelopes read through (`{data: {contact_id, insights: {…}}}`).
  for (let level = reply, depth = 0; isObj(level) && depth < 3; depth++) {
    const resource = resourceOf(level);
    // `{contact: {id}, profile: {…}}`: the contact the insights are about, by its own id.
    // Only a `contact` or `person` names the subject: a record's `owner` or `user` is the account's.
    const beside = ownerKeys === CONTACT_OWNER_KEYS ? Object.entries(resource).find(([key, value]) => SUBJECT_KEYS.has(key.toLowerCase()) && isObj(value))?.[1] : undefined;
    const person = isObj(beside) ? textOf(resourceOf(beside), 'id', '_id') : null;
    const stated = textOf(resource, ...ownerKeys) ?? person;
    if (stated !== null && !sameId(stated, asked)) {
      throw new ApiError('invalid_response', `The service sent the insights of another ${whose} (${stated.slice(0, 80)}, not ${asked.slice(0, 80)}); Primer does not show them.`);
    }
    level = ['data', 'insights'].map((key) => resource[key]).find(isObj);
  }
  return asked;
}

/** Every field the insights are read from (squashed): a body with none of them holds them elsewhere, or none. */
const INSIGHT_FIELDS = new Set(
  [
    'communication_approach', 'communication_style', 'preferred_tone', 'tone', 'personality_summary', 'summary', 'recent_topics',
    'favorite_topics', 'favourite_topics', 'interests', 'sensitive_topics', 'topics_to_avoid', 'pending_action_items',
    'last_conversation_date', 'last_conversation_at', 'total_conversations', 'conversation_count', 'preferences',
    'prefers_data_driven', 'prefers_direct', 'values_relationships', 'dislikes_small_talk', 'prefers_brevity', 'dislikes_jargon',
  ].map(squash),
);
const insightFieldCount = (body: Obj) => Object.keys(body).filter((key) => INSIGHT_FIELDS.has(squash(key))).length;
const holdsInsights = (body: Obj) => insightFieldCount(body) > 0;
/** Where a reply puts the person the insights are about, not the insights. */
const PERSON_KEYS = new Set(['contact', 'person', 'user', 'owner']);
/** Of those, the ones naming whom the insights are about. */
const SUBJECT_KEYS = new Set(['contact', 'person']);

/**
 * The object the insights' fields are in: the body, or the one object inside it that holds them
 * under a name of the server's own (`{result: {…}}`, `{contact: {…}, profile: {…}}`), which read as
 * "no insights yet". A body saying it failed (`{success: false, error}`) is a failure.
 */
function insightFields(body: Obj): Obj {
  if (holdsInsights(body)) return body;
  if (body.success === false || body.ok === false) {
    const said = textOf(body, 'error', 'message', 'detail') ?? (isObj(body.error) ? textOf(body.error, 'message', 'detail') : null);
    throw new ApiError('invalid_response', `The service said it could not give the insights${said ? `: ${said.slice(0, 200)}` : ''}.`);
  }
  // The object with the most of them, never the person's own (a contact's `summary` is a bio).
  let best: Obj | null = null;
  for (const [key, value] of Object.entries(body)) {
    if (!isObj(value) || PERSON_KEYS.has(key.toLowerCase())) continue;
    const inner = resourceOf(value);
    if (holdsInsights(inner) && (best === null || insightFieldCount(inner) > insightFieldCount(best))) best = inner;
  }
  return best ?? body;
}

export function toInsights(raw: unknown, contactId: string): Insights {
  const single = singleOf(raw, INSIGHT_PROBES, CONTACT_OWNER_KEYS, contactId);
  const body = unwrap(single, INSIGHT_PROBES, ['insights', 'data']);
  // `{}` or null from a server with nothing yet is "no insights", not an error.
  if (body !== null && !isObj(body)) throw invalid('the insights');
  const b: Obj = isObj(body) ? insightFields(body) : {};
  return {
    contactId: ownerOf(single, CONTACT_OWNER_KEYS, contactId, 'contact'),
    communicationApproach: proseOf(b, 'communication_approach', 'communicationApproach', 'communication_style', 'communicationStyle'),
    preferredTone: proseOf(b, 'preferred_tone', 'preferredTone', 'tone'),
    personalitySummary: proseOf(b, 'personality_summary', 'personalitySummary', 'summary'),
    recentTopics: toTextList(b.recent_topics ?? b.recentTopics),
    favoriteTopics: toTextList(b.favorite_topics ?? b.favoriteTopics ?? b.favourite_topics ?? b.favouriteTopics),
    interests: toTextList(b.interests),
    sensitiveTopics: toTextList(b.sensitive_topics ?? b.sensitiveTopics ?? b.topics_to_avoid ?? b.topicsToAvoid),
    pendingActionItems: toActionItems(b.pending_action_items ?? b.pendingActionItems, { pendingOnly: true }),
    lastConversationDate: dateOf(b, 'last_conversation_date', 'lastConversationDate', 'last_conversation_at', 'lastConversationAt'),
    totalConversations: conversationCountOf(b),
    flags: flagsOf(b),
    updatedAt: dateOf(b, 'updated_at', 'updatedAt', 'generated_at'),
  };
}

/**
 * A processed recording without insights yet (they may follow its transcript): a `not_found` with
 * NOT_YET_CODE, never cached, looked for again while on screen.
 */
export function recordingInsightsNotYet(): ApiError {
  return new ApiError('not_found', 'The service has no insights for this recording yet.', { code: NOT_YET_CODE });
}

const RECORDING_INSIGHT_PROBES = ['action_items', 'key_decisions', 'topics_discussed', 'actionItems', 'keyDecisions', 'topicsDiscussed'];

export function toRecordingInsights(raw: unknown, recordingId: string): RecordingInsights {
  const single = singleOf(raw, RECORDING_INSIGHT_PROBES, RECORDING_OWNER_KEYS, recordingId);
  const body = unwrap(single, RECORDING_INSIGHT_PROBES, ['insights', 'data']);
  if (!isObj(body)) throw invalid('the recording’s insights');
  return {
    recordingId: ownerOf(single, RECORDING_OWNER_KEYS, recordingId, 'recording'),
    actionItems: toActionItems(body.action_items ?? body.actionItems, { pendingOnly: false, ofRecording: true }),
    // Each once, told apart as topics are (case, spaces, a closing stop aside): a model listing a
    // decision again ("Go with B", "go with B.") showed it twice under "Key decisions".
    keyDecisions: uniqueTopics(toTextList(body.key_decisions ?? body.keyDecisions ?? body.decisions, DECISION_TEXT_KEYS, SENTENCE_SEPARATORS)),
    topicsDiscussed: toTextList(body.topics_discussed ?? body.topicsDiscussed ?? body.topics),
  };
}

/**
 * Whether a recording detail carries its insights inline (one dialect of "insights by recording"):
 * under `insights`, in the recording or beside it (`{recording: {…}, insights: {…}}`, as a detail
 * with its related resources), or as the recording's own fields (`key_decisions` beside `status`).
 */
export function embeddedRecordingInsights(raw: unknown, recordingId: string): RecordingInsights | null {
  const body = recordingBody(raw);
  if (!isObj(body)) return null;
  if (isObj(body.insights)) return toRecordingInsights(body.insights, recordingId);
  // Beside the recording, at the top or in a `{data: …}` envelope.
  const around = [raw, isObj(raw) ? raw.data : null].filter(isObj).find((outer) => outer !== body && isObj(outer.insights));
  if (around !== undefined) return toRecordingInsights(around.insights, recordingId);
  const inline = RECORDING_INSIGHT_PROBES.some((key) => body[key] !== undefined && body[key] !== null);
  return inline ? toRecordingInsights(body, recordingId) : null;
}
