/**
 * A search made from a view opened on top of the page's briefing (an attendee opened on the
 * meeting) goes on top of it: "Back" from the result, named for that view, returns there. A second
 * search replaces the first result rather than stacking on it.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

async function meetingWithAttendeeOpen(user: ReturnType<typeof userEvent.setup>) {
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

describe('Panel: a search made from an attendee’s briefing', () => {
  it('comes back to the attendee the user was reading', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    await user.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'lee@example.org{Enter}');
    expect(await screen.findByText('Not in Primer yet.')).toBeVisible();
    // Back, from the search's result, to where the search was made: Daniel's briefing.
    await user.click(screen.getByRole('button', { name: 'Back to Daniel Weiss' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
    await user.click(screen.getByRole('button', { name: /Back to the meeting/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });

  it('replaces a first search’s result with the second’s, and still comes back to the attendee', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.type(field, 'lee@example.org{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'lee@example.org' })).toBeVisible();
    await user.clear(field);
    await user.type(field, 'kim@example.org{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'kim@example.org' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Daniel Weiss' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
    expect(field).toHaveValue('');
  });
});
