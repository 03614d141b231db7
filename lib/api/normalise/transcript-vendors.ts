/**
 * Transcripts in speech services' own shapes, as a service passing them on sends them: Deepgram's
 * (`results.utterances`, else `results.channels[0].alternatives[0]`) and AWS Transcribe's
 * (`results.audio_segments`, `results.items`, `results.transcripts[0].transcript`), and
 * Speechmatics' (`results` of words and punctuation). Google Speech-to-Text's `results` list is a
 * segment list (see transcript-segments.ts).
 */
import { isObj, textOf, type Obj } from './values';
import { wordTurns } from './transcript-words';

/** The first entry of a list, when it is an object. */
function firstObj(value: unknown): Obj | null {
  return Array.isArray(value) && isObj(value[0]) ? value[0] : null;
}

const nonEmpty = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/** A Deepgram paragraph (`{speaker, start, end, sentences: [{text}]}`) as a segment. */
function paragraphTurn(paragraph: Obj): Obj {
  const sentences = Array.isArray(paragraph.sentences) ? paragraph.sentences.filter(isObj) : [];
  const text = sentences.map((sentence) => textOf(sentence, 'text')).filter((line) => line !== null).join(' ');
  return { speaker: paragraph.speaker, start: paragraph.start, end: paragraph.end, text };
}

function deepgram(results: Obj): unknown[] | string | null {
  if (nonEmpty(results.utterances)) return results.utterances;
  const alternative = firstObj(firstObj(results.channels)?.alternatives);
  if (alternative === null) return null;
  const paragraphs = isObj(alternative.paragraphs) ? alternative.paragraphs.paragraphs : null;
  if (nonEmpty(paragraphs)) return paragraphs.filter(isObj).map(paragraphTurn);
  // Diarised words tell who said what, as the plain transcript does not.
  const turns = Array.isArray(alternative.words) && alternative.words.some((word) => isObj(word) && word.speaker !== undefined) ? wordTurns(alternative.words) : [];
  if (turns.length > 0) return turns;
  return typeof alternative.transcript === 'string' ? alternative.transcript : null;
}

function awsTranscribe(results: Obj): unknown[] | string | null {
  if (nonEmpty(results.audio_segments)) return results.audio_segments;
  // Items (words) name their speaker where the job was diarised.
  const turns = Array.isArray(results.items) && results.items.some((item) => isObj(item) && item.speaker_label !== undefined) ? wordTurns(results.items) : [];
  if (turns.length > 0) return turns;
  const transcript = firstObj(results.transcripts)?.transcript;
  return typeof transcript === 'string' ? transcript : null;
}

/** A Speechmatics (json-v2) result: one word or punctuation mark, in its first alternative. */
function isSpeechmaticsResult(entry: unknown): boolean {
  return isObj(entry) && (entry.type === 'word' || entry.type === 'punctuation') && Array.isArray(entry.alternatives);
}

/** The segments (as a segment list holds them) or text of a speech service's own reply; `null` for any other reply. */
export function vendorTranscript(body: Obj): unknown[] | string | null {
  const results = body.results;
  // Speechmatics' results are single words: read as segments, each word would be a line of its own.
  if (Array.isArray(results) && results.some(isSpeechmaticsResult)) return wordTurns(results);
  if (!isObj(results)) return null;
  if (Array.isArray(results.transcripts)) return awsTranscribe(results);
  if (Array.isArray(results.utterances) || Array.isArray(results.channels)) return deepgram(results);
  return null;
}
