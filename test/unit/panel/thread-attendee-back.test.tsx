/**
 * An e-mail thread with several people is briefed as "This conversation" (MeetingBriefing's
 * SURFACE_NAMES), yet a person opened from it offers "Back to the meeting", and their topics say
 * "Not in this meeting": words for a calendar event, in a conversation no one meets in. Each kind
 * of page part says its own words, as its briefing's title does: the conversation, the message,
 * the draft; a calendar event is still the meeting.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import { Topics } from '@/components/panel/person/Topics';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

describe('a person opened from an e-mail thread’s briefing', () => {
  it('goes back to the conversation, not to “the meeting”', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      // Maya would rather not hear about layoffs: Daniel's topic is not for this conversation.
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly', recentTopics: contactId === 'd' ? ['Layoffs'] : [], sensitiveTopics: contactId === 'm' ? ['layoffs'] : [] }))),
      'recordings.list': noRecordings,
    });
    const thread = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'thread', title: 'Re: pricing', when: null });
    const target: PanelTarget = { tabId: 7, focus: null, status: null, page: { site: 'gmail', recognised: true, surfaces: [thread] } };
    await browserShows(target);
    render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(target)} />);
    const attendees = await screen.findByRole('region', { name: 'People' });
    await user.click(await within(attendees).findByRole('button', { name: 'Full briefing: Daniel Weiss' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
    const back = within(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' }).closest('article')!).getAllByRole('button')[0]!;
    expect(back).toHaveTextContent(/^← Back to the conversation$/);
    expect(screen.getByRole('heading', { level: 3, name: 'Not in this conversation' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Topics not to raise in this conversation' })).toHaveTextContent(/^Layoffs \(Maya Chen\)$/);
    expect(screen.getByText(/^Others on it would rather avoid these/)).toHaveTextContent('Others on it would rather avoid these, and everyone on it reads what is written.');
  });

  it('says each kind of page part in its own words, a calendar event still the meeting', () => {
    const avoids = [{ topic: 'layoffs', people: [{ id: 'm', name: 'Maya Chen', detail: null, matchedBy: 'email' as const }] }];
    const said = (kind: 'event' | 'thread' | 'message' | 'compose') => {
      const { unmount } = render(<Topics insights={insights({ recentTopics: ['Layoffs'] })} meetingAvoids={{ avoids, kind }} />);
      const heading = screen.getByRole('heading', { level: 3, name: /Not in/ }).textContent;
      const list = screen.getByRole('list', { name: /^Topics not to raise in/ }).getAttribute('aria-label');
      unmount();
      return [heading, list];
    };
    expect((['event', 'thread', 'message', 'compose'] as const).map(said)).toEqual([
      ['⚠ Not in this meeting', 'Topics not to raise in this meeting'],
      ['⚠ Not in this conversation', 'Topics not to raise in this conversation'],
      ['⚠ Not in this message', 'Topics not to raise in this message'],
      ['⚠ Not in this draft', 'Topics not to raise in this draft'],
    ]);
  });
});
