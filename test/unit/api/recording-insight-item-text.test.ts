/**
 * Key decisions and action items given as objects that name what they are about beside what
 * they say (`{topic, decision}`, `{task, topic}`): the panel shows the decision and the task, not
 * the topic (a topic chip's keys put `name`/`topic` first; decisions and items have their own).
 */
import { expect, it } from 'vitest';
import { toInsights, toRecordingInsights } from '@/lib/api/normalise';

it('shows a key decision’s own words, not the topic it is filed under', () => {
  const insights = toRecordingInsights(
    { key_decisions: [{ topic: 'Vendor', decision: 'Go with vendor B from May', rationale: 'Cheaper support' }] },
    'r1',
  );
  expect(insights.keyDecisions).toEqual(['Go with vendor B from May']);
});

it('shows an action item’s task, not the topic it is filed under', () => {
  const insights = toRecordingInsights({ action_items: [{ task: 'Send the revised deck to Maya', topic: 'Budget', owner: 'Dan' }] }, 'r1');
  expect(insights.actionItems.map((item) => item.text)).toEqual(['Send the revised deck to Maya']);
});

it('shows a person’s pending action item by its task too', () => {
  const insights = toInsights({ contact_id: 'c1', pending_action_items: [{ topic: 'Budget', task: 'Send the revised deck to Maya', status: 'open' }] }, 'c1');
  expect(insights.pendingActionItems.map((item) => item.text)).toEqual(['Send the revised deck to Maya']);
});

it('still shows an item or a decision that names only its topic', () => {
  const insights = toRecordingInsights({ key_decisions: [{ topic: 'Vendor B' }], action_items: [{ topic: 'Budget review' }] }, 'r1');
  expect(insights.keyDecisions).toEqual(['Vendor B']);
  expect(insights.actionItems.map((item) => item.text)).toEqual(['Budget review']);
});
