/**
 * A recording opened from an action item's source when the panel does not hold it yet: focus lands
 * on the placeholder heading "Recording" over "Loading the recording", then the recording arrives
 * and replaces both without a word (the person and meeting views say "Briefing of … loaded." in
 * the panel's announcer; the recording view never does).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { ActionItem, Recording } from '@/lib/models';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { deferred } from '../upload/helpers';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const pricing: Recording = {
  id: 'r-pricing', filename: null, title: 'Pricing call', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null,
};
const item: ActionItem = { text: 'Send pricing', owner: null, dueDate: null, status: null, source: { recordingId: 'r-pricing', title: null, date: null } };

/** The text of every live region in the page (what a screen reader is told as it changes). */
const liveText = () =>
  [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])')].map((region) => region.textContent ?? '').join(' | ');

it('says the recording has loaded once its placeholder heading had the focus', async () => {
  const recordingGet = deferred<Recording>();
  fakeBackground({
    'settings.get': configured,
    'contact.insights': reply(insights({ pendingActionItems: [item] })),
    // Not among the recordings listed: the view has to ask for it.
    'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false },
    'recording.get': () => recordingGet.promise,
    'recording.insights': { recordingId: 'r-pricing', actionItems: [], keyDecisions: [], topicsDiscussed: [] },
    'recording.transcript': { recordingId: 'r-pricing', segments: [{ speaker: 'Maya', text: 'Hello', start: 0, end: 1 }] },
  });
  const first: PanelTarget = { tabId: 7, focus: { kind: 'person', match: match('m', 'Maya Chen', 'maya@example.com') }, page: null, status: null };
  await browserShows(first);
  render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Open a recording, where “Send pricing” was raised' }));

  const placeholder = await screen.findByRole('heading', { level: 1, name: 'Recording' });
  await vi.waitFor(() => expect(placeholder).toHaveFocus());
  expect(await screen.findByRole('status', { name: 'Loading the recording' })).toBeInTheDocument();

  await act(() => {
    recordingGet.resolve(pricing);
    return Promise.resolve();
  });
  // The heading the user is on now reads "Pricing call": nothing told them.
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pricing call' });
  expect(heading).toHaveFocus();
  // (The announcer still holds "Briefing of Maya Chen loaded." from the view below.)
  await vi.waitFor(() => expect(liveText()).toMatch(/Pricing call/));
});
