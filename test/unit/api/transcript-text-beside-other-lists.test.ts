// @vitest-environment node
/**
 * A transcript reply may carry, beside its `text`, a list under a name Primer reads segments from
 * that holds something else (`items` of action items, `results` of an analysis). Such a list is
 * no transcript: the text is shown. A list of segments still comes first, and a list of no
 * segments with no text beside it is still a reply Primer does not understand.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';

const said = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.text).join(' ');

it('shows the text beside a list that holds no segments', () => {
  const reply = { status: 'completed', text: 'Hello there. Thanks for joining.', items: [{ id: 'ai_1', kind: 'action_item' }] };
  expect(said(reply)).toBe('Hello there. Thanks for joining.');
});

it('reads a list of segments after a list of something else', () => {
  const reply = { text: 'Hello there. Hi.', items: [{ id: 'ai_1', kind: 'action_item' }], turns: [{ speaker: 'Maya', text: 'Hello there.' }, { speaker: 'Jo', text: 'Hi.' }] };
  expect(toTranscript(reply, 'r1').segments.map((segment) => segment.speaker)).toEqual(['Maya', 'Jo']);
});

it('still takes a list of no segments with no text beside it for a reply it does not understand', () => {
  expect(() => toTranscript({ status: 'completed', items: [{ id: 'ai_1', kind: 'action_item' }] }, 'r1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
});
