/**
 * The user is left out of a meeting (options: "your own addresses"). The page may show them under
 * another of their addresses (a secondary domain, an alias the invitation went to): the panel's
 * lookup finds that address to be the contact whose address is one of the user's own (contacts
 * keep every address: ContactRecord.emails), and the user is still briefed as an attendee of
 * their own meeting: their card, their topics to avoid and their pending items, counted "in Primer".
 * Opened on their own (a card, a search), that address is left out the same way.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const dan = match('d', 'Daniel Weiss', 'dan@example.net');
// The user's own contact on the service: its primary address is the one the options name.
const me = match('me', 'Pat Morgan', 'pat@example.com');

describe('a meeting showing the user under another of their addresses', () => {
  afterEach(() => fakeBrowser.storage.sync.remove('preferences'));

  it('leaves the user out when the lookup finds that address to be their own contact', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: [], ownAddresses: ['pat@example.com'] } });
    fakeBackground({
      // The service knows the alias as one of the user's contact's addresses.
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'pat@example-corp.io' ? me : null),
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(insights({ contactId, sensitiveTopics: contactId === 'me' ? ['My own review'] : [], pendingActionItems: contactId === 'me' ? [{ text: 'Write my self-assessment', owner: null, dueDate: null, status: null }] : [] }))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Pat Morgan', 'pat@example-corp.io', null), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).queryAllByText(/Loading/)).toHaveLength(0));
    expect(within(attendees).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Daniel Weiss']);
    expect(document.body.textContent).not.toMatch(/Pat Morgan|My own review|self-assessment/);
  });

  it('leaves the user out when the page’s own lookup matched that address to their contact', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: [], ownAddresses: ['pat@example.com'] } });
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'warm' }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Pat Morgan', 'pat@example-corp.io', me), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).queryAllByText(/Loading/)).toHaveLength(0));
    // Before: "2 people · 2 in Primer", the user's own card first, with "Full briefing: Pat Morgan".
    expect(screen.getByText(/people|person/)).toHaveTextContent('1 person · 1 in Primer');
  });

  it('does not brief the user opened on their own under that address', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: [], ownAddresses: ['pat@example.com'] } });
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'pat@example-corp.io' ? me : null),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, sensitiveTopics: ['My own review'] }))),
      'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false },
    });
    renderWithClient(<PersonBriefing person={{ email: 'pat@example-corp.io', name: 'Pat Morgan', match: null }} onOpenRecording={() => undefined} now={NOW} />);
    expect(await screen.findByText(/This is one of your own addresses in Primer’s options/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/My own review/);
    expect(screen.queryByRole('region', { name: /^Recent recordings/ })).toBeNull();
  });
});
