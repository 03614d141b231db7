/**
 * A meeting of Maya and Daniel in the panel, with Daniel's full briefing opened on top of it: the
 * start of the tests of the ways back from a view (Escape, a search made from it).
 */
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { expect, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

/** Daniel's briefing's article, once his tone shows. */
export async function meetingWithAttendeeOpen(user: ReturnType<typeof userEvent.setup>) {
  fakeBackground({
    'settings.get': configured,
    'contact.find': null,
    'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly' }))),
    'recordings.list': noRecordings,
  });
  const first: PanelTarget = {
    tabId: 7, focus: null, status: null,
    page: { site: 'google-calendar', recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])] },
  };
  await browserShows(first);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await user.click(await within(attendees).findByRole('button', { name: 'Full briefing: Daniel Weiss' }));
  await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
  const article = screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' }).closest('article')!;
  await within(article).findByText('formal');
  return article;
}
