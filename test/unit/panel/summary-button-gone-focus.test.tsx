/**
 * "Show the whole summary" is there while the personality summary is longer than what is shown of
 * it. A refresh that brings a shorter one takes the button away: with focus on it (the user had
 * just opened the summary with it), focus fell to the document, where every other control a refresh
 * takes away lands it on the heading before it (refresh-focus.test.tsx).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const LONG = 'Analytical and warm; likes a plan with numbers behind it. '.repeat(30);

beforeEach(() => fakeBrowser.reset());

it('lands focus on the section’s heading when the “Show the whole summary” button the user is on goes with a refresh', async () => {
  let calls = 0;
  fakeBackground({
    'contact.insights': () => Promise.resolve(reply(insights({ preferredTone: 'warm', personalitySummary: ++calls === 1 ? LONG : 'Analytical and warm.' }))),
    'recordings.list': noRecordings,
  });
  const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
  const button = await screen.findByRole('button', { name: 'Show the whole summary' });
  await userEvent.click(button);
  expect(button).toHaveFocus();
  await act(() => client.refetchQueries({ queryKey: ['insights', 'm'] }));
  await vi.waitFor(() => expect(screen.getByText('Analytical and warm.')).toBeInTheDocument());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(document.activeElement).not.toBe(document.body);
  const section = screen.getByRole('region', { name: 'How to talk to them' });
  expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'How to talk to them' }));
});
