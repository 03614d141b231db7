/**
 * A transcript given as text whose lines start with a diarisation code ("SPEAKER_00: …",
 * "spk_0: …") or a name in brackets ("[Maya Chen]: …", "[SPEAKER_00]: …"): the codes are named
 * "Speaker 1", "Speaker 2" as in a segment list (counted from 1, letters in order of first words),
 * bracketed names are speakers, and neither is left in the line's text. "Speaker 2" written out
 * is kept as written.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const read = (text: string) => toTranscript(text, 'r1').segments.map(({ speaker, text: said }) => [speaker, said]);

it('names diarisation labels in a text transcript as a segment list does', () => {
  expect(read('SPEAKER_00: Hello there.\nSPEAKER_01: Hi.\nSPEAKER_00: Shall we start?')).toEqual([
    ['Speaker 1', 'Hello there.'],
    ['Speaker 2', 'Hi.'],
    ['Speaker 1', 'Shall we start?'],
  ]);
  expect(read('spk_0: Hello there.\nspk_1: Hi.')).toEqual([
    ['Speaker 1', 'Hello there.'],
    ['Speaker 2', 'Hi.'],
  ]);
});

it('reads a speaker written in brackets before the colon', () => {
  expect(read('[Maya Chen]: Hello there.\n[Dan Brown]: Hi.')).toEqual([
    ['Maya Chen', 'Hello there.'],
    ['Dan Brown', 'Hi.'],
  ]);
  expect(read('[SPEAKER_01]: Hello there.\n[SPEAKER_02]: Hi.')).toEqual([
    ['Speaker 1', 'Hello there.'],
    ['Speaker 2', 'Hi.'],
  ]);
});

it('names lettered codes in order of first words, and keeps written-out labels', () => {
  expect(read('spk_b: Hello there.\nspk_a: Hi.\nspk_b: Shall we?')).toEqual([
    ['Speaker 1', 'Hello there.'],
    ['Speaker 2', 'Hi.'],
    ['Speaker 1', 'Shall we?'],
  ]);
  expect(read('Speaker 2: Hello there.\nSpeaker 3: Hi.')).toEqual([
    ['Speaker 2', 'Hello there.'],
    ['Speaker 3', 'Hi.'],
  ]);
});

it('reads a speaker in brackets before the words without a colon ("[Maya] hello")', () => {
  expect(read('[Maya] hello\n[Dan Brown] Hi, Maya.\n[Maya] Shall we start?')).toEqual([
    ['Maya', 'hello'],
    ['Dan Brown', 'Hi, Maya.'],
    ['Maya', 'Shall we start?'],
  ]);
  // After a time, too; a sound in brackets is no speaker.
  expect(read('[00:00:01] [Maya] hello\n[00:00:04] [Dan] Hi.\n[00:00:06] [Laughter] ok then')).toEqual([
    ['Maya', 'hello'],
    ['Dan', 'Hi.'],
    [null, '[Laughter] ok then'],
  ]);
  // One bracketed word in prose says nothing.
  expect(read('We met [Tuesday] to plan.\nThen we left.')).toEqual([
    [null, 'We met [Tuesday] to plan.'],
    [null, 'Then we left.'],
  ]);
});
