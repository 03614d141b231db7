/**
 * A transcript given only as timed words (`words: [{word, start, end, speaker}]`: Deepgram's and
 * AssemblyAI's word lists, AWS Transcribe's items, Speechmatics' results): each speaker's run of
 * words is one segment.
 */
import { isObj, scalarText, textOf, type Obj } from './values';

const START_KEYS = ['start', 'start_time', 'startTime', 'startOffset'];
const END_KEYS = ['end', 'end_time', 'endTime', 'endOffset'];
const SPEAKER_KEYS = ['speaker', 'speaker_label', 'speakerLabel', 'speaker_id', 'speakerId', 'speakerTag'];

/** A segment as a segment list holds one; times and speaker as the words wrote them (the segment reader settles them). */
interface Turn {
  speaker: unknown;
  start: unknown;
  end: unknown;
  text: string;
}

function firstOf(word: Obj, keys: string[]): unknown {
  return keys.map((key) => word[key]).find((value) => value !== undefined && value !== null);
}

export function wordTurns(words: unknown[]): Turn[] {
  const turns: Turn[] = [];
  for (const word of words.filter(isObj)) {
    // AWS Transcribe keeps the word in its first alternative; Speechmatics, its speaker too.
    const alternative = Array.isArray(word.alternatives) && isObj(word.alternatives[0]) ? word.alternatives[0] : {};
    // Deepgram's `punctuated_word` carries the capitals and full stops its `word` lacks.
    const text = textOf(word, 'punctuated_word', 'punctuatedWord', 'word', 'text', 'content') ?? textOf(alternative, 'content', 'word');
    if (text === null) continue;
    const speaker = firstOf(word, SPEAKER_KEYS) ?? firstOf(alternative, SPEAKER_KEYS);
    const end = firstOf(word, END_KEYS);
    const last = turns.at(-1);
    // A punctuation mark (AWS's own items) joins the word before it; a word naming no speaker, the turn it falls in.
    const punctuation = textOf(word, 'type') === 'punctuation';
    if (last !== undefined && (punctuation || speaker === undefined || scalarText(speaker) === scalarText(last.speaker))) {
      last.text += punctuation ? text : ` ${text}`;
      last.end = end ?? last.end;
      continue;
    }
    turns.push({ speaker, start: firstOf(word, START_KEYS), end, text });
  }
  return turns;
}
