/**
 * The people of an e-mail thread are not a meeting's attendees: the conversation's briefing lists
 * them under "People" and counts, names and sums them up as people everywhere (the list, the
 * shared topics' label, whose briefings are loading, failed or shown from their copy). A calendar
 * event's briefing still says "Attendees".
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const NAMES = ['Maya Chen', 'Daniel Weiss', 'Ana Souza', 'Kenji Ito', 'Lea Roth', 'Omar Haddad'];
const contacts = NAMES.map((name, index) => match(`c${index}`, name, `${name.split(' ')[0]!.toLowerCase()}@example.com`));
const people = contacts.map((contact) => pagePerson(contact.contact.name, contact.contact.email, contact));
// The last two not matched by the page yet: the panel finds them, and asks for their briefings apart.
const twoFoundLater = contacts.map((contact, index) => pagePerson(contact.contact.name, contact.contact.email, index < 4 ? contact : null));

/** Everything the panel says: its text and the accessible names and descriptions it sets. */
function said(container: HTMLElement): string {
  const labels = [...container.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'));
  return [container.textContent, ...labels].join('\n');
}

describe('the people of an e-mail conversation', () => {
  it('are never called attendees, whether their briefings arrived, failed or are still loading', async () => {
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve(contacts.find((contact) => 'email' in query && contact.contact.email === query.email) ?? null),
      'contact.insights': ({ contactId }) => {
        const index = Number(contactId.slice(1));
        // Two arrive, the next two fail, the last two (asked apart) never answer.
        if (index < 2) return Promise.resolve(reply(insights({ contactId, recentTopics: ['the Q3 roadmap'] })));
        if (index < 4) return Promise.reject(new ApiError('server', 'Server error', { status: 500 }));
        return new Promise(() => undefined);
      },
    });
    const { container } = renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(twoFoundLater, { kind: 'thread', title: 'Roadmap', when: null })} />);
    expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
    await screen.findByText(/^Still loading/);
    await screen.findByText(/left out of the conversation’s/, {}, { timeout: 4000 });
    expect(said(container)).not.toMatch(/attendee/i);
  });

  it('are summed up as people when more of them failed than are named', async () => {
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'c0' ? Promise.resolve(reply(insights({ contactId }))) : Promise.reject(new ApiError('server', 'Server error', { status: 500 })),
    });
    const { container } = renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people, { kind: 'thread', title: 'Roadmap', when: null })} />);
    expect(await screen.findByText(/^5 people are left out of the conversation’s/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(said(container)).not.toMatch(/attendee/i);
  });

  it('share topics as people', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, recentTopics: ['the Q3 roadmap'] }))) });
    const { container } = renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people, { kind: 'thread', title: 'Roadmap', when: null })} />);
    expect(await screen.findByRole('list', { name: 'Topics several people share' })).toBeInTheDocument();
    expect(said(container)).not.toMatch(/attendee/i);
  });

  it('of a calendar event are its attendees', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, recentTopics: ['the Q3 roadmap'] }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people, { kind: 'event', title: 'Roadmap', when: null })} />);
    expect(await screen.findByRole('heading', { name: 'Attendees' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Topics several attendees share' })).toBeInTheDocument();
  });
});
