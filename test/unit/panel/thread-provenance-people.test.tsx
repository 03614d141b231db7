/**
 * A conversation's briefing sums its people up as people, not attendees, in where it comes from
 * ("From up to 7 conversations with 2 people, the latest …"), as the rest of a thread's briefing
 * calls them.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const contacts = [match('c0', 'Maya Chen', 'maya@example.com'), match('c1', 'Daniel Weiss', 'daniel@example.com')];
const people = contacts.map((contact) => pagePerson(contact.contact.name, contact.contact.email, contact));

it('sums a conversation’s people up as people in where its briefing comes from', async () => {
  fakeBackground({
    'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, totalConversations: contactId === 'c0' ? 4 : 3, lastConversationDate: '2026-11-20' }))),
  });
  const { container } = renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people, { kind: 'thread', title: 'Roadmap', when: null })} />);
  await screen.findByText(/^From up to 7 conversations/);
  expect(container.querySelector('.provenance')?.textContent).not.toMatch(/attendee/i);
  expect(container.querySelector('.provenance')?.textContent).toMatch(/^From up to 7 conversations with 2 people\b/);
});
