/**
 * A recording's key decisions each once: a model's reply that lists a decision twice, or again
 * with another case, spacing or closing stop, showed it twice under "Key decisions".
 */
import { expect, it } from 'vitest';
import { toRecordingInsights } from '@/lib/api/normalise';

it('shows a key decision listed twice once', () => {
  const insights = toRecordingInsights({ key_decisions: ['Go with vendor B from May', 'Hire two engineers', 'Go with vendor B from May'] }, 'r1');
  expect(insights.keyDecisions).toEqual(['Go with vendor B from May', 'Hire two engineers']);
});

it('takes a key decision differing only in case, spaces or a closing stop for the same one, keeping the first spelling', () => {
  const insights = toRecordingInsights(
    { keyDecisions: ['Go with vendor B from May.', 'go with  vendor b from may', ' Go with vendor B from May! ', { decision: 'GO WITH VENDOR B FROM MAY' }] },
    'r1',
  );
  expect(insights.keyDecisions).toEqual(['Go with vendor B from May.']);
});

it('reads decisions written as text lines once each too', () => {
  const insights = toRecordingInsights({ decisions: '- Go with vendor B\n- Hire two engineers\n- go with vendor B.' }, 'r1');
  expect(insights.keyDecisions).toEqual(['Go with vendor B', 'Hire two engineers']);
});

it('keeps decisions that differ in their words', () => {
  const insights = toRecordingInsights({ key_decisions: ['Go with vendor B', 'Go with vendor C', 'Do not go with vendor B'] }, 'r1');
  expect(insights.keyDecisions).toEqual(['Go with vendor B', 'Go with vendor C', 'Do not go with vendor B']);
});
