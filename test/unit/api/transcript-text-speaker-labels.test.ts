/**
 * A transcript given as text whose lines start with a diarisation code ("SPEAKER_00: …",
 * "spk_0: …") or a name in brackets ("[Maya Chen]: …", "[SPEAKER_00]: …"): the codes are named
 * "Speaker 1", "Speaker 2" as in a segment list (counted from 1, letters in order of first words),
 * bracketed names are speakers, and neither is left in the line's text. "Speaker 2" written out
 * is kept as written. A line without a label or a time under a speaker's is that speaker going on.
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

it('reads a line without a label after a speaker’s line as that speaker going on', () => {
  expect(read('Maya Chen: Thanks for joining.\nI wanted to go over the budget\nand the hiring plan.\nDan Brown: Sure.\nMaya Chen: Good.')).toEqual([
    ['Maya Chen', 'Thanks for joining. I wanted to go over the budget and the hiring plan.'],
    ['Dan Brown', 'Sure.'],
    ['Maya Chen', 'Good.'],
  ]);
  // Under diarisation codes and bracketed names alike.
  expect(read('SPEAKER_00: Hello there.\nShall we start?\nSPEAKER_01: Yes.')).toEqual([
    ['Speaker 1', 'Hello there. Shall we start?'],
    ['Speaker 2', 'Yes.'],
  ]);
  expect(read('[Maya] hello\nhow are you?\n[Dan] Fine.\n[Maya] Good.')).toEqual([
    ['Maya', 'hello how are you?'],
    ['Dan', 'Fine.'],
    ['Maya', 'Good.'],
  ]);
});

it('keeps lines before the first speaker, timed lines and sounds on their own', () => {
  // A title above the dialogue is no one's.
  expect(read('Weekly sync\nMaya: Hello.\nDan: Hi.\nMaya: Shall we?')).toEqual([
    [null, 'Weekly sync'],
    ['Maya', 'Hello.'],
    ['Dan', 'Hi.'],
    ['Maya', 'Shall we?'],
  ]);
  // A line with a time of its own starts something new; a sound alone is no one's words.
  expect(read('[00:00:01] Maya: Hello.\n[00:00:04] Dan: Hi.\n[00:00:06] ok then\n[Laughter]\nMaya: Right.')).toEqual([
    ['Maya', 'Hello.'],
    ['Dan', 'Hi.'],
    [null, 'ok then'],
    [null, '[Laughter]'],
    ['Maya', 'Right.'],
  ]);
  // Text whose labels are not borne out is not a dialogue: nothing to go on from.
  expect(read('Agenda: budget\nWe went over it.')).toEqual([
    [null, 'Agenda: budget'],
    [null, 'We went over it.'],
  ]);
  // One speaker named: the lines without a label are the other side's answers, not the same voice.
  expect(read('Interviewer: How did it go?\nWell, mostly.\nInterviewer: Why?\nA late invoice.')).toEqual([
    ['Interviewer', 'How did it go?'],
    [null, 'Well, mostly.'],
    ['Interviewer', 'Why?'],
    [null, 'A late invoice.'],
  ]);
});
