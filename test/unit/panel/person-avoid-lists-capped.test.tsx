/**
 * A person's briefing drew every topic to avoid, and every topic "Not in this meeting", however
 * many a misbehaving server listed: 2,000 chips took seconds to draw and pushed the pending items
 * and the last conversation thousands of pixels down. The meeting's briefing shows its avoid list
 * a part at a time already (40, then "Show all"); the person's lists do the same.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Topics } from '@/components/panel/person/Topics';
import { insights } from './fixtures';

const many = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`);

it('shows the topics to avoid 40 at a time, and all of them on request', () => {
  render(<Topics insights={insights({ sensitiveTopics: many('Avoided', 2000) })} />);
  const list = screen.getByRole('list', { name: 'Topics to avoid' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(40);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 2000 topics to avoid' }));
  expect(within(list).getAllByRole('listitem')).toHaveLength(2000);
});

it('shows the topics not to raise in this meeting 40 at a time, and all of them on request', () => {
  const topics = many('Shared', 300);
  const avoids = topics.map((topic) => ({ topic, people: [{ id: 'c-ola', name: 'Ola Berg', detail: null, matchedBy: 'email' as const }] }));
  render(<Topics insights={insights({ interests: topics })} meetingAvoids={{ avoids, kind: 'event' }} />);
  const list = screen.getByRole('list', { name: 'Topics not to raise in this meeting' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(40);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 300 topics not to raise in this meeting' }));
  expect(within(list).getAllByRole('listitem')).toHaveLength(300);
});
