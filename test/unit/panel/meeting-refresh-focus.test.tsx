/**
 * The person view's rule (refresh-focus.test.tsx): a refresh that takes away what a keyboard user
 * is on lands focus on the heading of the section it was in while that section is there. In a
 * meeting's briefing the section headings (and each person's heading in "Pending action items")
 * take no focus (no tabindex="-1"), so focus-landing.ts skips them and throws the user back to the
 * meeting's title at the very top, past every section above, in a 20-person meeting a long way.
 */
import { act, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Item ${i + 1}`, owner: null, dueDate: null, status: 'open' }));

beforeEach(() => fakeBrowser.reset());

it('lands focus on the pending items’ heading, not the meeting’s title, when the “Show all” button the user is on goes with a refresh', async () => {
  let mayaCalls = 0;
  fakeBackground({
    'contact.insights': ({ contactId }) =>
      Promise.resolve(reply(contactId === 'm' ? insights({ contactId: 'm', sensitiveTopics: ['Layoffs'], pendingActionItems: items(++mayaCalls === 1 ? 12 : 4) }) : insights({ contactId: 'd', recentTopics: ['Hiring'] }))),
    'recordings.list': noRecordings,
  });
  const { client } = renderWithClient(
    <MeetingBriefing surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} onOpenPerson={() => undefined} now={NOW} />,
  );
  const button = await screen.findByRole('button', { name: 'Show all 12 pending action items of Maya Chen' });
  button.focus();
  await act(() => client.refetchQueries());
  await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  // The section is still there, with Maya's four items.
  const section = screen.getByRole('region', { name: /^Pending action items/ });
  expect(document.activeElement).not.toBe(document.body);
  expect(document.activeElement, `focus is on “${document.activeElement?.textContent}”`).not.toBe(screen.getByRole('heading', { level: 1 }));
  expect(section.contains(document.activeElement)).toBe(true);
});
