/**
 * A transcript given as text: plain lines with "Speaker:" labels, WebVTT/SRT cues, or Otter’s and
 * Zoom’s speaker header lines.
 */
import type { TranscriptSegment } from '../../models';
import { labelsAsSpeakers, toSeconds } from './transcript-segments';

const LINE_CLOCK = String.raw`\d{1,2}(?::\d{1,2}){1,2}(?:[.,]\d+)?`;
/**
 * A line with an optional leading time: `00:01:23`, `[00:01:23.5]`, `[00:01:23,456] -` (SRT-style
 * comma), or a range: Whisper's `[00:00.000 --> 00:05.000]`, `[00:01:05 - 00:01:09]`.
 */
const LINE_PATTERN = new RegExp(String.raw`^(?:\[?(${LINE_CLOCK})(?:\s*(?:-->|[-–])\s*(${LINE_CLOCK}))?\]?\s*[-–]?\s*)?(.+)$`);
const LABEL_PATTERN = /^([^:\n]{1,60}):\s+(.+)$/;
/** Lower-case words a name may hold: "Ludwig van Beethoven", "Maria de la Cruz". */
const NAME_PARTICLES = new Set(['al', 'bin', 'da', 'de', 'del', 'della', 'der', 'di', 'du', 'el', 'la', 'le', 'ten', 'ter', 'van', 'von', 'y']);

/**
 * Whether a line's "Label:" reads as a speaker ("Maya Chen", "Speaker 1", "Dr. Okafor"), not as
 * the start of a sentence ("Let me be clear", "So, the plan"): at most four words, the first
 * capitalised (or a script without capitals), the others capitalised, numbers or name particles;
 * no sentence punctuation.
 */
function looksLikeSpeaker(label: string): boolean {
  // Diarisation labels, as pyannote, WhisperX and AWS Transcribe write them ("SPEAKER_00", "spk_0", "spk_a").
  if (/^(?:speaker[\s_-]*\d+|(?:speaker|spk)[\s_-]?(?:\d{1,3}|[a-z]))$/i.test(label)) return true;
  if (/[,;!?"“”…]/.test(label)) return false;
  const words = label.split(/\s+/);
  if (words.length > 4 || !/^[\p{Lu}\p{Lt}\p{Lo}]/u.test(words[0] ?? '')) return false;
  return words.every(
    (word, index) =>
      // A full stop only ends a short word: an initial or a title ("J.", "Dr.").
      (!word.includes('.') || /^[\p{L}.]{1,4}$/u.test(word)) &&
      (index === 0 || /^[\p{Lu}\p{Lt}\p{Lo}\p{Nd}(]/u.test(word) || NAME_PARTICLES.has(word)),
  );
}

/**
 * Plain text: one segment per line, with an optional leading time and "Speaker:" label. A label
 * is a speaker only when it looks like one and the transcript bears it out: the same label starts
 * another line, or labelled lines are at least half of them. Otherwise "Agenda: budget" is text.
 */
export function segmentsFromText(text: string): TranscriptSegment[] {
  const lines = (subtitleCues(text) ?? headedBlocks(text) ?? plainLines(text)).map(({ start, end, rest, voice }) => ({
    start,
    end,
    rest,
    voice,
    label: voice === null ? speakerLabel(rest) : null,
  }));
  const uses = new Map<string, number>();
  for (const { label } of lines) if (label) uses.set(label.name, (uses.get(label.name) ?? 0) + 1);
  const labelledLines = [...uses.values()].reduce((sum, count) => sum + count, 0);
  const mostlyLabelled = labelledLines >= 2 && labelledLines * 2 >= lines.length;
  const spoken = lines.map(({ start, end, rest, voice, label }) => {
    if (voice !== null) return { speaker: voice, start, end, text: rest };
    const speaker = label && (mostlyLabelled || (uses.get(label.name) ?? 0) >= 2) ? label : null;
    return { speaker: speaker?.name ?? null, start, end, text: speaker ? speaker.text : rest };
  });
  // Turns go on over lines only where each turn is labelled, two speakers named or more. Under one
  // ("Interviewer: …" above the answers), a line without a label is someone else's.
  const named = new Set(spoken.flatMap(({ speaker }) => speaker ?? []));
  const segments = named.size >= 2 ? withTurnsGoingOn(spoken) : spoken;
  const speakers = labelsAsSpeakers(segments.map(({ speaker }) => speaker));
  return segments.map((segment, index) => ({ ...segment, speaker: speakers[index] ?? null }));
}

/**
 * A line without a label or a time of its own under a speaker's line is that speaker going on (a
 * turn wrapped over lines): shown alone, it was words said by no one. Not a sound alone
 * ("[Laughter]"), a line that reads as a header ("Budget 10:00", an agenda's) nor one with a label
 * not taken for a speaker ("The end: for now", a note's): those may be no one's words.
 */
function withTurnsGoingOn(segments: TranscriptSegment[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const segment of segments) {
    const previous = out.at(-1);
    const goesOn = segment.speaker === null && segment.start === null && segment.end === null && previous !== undefined && previous.speaker !== null;
    const ownLine = soundAlone(segment.text) || speakerHeader(segment.text) !== null || LABEL_PATTERN.test(withoutEmphasis(segment.text));
    if (goesOn && !ownLine) out[out.length - 1] = { ...previous, text: `${previous.text} ${segment.text}` };
    else out.push(segment);
  }
  return out;
}

/** A line of a text transcript: its times, its text, and the voice a subtitle cue names (`<v Maya>`). */
interface TextLine {
  start: number | null;
  end: number | null;
  rest: string;
  voice: string | null;
}

/**
 * A label in markdown emphasis, its colon inside or after it ("**Maya Chen:** Hello", "*Dan*: Hi",
 * "__Speaker 1:__"), as a model writing a transcript out puts it: "Maya Chen: Hello".
 */
const EMPHASISED_LABEL = /^(\*{1,2}|_{1,2})([^*_:\n]{1,60}?)(?::\1|\1:)\s+(.+)$/;

function withoutEmphasis(rest: string): string {
  const emphasised = EMPHASISED_LABEL.exec(rest);
  return emphasised ? `${emphasised[2]!.trim()}: ${emphasised[3]!}` : rest;
}

/** A name in brackets before the words, without a colon: "[Maya] hello", as some recorders and bots write a line. */
const BRACKETED_LABEL = /^\[([^\]\n]{1,60})\]\s+(.+)$/;
/** What a transcript marks in brackets that is no one speaking: "[Laughter]", "[Music]", "[Inaudible]". */
const SOUND_TAG = /^(?:music|laughter|laughs?|applause|inaudible|unintelligible|crosstalk|cross-talk|silence|pause|noise|background noise|coughs?|sighs?)$/i;

/** A line that is only a sound in brackets ("[Laughter]"): no one's words, so no one's to go on with. */
function soundAlone(rest: string): boolean {
  const tag = /^\[([^\]\n]{1,60})\]$/.exec(rest)?.[1]?.trim();
  return tag !== undefined && SOUND_TAG.test(tag);
}

/**
 * A line's "Label:" when it reads as a speaker's name (in brackets or not: "[Maya Chen]:"; in
 * emphasis: withoutEmphasis), with the text after it; or a name in brackets without the colon
 * ("[Maya] hello"), when no sound tag.
 */
function speakerLabel(rest: string): { name: string; text: string } | null {
  const labelled = LABEL_PATTERN.exec(withoutEmphasis(rest));
  const name = labelled?.[1]?.trim().replace(/^\[([^\]]+)\]$/, '$1').trim();
  if (name && looksLikeSpeaker(name)) return { name, text: labelled?.[2]?.trim() ?? '' };
  const bracketed = BRACKETED_LABEL.exec(rest);
  const inBrackets = bracketed?.[1]?.trim();
  return inBrackets && looksLikeSpeaker(inBrackets) && !SOUND_TAG.test(inBrackets) ? { name: inBrackets, text: bracketed?.[2]?.trim() ?? '' } : null;
}

function nonBlankLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A line holding only a time ("00:05:00", "[00:00:12]"), as Google Meet writes one every few minutes. */
const TIME_ALONE = new RegExp(String.raw`^\[?(${LINE_CLOCK})\]?$`);

/** Rev's and Descript's speaker, time and words on one line: "Maya Chen (00:01:05): Hello", "Speaker 1 [00:05]: Hi". */
const SAME_LINE_HEADER = new RegExp(String.raw`^([^:\n()[\]]{1,60}?)\s+(?:\((${LINE_CLOCK})\)|\[(${LINE_CLOCK})\]):\s+(.+)$`);

function plainLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  // A time alone on its line is the time of the line after it, not a line (read as one, "00:00:12"
  // was a line "2" said at 0:01).
  let timeAbove: number | null = null;
  for (const line of nonBlankLines(text)) {
    const alone = TIME_ALONE.exec(line);
    if (alone) {
      timeAbove = toSeconds(alone[1]);
      continue;
    }
    // The time inside the label ("Name (00:05): …") holds the label's colon: read as "Name: …" from then.
    const header = SAME_LINE_HEADER.exec(line);
    if (header && looksLikeSpeaker(header[1]!.trim())) {
      lines.push({ start: toSeconds(header[2] ?? header[3]), end: null, rest: `${header[1]!.trim()}: ${header[4]!.trim()}`, voice: null });
      timeAbove = null;
      continue;
    }
    const match = LINE_PATTERN.exec(line);
    const start = match?.[1] ? toSeconds(match[1]) : timeAbove;
    lines.push({ start, end: match?.[2] ? toSeconds(match[2]) : null, rest: match?.[3]?.trim() ?? line, voice: null });
    timeAbove = null;
  }
  return lines;
}

/** "Speaker 1  00:01", Zoom's "[Maya Chen] 10:02:13", Rev's "Maya Chen (00:05):" (or "[00:05]:"). */
const HEADER_PATTERN = /^([^:\n]{1,60}?)\s+(?:\((\d{1,2}(?::\d{2}){1,2})\)|\[(\d{1,2}(?::\d{2}){1,2})\]|(\d{1,2}(?::\d{2}){1,2})):?$/;
/** Lines an export puts above its first speaker header (title, date, attendees). */
const MAX_LINES_ABOVE_HEADERS = 3;

/**
 * A header line of Otter's, Zoom's or Rev's text export: who speaks, and from when. "Speaker 1
 * 00:01", Zoom's "[Maya Chen] 10:02:13" with the name in brackets, Rev's "Maya Chen (00:05):".
 */
function speakerHeader(line: string): { name: string; start: number | null } | null {
  const match = HEADER_PATTERN.exec(line);
  const name = match?.[1]?.trim().replace(/^\[([^\]]+)\]$/, '$1').trim();
  return name && looksLikeSpeaker(name) ? { name, start: toSeconds(match?.[2] ?? match?.[3] ?? match?.[4]) } : null;
}

/**
 * Text under speaker headers: each header starts a segment, the lines below it until the next
 * header are its text. Only when the text bears it out: it opens with a header and another header
 * follows, or no line reads as "Name: text" (else "Weekly Sync 10:00" is a title above a
 * dialogue). A few lines above the first header (an export's title and date) are kept as a
 * segment of their own, without a speaker, when at least two headers follow. Null otherwise; a
 * header with nothing under it says nothing.
 */
function headedBlocks(text: string): TextLine[] | null {
  const lines = nonBlankLines(text);
  const headers = lines.map(speakerHeader);
  const first = headers.findIndex(Boolean);
  const count = headers.filter(Boolean).length;
  // Lines above the first header are a title only if none reads as "Name: text" (else they are
  // the start of a dialogue in which a later line merely ends with a time).
  const titled = first > 0 && first <= MAX_LINES_ABOVE_HEADERS && count >= 2 && !lines.slice(0, first).some((line) => speakerLabel(line));
  if (first < 0 || (first > 0 && !titled)) return null;
  if (count < 2 && plainLines(text).some(({ rest }) => speakerLabel(rest))) return null;
  const blocks: TextLine[] = first > 0 ? [{ start: null, end: null, rest: lines.slice(0, first).join(' '), voice: null }] : [];
  lines.forEach((line, index) => {
    if (index < first) return;
    const header = headers[index];
    const block = blocks.at(-1);
    if (header) blocks.push({ start: header.start, end: null, rest: '', voice: header.name });
    else if (block) block.rest = block.rest === '' ? line : `${block.rest} ${line}`;
  });
  return blocks.filter(({ rest }) => rest !== '');
}

const CUE_CLOCK = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}`;
const CUE_TIMING = new RegExp(`^(${CUE_CLOCK})\\s+-->\\s+(${CUE_CLOCK})`);
const CUE_VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/;

/**
 * WebVTT or SRT: one segment per cue, with its times and its `<v Name>` voice. The header, notes,
 * styles and cue numbers are no part of what was said; nor are tags. Null when the text has no cue.
 */
function subtitleCues(text: string): TextLine[] | null {
  const cues: TextLine[] = [];
  for (const block of text.split(/\r?\n[ \t]*\r?\n/)) {
    const lines = block.split(/\r?\n/).map((line) => line.trim());
    // Each timing line starts a cue: cues written without the blank line between them (or one a
    // line, "00:00:00.000 --> 00:00:05.000 Hello") were read as one.
    const timings = lines.flatMap((line, index) => (CUE_TIMING.test(line) ? [index] : []));
    timings.forEach((at, turn) => {
      const line = lines[at] ?? '';
      const timing = CUE_TIMING.exec(line);
      if (!timing) return;
      const next = timings[turn + 1] ?? lines.length;
      // The next cue's number (SRT), on the line before its timing.
      const until = next < lines.length && next - 1 > at && /^\d+$/.test(lines[next - 1] ?? '') ? next - 1 : next;
      // After the timing on its line: WebVTT's cue settings ("align:start line:0"), or the cue's text.
      const after = line.slice(timing[0].length).trim();
      const own = after.split(/\s+/).every((setting) => /^[a-z]+:\S+$/.test(setting)) ? '' : after;
      const body = [own, ...lines.slice(at + 1, until)].filter((part) => part !== '').join(' ');
      const spoken = body.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').trim();
      if (spoken === '') return;
      cues.push({ start: toSeconds(timing[1]), end: toSeconds(timing[2]), rest: spoken, voice: CUE_VOICE.exec(body)?.[1]?.trim() || null });
    });
  }
  return cues.length === 0 ? null : cues;
}
