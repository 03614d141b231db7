/**
 * Every section of a meeting's briefing is a Tab stop (README), as a person's are. A refresh that
 * takes away the section a keyboard user is on (everyone's pending items done, a topic to avoid
 * no longer listed) left focus on the document: the next Tab started over at the search field,
 * and a screen reader said nothing. A person's sections land focus on the briefing's heading
 * (refresh-focus.test.tsx); a meeting's do too now.
 */
import { act, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Item ${i + 1}`, owner: null, dueDate: null, status: 'open' }));

beforeEach(() => fakeBrowser.reset());

it.each([
  ['Pending action items', /^Pending action items/, (first: boolean) => ({ pendingActionItems: items(first ? 2 : 0) })],
  ['Topics to avoid', /Topics to avoid/, (first: boolean) => ({ sensitiveTopics: first ? ['Layoffs'] : [] })],
])('lands focus on the meeting’s heading when the section the user is on (%s) goes with a refresh', async (_, name, of) => {
  let mayaCalls = 0;
  fakeBackground({
    'contact.insights': ({ contactId }) =>
      Promise.resolve(reply(contactId === 'm' ? insights({ contactId: 'm', preferredTone: 'warm', ...of(++mayaCalls === 1) }) : insights({ contactId: 'd', preferredTone: 'formal' }))),
  });
  const { client } = renderWithClient(
    <MeetingBriefing surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} onOpenPerson={() => undefined} now={NOW} />,
  );
  const section = await screen.findByRole('region', { name });
  section.focus();
  expect(section).toHaveFocus();
  await act(() => client.refetchQueries());
  await vi.waitFor(() => expect(screen.queryByRole('region', { name })).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(document.activeElement).not.toBe(document.body);
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' }));
});
