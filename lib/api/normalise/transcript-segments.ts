/**
 * A transcript given as a list of segments (utterances, sentences, Rev.ai monologues): speakers,
 * and times in seconds, milliseconds, clocks or ISO-8601 durations.
 */
import type { TranscriptSegment } from '../../models';
import { isObj, numberOf, Scalar, scalarText, textOf, type Obj } from './values';
import { nameFromParts } from './person-name';

/** "01:02:03.5", "02:03" or SRT's "00:01:23,456": hours (optional), minutes, seconds. */
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)$/;
const ISO_DURATION = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * Protobuf's Duration as an object (`{seconds: "63", nanos: 500000000}`), as Google's client
 * libraries hand it on rather than as JSON's "63.5s"; either part may be left out (proto3 omits
 * zeros). Null for any other value.
 */
function protobufDuration(value: unknown): number | null {
  if (!isObj(value) || !('seconds' in value || 'nanos' in value)) return null;
  const seconds = value.seconds === undefined ? 0 : Number(value.seconds);
  const nanos = value.nanos === undefined ? 0 : Number(value.nanos);
  return typeof value.seconds !== 'boolean' && typeof value.nanos !== 'boolean' && Number.isFinite(seconds) && Number.isFinite(nanos) ? seconds + nanos / 1e9 : null;
}

/**
 * Seconds from 63.5, "63.5", a clock "01:02:03.5" or "02:03" (the fraction after a dot or, as
 * SRT writes it, a comma), an ISO-8601 duration "PT1M3.5S" (Java's, .NET's, Go's encoders),
 * protobuf JSON's "63.5s" (Google) or its Duration object (protobufDuration), or milliseconds
 * with their unit ("1500ms").
 */
export function toSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return protobufDuration(value);
  const trimmed = value.trim();
  const plain = /^(\d+(?:\.\d+)?)s?$/i.exec(trimmed);
  if (plain) return Number(plain[1]);
  const ms = /^(\d+(?:\.\d+)?)\s*ms$/i.exec(trimmed);
  if (ms) return Number(ms[1]) / 1000;
  // Only a clock's fraction may follow a comma: a bare "1,500" may be a thousands separator.
  const clock = CLOCK.exec(trimmed);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]?.replace(',', '.'));
  const iso = ISO_DURATION.exec(trimmed);
  // "P" and "PT" match with no part at all: no duration.
  if (!iso || iso.slice(1).every((part) => part === undefined)) return null;
  const [days, hours, minutes, seconds] = iso.slice(1).map((part) => Number(part ?? 0));
  return (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/**
 * A time read from a segment; `bare`: a plain number under a key that does not say its unit
 * ("start"); `clock`: written as a clock, "hms" with hours, "ms" without (a clock may be a time
 * of day rather than an offset: see clocksAreOffsets).
 */
interface SegmentTime {
  value: number;
  bare: boolean;
  clock?: 'hms' | 'ms';
}

/** How a value is written as a clock, if it is. */
function clockForm(value: unknown): 'hms' | 'ms' | undefined {
  const clock = typeof value === 'string' ? CLOCK.exec(value.trim()) : null;
  return clock ? (clock[1] === undefined ? 'ms' : 'hms') : undefined;
}

/**
 * A time under `start`/`end` keys (seconds, or milliseconds by key or by the series). A number from
 * 2000-01-01 on in epoch seconds is a moment (Unix time in seconds or milliseconds: a live pipeline's
 * stamp), when the words were said, not how far in: no offset, as under `timestamp` (clockTime).
 */
function segmentTime(entry: Obj, secondsKeys: string[], msKeys: string[]): SegmentTime | null {
  for (const key of msKeys) {
    const ms = numberOf(entry, key);
    if (ms !== null) return ms >= EARLIEST_MOMENT_S ? null : { value: ms / 1000, bare: false };
  }
  for (const key of secondsKeys) {
    const seconds = toSeconds(entry[key]);
    if (seconds !== null) {
      return seconds >= EARLIEST_MOMENT_S ? null : { value: seconds, bare: Scalar.safeParse(entry[key]).success && /^[\d.\s]+$/.test(String(entry[key])), clock: clockForm(entry[key]) };
    }
  }
  return null;
}

/** A time under a key that says seconds (`start_seconds`). */
function secondsTime(entry: Obj, ...keys: string[]): SegmentTime | null {
  const value = numberOf(entry, ...keys);
  return value === null ? null : { value, bare: false };
}

/** 2000-01-01 in epoch seconds: a number from here on (seconds or milliseconds) is a moment, not an offset. */
const EARLIEST_MOMENT_S = 946_684_800;

/**
 * A time under a key that may also hold a moment (`timestamp`): a clock or duration text
 * ("00:01:23"), or a number too small to be a moment (65.2, 65200: seconds or milliseconds, as
 * the series shows). A date there, or epoch seconds or milliseconds, is when it was said, not how
 * far into the recording.
 */
function clockTime(entry: Obj, ...keys: string[]): SegmentTime | null {
  for (const key of keys) {
    const value = entry[key];
    const number = numberOf(entry, key);
    if (number !== null && number >= 0 && number < EARLIEST_MOMENT_S) return { value: number, bare: true };
    const seconds = typeof value === 'string' && !/^[\d.\s]+$/.test(value) ? toSeconds(value) : null;
    if (seconds !== null) return { value: seconds, bare: false, clock: clockForm(value) };
  }
  return null;
}

/**
 * A speaker as read: the name to show, the number the server gave them (even when named), and a
 * label that names no one (an id: "3f0e2b1c-…", "spk_a"), counted in order of first words.
 */
interface SpeakerDraft {
  name: string | null;
  number: number | null;
  label?: string;
}

/** A diarisation number as a label: "SPEAKER_00", "spk_1", "2". */
const SPEAKER_NUMBER = /^(?:(?:speaker|spk)[\s_-]?)?(\d{1,3})$/i;

/**
 * Ids that are no names: UUIDs, long numbers (Gong's `speakerId`, 19 digits; a diarisation number
 * has 1–3, SPEAKER_NUMBER) and diarisation labels with a letter ("spk_a", "SPEAKER_B").
 */
const SPEAKER_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4,}|(?:spk|speaker)[\s_-]?[a-z])$/i;

/**
 * AssemblyAI's lone "A", "B" (which a screen reader would read as the article): a label, unless
 * given as a name beside the service's own label for the voice (`{id: 'spk_0', name: 'J'}`).
 */
const LONE_LETTER = /^[a-z]$/i;

const NAME_KEYS = ['name', 'display_name', 'displayName', 'full_name', 'fullName'];

/** Whether a speaker's "name" is a label that names no one: an id, or a diarisation number ("SPEAKER_00", "spk_1", "2"). */
export function isSpeakerLabel(text: string): boolean {
  return SPEAKER_ID.test(text) || SPEAKER_NUMBER.test(text);
}

/**
 * A text transcript's speakers, diarisation codes ("SPEAKER_00", "spk_0", "spk_a") named as
 * segmentsOf names them: "Speaker n" counted from 1 (a series holding 0 shifted), other labels in
 * order of first words. Names, and labels written out ("Speaker 2"), are kept as written.
 */
export function labelsAsSpeakers(speakers: readonly (string | null)[]): (string | null)[] {
  const numberOf = (name: string | null) => {
    const digits = name === null || /^speaker\s+\d+$/i.test(name) ? undefined : SPEAKER_NUMBER.exec(name)?.[1];
    return digits === undefined ? null : Number(digits);
  };
  const firstNumber = speakers.some((name) => numberOf(name) === 0) ? 0 : 1;
  const labels = [...new Set(speakers.filter((name) => name !== null && SPEAKER_ID.test(name)))];
  return speakers.map((name) => {
    const number = numberOf(name);
    if (number !== null) return `Speaker ${number - firstNumber + 1}`;
    return name !== null && SPEAKER_ID.test(name) ? `Speaker ${labels.indexOf(name) + 1}` : name;
  });
}

/** A segment as read, before the transcript as a whole settles time units and speaker numbers. */
interface SegmentDraft {
  speaker: SpeakerDraft;
  start: SegmentTime | null;
  end: SegmentTime | null;
  text: string;
}

/** Where a segment holds its words, and where Google Speech-to-Text's results do: in the first (likeliest) of their alternatives. */
const TEXT_KEYS = ['text', 'content', 'transcript', 'utterance', 'sentence'];
const ALTERNATIVE_TEXT_KEYS = ['transcript', 'text', 'content'];

function firstAlternative(entry: Obj): Obj {
  return Array.isArray(entry.alternatives) && isObj(entry.alternatives[0]) ? entry.alternatives[0] : {};
}

/**
 * Where a segment holds its words or sentences instead of a text: Recall.ai's `words: [{text,
 * start_timestamp, end_timestamp}]`, Gong's `sentences: [{start, end, text}]`.
 */
const PART_LIST_KEYS = ['words', 'sentences'];
const PART_TEXT_KEYS = ['text', 'punctuated_word', 'punctuatedWord', 'word', 'content'];

function partsOf(entry: Obj): Obj[] | null {
  const list = PART_LIST_KEYS.map((key) => entry[key]).find(Array.isArray);
  return list === undefined ? null : list.filter(isObj);
}

/**
 * Whether an entry is shaped as a segment, blank or not: a stretch of a silent recording is one
 * with no words (`{start, end, text: ''}`).
 */
export function isSegmentLike(entry: unknown): boolean {
  if (typeof entry === 'string') return true;
  if (!isObj(entry)) return false;
  const alternative = firstAlternative(entry);
  return Array.isArray(entry.elements) || partsOf(entry) !== null || TEXT_KEYS.some((key) => typeof entry[key] === 'string') || ALTERNATIVE_TEXT_KEYS.some((key) => typeof alternative[key] === 'string');
}

/** Where a speaker is given by address only (a meeting platform's `{id, email}`): who they are, as no id says. */
const EMAIL_KEYS = ['email', 'email_address', 'emailAddress'];

/** A speaker object's name: whole, else its parts (a serializer's `first_name`, `last_name`), else their address. */
function speakerObjectName(speaker: Obj): string | null {
  return textOf(speaker, ...NAME_KEYS) ?? nameFromParts(speaker) ?? textOf(speaker, ...EMAIL_KEYS);
}

function toSegmentDraft(entry: unknown, speakers: ReadonlyMap<string, string>): SegmentDraft | null {
  if (typeof entry === 'string') return entry.trim() === '' ? null : { speaker: { name: null, number: null }, start: null, end: null, text: entry.trim() };
  if (!isObj(entry)) return null;
  // Recall.ai names the speaker as a `participant: {id, name}`.
  const speakerValue = entry.speaker ?? (isObj(entry.participant) ? entry.participant : undefined);
  const named = isObj(speakerValue) ? speakerObjectName(speakerValue) : textOf(entry, 'speaker_name', 'speakerName', 'speaker_email', 'speakerEmail');
  const labelled = isObj(speakerValue) ? textOf(speakerValue, 'label', 'id') : textOf(entry, 'speaker', 'speaker_label', 'speakerLabel', 'speaker_id', 'speakerId');
  // A name before a number or label: Rev.ai sends both (`speaker: 0, speaker_name: "Maya"`).
  const name = named ?? labelled ?? (isObj(speakerValue) ? null : textOf(entry, 'name'));
  // A letter given as a name is someone's ("J"); only a bare label ("A", AssemblyAI's) is a voice's.
  const letterIsName = named !== null;
  // Said only under an id key (`speaker_id`, a speaker's `id`): a token of 6 or more with a digit in
  // it is an id (a Mongo ObjectId, a cuid, "usr_8f3k2x"), no name; a name there ("Maya Chen",
  // Gong's) and a short label ("S1") are kept.
  const byIdOnly = named === null && (isObj(speakerValue) ? textOf(speakerValue, 'label') === null : textOf(entry, 'speaker', 'speaker_label', 'speakerLabel') === null);
  const opaqueId = (text: string) => byIdOnly && /^(?=\S*\d)\S{6,}$/.test(text);
  // Diarisation numbers speakers (Deepgram's `speaker: 0`, pyannote's and WhisperX's "SPEAKER_00",
  // AWS Transcribe's "spk_0"); such a label is no name to show.
  const digits = (text: string | null) => {
    const number = text === null ? undefined : SPEAKER_NUMBER.exec(text)?.[1];
    return number === undefined ? null : Number(number);
  };
  const id = isObj(speakerValue) ? textOf(speakerValue, 'id') : textOf(entry, 'speaker_id', 'speakerId', 'speaker');
  // Named in the transcript's own list of speakers (`speakers: [{id, name}]`).
  const listed = (id !== null ? speakers.get(id) : undefined) ?? (name !== null ? speakers.get(name) : undefined);
  const speaker: SpeakerDraft = listed
    ? { name: listed, number: null }
    : name !== null && (SPEAKER_ID.test(name) || opaqueId(name) || (!letterIsName && LONE_LETTER.test(name)))
      ? { name: null, number: null, label: name }
      : { name: digits(name) === null ? name : null, number: digits(name) ?? digits(id) };
  if (Array.isArray(entry.elements)) return monologueDraft(entry.elements, speaker);
  const text = textOf(entry, ...TEXT_KEYS) ?? textOf(firstAlternative(entry), ...ALTERNATIVE_TEXT_KEYS);
  const parts = text === null ? partsOf(entry) : null;
  if (parts !== null) return partsDraft(entry, parts, speaker);
  if (text === null) return null;
  return { speaker, start: startOf(entry), end: endOf(entry), text };
}

function startOf(entry: Obj): SegmentTime | null {
  return (
    segmentTime(entry, ['start', 'start_time', 'startTime', 'offset', 'from'], ['start_ms', 'startMs', 'start_time_ms']) ??
    secondsTime(entry, 'start_seconds', 'startSeconds') ??
    clockTime(entry, 'timestamp', 'time')
  );
}

function endOf(entry: Obj): SegmentTime | null {
  return segmentTime(entry, ['end', 'end_time', 'endTime', 'to'], ['end_ms', 'endMs', 'end_time_ms']) ?? secondsTime(entry, 'end_seconds', 'endSeconds');
}

/** Recall.ai's word times: seconds into the recording, or `{relative, absolute}` (the relative one). */
function recallTime(part: Obj, key: string): SegmentTime | null {
  const value = isObj(part[key]) ? part[key].relative : part[key];
  return typeof value === 'number' && Number.isFinite(value) ? { value, bare: false } : null;
}

/** A segment of words or sentences (see PART_LIST_KEYS): their texts joined, from the first's start to the last's end unless it says its own. */
function partsDraft(entry: Obj, parts: Obj[], speaker: SpeakerDraft): SegmentDraft | null {
  const said = parts.flatMap((part) => textOf(part, ...PART_TEXT_KEYS) ?? []);
  const text = said.join(' ').trim();
  if (text === '') return null;
  const first = parts[0];
  const last = parts.at(-1);
  return {
    speaker,
    start: startOf(entry) ?? (first ? (startOf(first) ?? recallTime(first, 'start_timestamp')) : null),
    end: endOf(entry) ?? (last ? (endOf(last) ?? recallTime(last, 'end_timestamp')) : null),
    text,
  };
}

/**
 * A Rev.ai monologue, one speaker's turn as timed words and punctuation, is one segment: from its
 * first word's `ts` to its last word's `end_ts`, in seconds as Rev.ai documents them. Punctuation
 * carries its own spaces; words with none between them get one; other elements (`<unknown>`) are
 * no words.
 */
function monologueDraft(elements: unknown[], speaker: SpeakerDraft): SegmentDraft | null {
  let text = '';
  let start: number | null = null;
  let end: number | null = null;
  for (const element of elements.filter(isObj)) {
    const type = textOf(element, 'type') ?? 'text';
    if (type === 'punct' && typeof element.value === 'string') text += element.value;
    const word = type === 'text' ? scalarText(element.value) : null;
    if (word === null) continue;
    text += (/\S$/.test(text) ? ' ' : '') + word;
    start ??= numberOf(element, 'ts');
    end = numberOf(element, 'end_ts') ?? end;
  }
  text = text.replace(/\s+/g, ' ').trim();
  const seconds = (value: number | null) => (value === null ? null : { value, bare: false });
  return text === '' ? null : { speaker, start: seconds(start), end: seconds(end), text };
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] ?? null);
}

/** Longer than any real turn in seconds, shorter than any real turn in milliseconds. */
const TURN_SPLIT = 120;

/**
 * Whether the bare numbers under "start"/"end" are milliseconds (AssemblyAI) rather than seconds
 * (Deepgram, most others). Milliseconds are whole numbers; and then the series' shape decides: a
 * typical turn (end − start), or, without ends, a typical step between starts, of more than
 * 2 minutes means milliseconds, as does a time past a day. Limits: whole-second transcripts whose
 * typical turn passes 2 minutes read as milliseconds; a lone short ms segment with no end (under
 * 86 400) reads as seconds; a duration in the reply settles both.
 */
function bareTimesInMs(drafts: SegmentDraft[], durationSeconds: number | null): boolean {
  const bare = drafts.flatMap(({ start, end }) => [start, end]).filter((time) => time?.bare === true);
  if (bare.length === 0 || !bare.every((time) => Number.isInteger(time?.value))) return false;
  // The recording's length settles it where the reply gives a plausible one (under a day: a
  // `duration` in milliseconds is no length in seconds): the last time fits it in seconds, with
  // room for a last turn ending after it, or only in milliseconds.
  // Not Math.max(...times): spread, a long recording's 100,000 segments overflow the stack.
  const last = bare.reduce((most, time) => Math.max(most, time?.value ?? 0), -Infinity);
  if (durationSeconds !== null && durationSeconds <= 86_400) {
    const fits = (seconds: number) => seconds <= durationSeconds * 1.1 + 2;
    if (fits(last)) return false;
    if (fits(last / 1000) && last > durationSeconds * 10) return true;
  }
  if (bare.some((time) => (time?.value ?? 0) > 86_400)) return true;
  const turns = drafts.flatMap(({ start, end }) => (start && end && end.value > start.value ? [end.value - start.value] : []));
  const starts = drafts.flatMap(({ start }) => (start ? [start.value] : []));
  const steps = starts.slice(1).flatMap((value, index) => (value > (starts[index] ?? value) ? [value - (starts[index] ?? value)] : []));
  const typical = median(turns.length > 0 ? turns : steps);
  return typical !== null && typical > TURN_SPLIT;
}

/** No recording is silent for its first hour: a series of clocks that starts later tells times of day. */
const LATEST_FIRST_WORDS_S = 3600;

/**
 * Whether the clock-written times of a series are offsets into the recording. Not when they pass
 * the recording's duration (when the reply gives one), nor when the earliest of them with hours
 * ("14:32:05") starts an hour or more in: those are times of day (in a zone nobody said), and
 * shown as offsets they would put a 30-minute meeting's words 14 hours in.
 */
function clocksAreOffsets(drafts: SegmentDraft[], durationSeconds: number | null): boolean {
  const clocks = drafts.flatMap(({ start, end }) => [start, end]).filter((time) => time?.clock !== undefined);
  if (durationSeconds !== null && clocks.some((time) => (time?.value ?? 0) > durationSeconds + 1)) return false;
  const starts = drafts.flatMap(({ start }) => (start?.clock === 'hms' ? [start.value] : []));
  return starts.length === 0 || starts.some((start) => start < LATEST_FIRST_WORDS_S);
}

/**
 * The transcript's segments with times in seconds (clocks only when they are offsets: see
 * clocksAreOffsets) and unnamed numbered speakers as "Speaker n",
 * counted from 1: a series holding speaker 0 (named or not) is counted from 0 by the server
 * (Deepgram, Rev.ai) and shifted, one without starts at 1 already (speaker_id 1, 2) and is kept.
 */
export function segmentsOf(entries: unknown[], durationSeconds: number | null = null, speakers: ReadonlyMap<string, string> = new Map()): TranscriptSegment[] {
  const drafts = entries.map((entry) => toSegmentDraft(entry, speakers)).filter((draft) => draft !== null);
  const unit = bareTimesInMs(drafts, durationSeconds) ? 1000 : 1;
  const labels = [...new Set(drafts.flatMap(({ speaker }) => (speaker.label === undefined ? [] : [speaker.label])))];
  // Times of day are no offsets, and which day and zone is not said: not shown at all.
  const offsets = clocksAreOffsets(drafts, durationSeconds);
  const seconds = (time: SegmentTime | null) =>
    time === null || (time.clock !== undefined && !offsets) ? null : time.bare ? time.value / unit : time.value;
  const firstNumber = drafts.some(({ speaker }) => speaker.number === 0) ? 0 : 1;
  return drafts.map(({ speaker: { name, number, label }, start, end, text }) => ({
    speaker: name ?? (number !== null ? `Speaker ${number - firstNumber + 1}` : label !== undefined ? `Speaker ${labels.indexOf(label) + 1}` : null),
    start: seconds(start),
    end: seconds(end),
    text,
  }));
}
