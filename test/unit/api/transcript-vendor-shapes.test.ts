/**
 * Transcripts in the shapes speech services return them, as a service passing them on sends them:
 * Deepgram's (`results.utterances`, `results.channels[0].alternatives[0]` with its paragraphs),
 * AWS Transcribe's (`results.transcripts[0].transcript`, `results.items`), Google
 * Speech-to-Text's (`results[].alternatives[0].transcript`), Speechmatics' (`results[]` of words
 * and punctuation, each in `alternatives[0]` with its speaker), and word timings only (`words:
 * [{word, start, end, speaker}]`, a speaker's run of words one turn). Each holds the whole text:
 * none is "a reply Primer does not understand", and none is an empty transcript; nor is a list
 * none of whose entries Primer can read.
 */
import { describe, expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const said = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.text).join(' ');

describe('speech services’ own transcript shapes', () => {
  it('reads Deepgram’s utterances, with speakers and times', () => {
    const deepgram = {
      metadata: { request_id: 'q1', duration: 4.2, channels: 1 },
      results: {
        channels: [{ alternatives: [{ transcript: 'Hello there. Hi.', confidence: 0.98, words: [] }] }],
        utterances: [
          { start: 0.1, end: 1.2, confidence: 0.97, channel: 0, transcript: 'Hello there.', speaker: 0, id: 'u1' },
          { start: 1.5, end: 2.0, confidence: 0.95, channel: 0, transcript: 'Hi.', speaker: 1, id: 'u2' },
        ],
      },
    };
    expect(toTranscript(deepgram, 'r1').segments).toEqual([
      { speaker: 'Speaker 1', start: 0.1, end: 1.2, text: 'Hello there.' },
      { speaker: 'Speaker 2', start: 1.5, end: 2, text: 'Hi.' },
    ]);
  });

  it('reads Deepgram’s transcript without utterances', () => {
    const deepgram = { metadata: { duration: 4.2 }, results: { channels: [{ alternatives: [{ transcript: 'Hello there. Hi.', confidence: 0.98 }] }] } };
    expect(said(deepgram)).toBe('Hello there. Hi.');
  });

  it('reads Deepgram’s paragraphs, one speaker’s turn each', () => {
    const paragraph = (speaker: number, start: number, end: number, ...sentences: string[]) => ({ speaker, start, end, num_words: 2, sentences: sentences.map((text) => ({ text, start, end })) });
    const deepgram = {
      results: { channels: [{ alternatives: [{ transcript: 'Hello there. Hi.', paragraphs: { transcript: '', paragraphs: [paragraph(0, 0.1, 1.2, 'Hello', 'there.'), paragraph(1, 1.5, 2, 'Hi.')] } }] }] },
    };
    expect(toTranscript(deepgram, 'r1').segments).toEqual([
      { speaker: 'Speaker 1', start: 0.1, end: 1.2, text: 'Hello there.' },
      { speaker: 'Speaker 2', start: 1.5, end: 2, text: 'Hi.' },
    ]);
  });

  it('reads AWS Transcribe’s transcript', () => {
    const aws = {
      jobName: 'job-1',
      accountId: '123',
      status: 'COMPLETED',
      results: {
        transcripts: [{ transcript: 'Hello there. Hi.' }],
        items: [{ start_time: '0.1', end_time: '0.5', alternatives: [{ confidence: '0.99', content: 'Hello' }], type: 'pronunciation' }],
      },
    };
    expect(said(aws)).toBe('Hello there. Hi.');
  });

  it('reads Google Speech-to-Text’s results, not as an empty transcript', () => {
    const google = { results: [{ alternatives: [{ transcript: 'Hello there.', confidence: 0.9 }], languageCode: 'en-us' }, { alternatives: [{ transcript: 'Hi.' }] }] };
    expect(said(google)).toBe('Hello there. Hi.');
  });

  it('reads a transcript given only as timed words', () => {
    const words = {
      recording_id: 'r1',
      words: [
        { word: 'Hello', start: 0.1, end: 0.4, speaker: 0 },
        { word: 'there.', start: 0.5, end: 0.9, speaker: 0 },
        { word: 'Hi.', start: 1.5, end: 1.8, speaker: 1 },
      ],
    };
    expect(said(words)).toContain('Hello there.');
    expect(said(words)).toContain('Hi.');
  });

  it('groups speakers’ words into turns, with AWS Transcribe’s punctuation joined to its word', () => {
    const aws = {
      results: {
        transcripts: [{ transcript: 'Hello there. Hi.' }],
        items: [
          { start_time: '0.1', end_time: '0.4', alternatives: [{ content: 'Hello' }], type: 'pronunciation', speaker_label: 'spk_0' },
          { start_time: '0.5', end_time: '0.9', alternatives: [{ content: 'there' }], type: 'pronunciation', speaker_label: 'spk_0' },
          { alternatives: [{ content: '.' }], type: 'punctuation', speaker_label: 'spk_0' },
          { start_time: '1.5', end_time: '1.8', alternatives: [{ content: 'Hi' }], type: 'pronunciation', speaker_label: 'spk_1' },
          { alternatives: [{ content: '.' }], type: 'punctuation', speaker_label: 'spk_1' },
        ],
      },
    };
    expect(toTranscript(aws, 'r1').segments).toEqual([
      { speaker: 'Speaker 1', start: 0.1, end: 0.9, text: 'Hello there.' },
      { speaker: 'Speaker 2', start: 1.5, end: 1.8, text: 'Hi.' },
    ]);
  });

  it('reads Speechmatics’ words as speakers’ turns, with punctuation joined to the word before it', () => {
    const speechmatics = {
      format: '2.9',
      job: { id: 'j1', duration: 3 },
      metadata: { type: 'transcription' },
      results: [
        { type: 'word', start_time: 0.1, end_time: 0.5, alternatives: [{ content: 'Hello', confidence: 0.9, speaker: 'S1' }] },
        { type: 'punctuation', start_time: 0.5, end_time: 0.5, attaches_to: 'previous', alternatives: [{ content: ',', confidence: 1, speaker: 'S1' }] },
        { type: 'word', start_time: 0.6, end_time: 0.9, alternatives: [{ content: 'Tom', confidence: 0.9, speaker: 'S1' }] },
        { type: 'word', start_time: 1.2, end_time: 1.6, alternatives: [{ content: 'Hi', confidence: 0.9, speaker: 'S2' }] },
      ],
    };
    const segments = toTranscript(speechmatics, 'r1').segments;
    expect(segments.map(({ text, start, end }) => [text, start, end])).toEqual([
      ['Hello, Tom', 0.1, 0.9],
      ['Hi', 1.2, 1.6],
    ]);
    expect(segments[0]?.speaker).toBeTruthy();
    expect(segments[1]?.speaker).not.toBe(segments[0]?.speaker);
  });

  it('takes a list none of whose entries reads as a segment for a reply it does not understand, not an empty transcript', () => {
    expect(() => toTranscript({ results: [{ hypotheses: [{ utterance: 'Hello there.' }] }] }, 'r1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
  });
});
