/**
 * An e-mail thread's briefing is "This conversation", and so are the notes above its lists: whose
 * briefing is still loading, and who is left out because theirs failed, are said to be missing
 * from the conversation's topics and pending items, not the meeting's.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const thread = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'thread', title: null, when: null });
// Daniel not matched by the page yet: the panel finds him, and asks for his briefing after Maya's.
const threadDanLater = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', null)], { kind: 'thread', title: null, when: null });

describe('an e-mail conversation’s briefing', () => {
  it('does not call a thread a meeting while one briefing is still loading', async () => {
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'dan@example.net' ? dan : null),
      'contact.insights': ({ contactId }) => (contactId === 'd' ? new Promise(() => undefined) : Promise.resolve(reply(insights({ contactId, sensitiveTopics: ['the merger'] })))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={threadDanLater} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This conversation');
    const note = await screen.findByText(/^Still loading/);
    expect(note.textContent).not.toMatch(/meeting/);
  });

  it('does not call a thread a meeting when one briefing failed', async () => {
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'd' ? Promise.reject(new ApiError('not_found', 'Not found', { status: 404 })) : Promise.resolve(reply(insights({ contactId, sensitiveTopics: ['the merger'] }))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={thread} />);
    const note = await screen.findByText(/left out of the/, {}, { timeout: 4000 });
    expect(note.textContent).not.toMatch(/meeting/);
  });
});
