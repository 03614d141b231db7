import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { PanelAnnouncer } from '@/components/panel/announcer';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { PersonSearch } from '@/components/panel/PersonSearch';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { ApiError, NOT_THE_SERVICE_CODE } from '@/lib/api/errors';
import type { PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const lee = match('l', 'Lee Park', 'lee@example.org');
const byId = {
  m: insights({ contactId: 'm', preferredTone: 'friendly', recentTopics: ['Q3 roadmap', 'hiring'], sensitiveTopics: ['the Atlas delay'], pendingActionItems: [{ text: 'Send pricing', owner: 'Jordan', dueDate: '2026-11-01', status: null }], lastConversationDate: '2026-11-19' }),
  d: insights({ contactId: 'd', preferredTone: 'formal', recentTopics: ['q3 roadmap'], sensitiveTopics: ['layoffs', 'The Atlas delay'], pendingActionItems: [{ text: 'Cost comparison', owner: null, dueDate: null, status: null }] }),
  l: insights({ contactId: 'l' }),
};

describe('MeetingBriefing', () => {
  it('briefs an attendee the server knows only by preference flags and a count; never shows "undefined" or "null"', async () => {
    const flags = { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: true, dislikesJargon: null };
    const only = { m: insights({ contactId: 'm', flags, totalConversations: 3 }), d: insights({ contactId: 'd' }) };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(only[contactId as keyof typeof only])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson(null, 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')[0]).toHaveTextContent(/TipKeep it short: the summary first, details only if asked\..*From 3 conversations\./));
    expect(within(attendees).getAllByRole('listitem')[1]).toHaveTextContent('No insights yet.');
    expect(document.body.textContent).not.toMatch(/undefined|null/);
    // No attendee has anything to avoid, share or do: those sections are left out, not shown empty.
    expect(screen.queryByRole('list', { name: 'Topics to avoid and whom they concern' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Pending action items/ })).toBeNull();
  });

  it('says, while it updates, the age of the oldest briefing it shows, not the newest', async () => {
    fakeBackground({ 'contact.insights': () => new Promise(() => undefined) });
    const { client } = renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
      { staleTime: 0 },
    );
    // The panel's saved copies: Maya's three days old, Daniel's five minutes.
    const threeDaysAgo = NOW.getTime() - 3 * 86_400_000;
    client.setQueryData(['insights', 'm'], reply(byId.m, { asOf: threeDaysAgo }), { updatedAt: 1 });
    client.setQueryData(['insights', 'd'], reply(byId.d, { asOf: NOW.getTime() - 5 * 60_000 }), { updatedAt: 1 });
    const note = await screen.findByText(/^Updating… showing the briefing as of/);
    expect(within(note).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('dateTime', new Date(threeDaysAgo).toISOString());
  });

  it('shows when the meeting is with the date and the time apart, as Google Calendar shows them', async () => {
    fakeBackground({ 'contact.insights': () => Promise.resolve(reply(byId.m)) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya)], { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })} />);
    const range = await screen.findByText('10:00 – 10:45am');
    // The time range is kept on one line (a line may break after a dash, even before a no-break space): moved to the next line whole.
    expect(range).toHaveClass('keep-together');
    expect(range.parentElement).toHaveTextContent(/^Tuesday, May 19, 2026 · 10:00 – 10:45am$/);
  });

  it('briefs the whole meeting: what to avoid and whom it concerns, shared topics, items by person, each attendee, unknown people', async () => {
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'lee@example.org' ? lee : null),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])),
    });
    const open = vi.fn();
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={open}
        surface={surface([
          pagePerson('Maya Chen', 'maya@example.com', maya),
          pagePerson('Daniel Weiss', 'dan@example.net', dan),
          pagePerson('Maya Chen', 'maya@example.com', maya),
          pagePerson('Lee Park', 'lee@example.org', null),
          pagePerson('Riley Stone', 'riley@unknown.example', null),
        ])}
      />,
    );
    const avoid = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    expect(within(avoid).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['the Atlas delay — Maya Chen, Daniel Weiss', 'layoffs — Daniel Weiss']);
    expect(screen.getByRole('list', { name: 'Topics several attendees share' })).toHaveTextContent('Q3 roadmap — Maya Chen, Daniel Weiss');
    expect(screen.getByRole('heading', { name: 'Pending action items (2)' })).toBeInTheDocument();
    // Counts are set apart from the heading's words, as in the person view (muted, kept on one line).
    expect(within(screen.getByRole('heading', { name: 'Pending action items (2)' })).getByText('(2)')).toHaveClass('count');
    expect(within(screen.getByRole('heading', { name: 'Not in Primer yet (1)' })).getByText('(1)')).toHaveClass('count');
    expect(screen.getByRole('list', { name: 'Pending action items: Maya Chen' })).toHaveTextContent(/Send pricing.*Overdue/);
    expect(screen.getByRole('list', { name: 'Pending action items: Daniel Weiss' })).toHaveTextContent('Cost comparison');

    const attendees = screen.getByRole('region', { name: 'Attendees' });
    expect(within(attendees).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Maya Chen', 'Daniel Weiss', 'Lee Park']);
    expect(within(attendees).getAllByRole('listitem')[0]).toHaveTextContent(/Tonefriendly.*RaiseQ3 roadmap, hiring.*Avoidthe Atlas delay.*Pending1 action item, 1 overdue.*Last talk3 days ago/);
    expect(within(attendees).getAllByRole('listitem')[2]).toHaveTextContent('No insights yet.');
    const unknown = screen.getByRole('region', { name: 'Not in Primer yet (1)' });
    expect(unknown).toHaveTextContent('Riley Stone riley@unknown.example');
    expect(screen.getByText(/5 people|4 people/)).toHaveTextContent('4 people · 3 in Primer, 1 not yet');

    await userEvent.click(within(attendees).getByRole('button', { name: 'Full briefing: Daniel Weiss' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ email: 'dan@example.net', match: dan }));
  });

  it('says once when attendees’ briefings are the panel’s copies because refreshing them failed, as of when, with Try again', async () => {
    let failing = true;
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        failing ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply({ ...byId[contactId as keyof typeof byId], preferredTone: 'warm' })),
    });
    const { client } = renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
    );
    // The panel's saved copies (three and two hours old) are shown while the requests that fail are out.
    client.setQueryData(['insights', 'm'], reply(byId.m, { asOf: NOW.getTime() - 3 * 3_600_000 }), { updatedAt: 1 });
    client.setQueryData(['insights', 'd'], reply(byId.d, { asOf: NOW.getTime() - 2 * 3_600_000 }), { updatedAt: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the latest briefings of 2 attendees. The service had a problem answering.');
    expect(alert).toHaveTextContent(/Showing them as of .+ \(3 h ago\)\./);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem')[0]).toHaveTextContent('friendly');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem')[0]).toHaveTextContent('warm');
    // Try again went with the notice: focus is on the meeting's heading, not on the document.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toHaveFocus());
  });

  it('labels a contact found only by name "matched by name" wherever the meeting names them', async () => {
    const mayaByName = match('m', 'Maya Chen', 'maya@example.com', 'name');
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', null, mayaByName), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const avoid = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    expect(within(avoid).getAllByRole('listitem')[0]).toHaveTextContent('the Atlas delay — Maya Chen (matched by name), Daniel Weiss');
    expect(screen.getByRole('list', { name: 'Topics several attendees share' })).toHaveTextContent('Q3 roadmap — Maya Chen (matched by name), Daniel Weiss');
    const actions = screen.getByRole('region', { name: 'Pending action items (2)' });
    expect(within(actions).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Maya Chen (matched by name)', 'Daniel Weiss']);
  });

  it('says "matched by name" where it names whose briefings failed, in the notice and the note of who is left out', async () => {
    const mayaByName = match('m', 'Maya Chen', null, 'name');
    fakeBackground({
      'contact.insights': ({ contactId }) => (contactId === 'd' ? Promise.resolve(reply(byId.d)) : Promise.reject(new ApiError('server', 'boom'))),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', null, mayaByName), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefings of Maya Chen (matched by name) and Lee Park.');
    expect(screen.getByText(/left out of the meeting’s topics/)).toHaveTextContent(/^Maya Chen \(matched by name\) and Lee Park are left out/);
  });

  it('names a contact the page shows by name and with an address as matched by address: in whose briefings failed, and on the card', async () => {
    // The page shows Maya twice: with her address, and by name alone (found by it); one person.
    const mayaByName = match('m', 'Maya Chen', 'maya@example.com', 'name');
    fakeBackground({
      'contact.insights': ({ contactId }) => (contactId === 'd' ? Promise.resolve(reply(byId.d)) : Promise.reject(new ApiError('server', 'boom'))),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', null, mayaByName), pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefings of Maya Chen and Lee Park.');
    expect(screen.getByText(/left out of the meeting’s topics/)).toHaveTextContent(/^Maya Chen and Lee Park are left out/);
    expect(screen.queryByText(/matched by name/)).toBeNull();
  });

  it('names a briefed attendee in the meeting’s lists as their card does when a namesake has no briefing', async () => {
    const a1 = insights({ contactId: 'a1', sensitiveTopics: ['Layoffs'], pendingActionItems: [{ text: 'Send deck', owner: null, dueDate: null, status: null }] });
    fakeBackground({ 'contact.insights': ({ contactId }) => (contactId === 'a1' ? Promise.resolve(reply(a1)) : Promise.reject(new ApiError('server', 'boom'))) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Alex Kim', 'alex@acme.com', match('a1', 'Alex Kim', 'alex@acme.com')), pagePerson('Alex Kim', 'alex.kim@globex.com', match('a2', 'Alex Kim', 'alex.kim@globex.com'))])}
      />,
    );
    const avoid = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    expect(avoid).toHaveTextContent('Layoffs — Alex Kim (alex@acme.com)');
    expect(screen.getByRole('list', { name: 'Pending action items: Alex Kim (alex@acme.com)' })).toHaveTextContent('Send deck');
  });

  it('tells apart two attendees with the same name: a topic they share is shared, and each is named', async () => {
    const alexes = {
      a1: insights({ contactId: 'a1', recentTopics: ['Hiring'], sensitiveTopics: ['Layoffs'], pendingActionItems: [{ text: 'Send deck', owner: null, dueDate: null, status: null }] }),
      a2: insights({ contactId: 'a2', interests: ['hiring'], sensitiveTopics: ['layoffs'], pendingActionItems: [{ text: 'Book room', owner: null, dueDate: null, status: null }] }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(alexes[contactId as keyof typeof alexes])) });
    const open = vi.fn();
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={open}
        surface={surface([pagePerson('Alex Kim', 'alex@acme.com', match('a1', 'Alex Kim', 'alex@acme.com')), pagePerson('Alex Kim', 'alex.kim@globex.com', match('a2', 'Alex Kim', 'alex.kim@globex.com'))])}
      />,
    );
    const avoid = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    expect(avoid).toHaveTextContent('Layoffs — Alex Kim (alex@acme.com), Alex Kim (alex.kim@globex.com)');
    expect(screen.getByRole('list', { name: 'Topics several attendees share' })).toHaveTextContent('Hiring — Alex Kim (alex@acme.com), Alex Kim (alex.kim@globex.com)');
    expect(screen.getByRole('list', { name: 'Pending action items: Alex Kim (alex@acme.com)' })).toHaveTextContent('Send deck');
    expect(screen.getByRole('list', { name: 'Pending action items: Alex Kim (alex.kim@globex.com)' })).toHaveTextContent('Book room');
    // Their cards too: headings and buttons say which Alex Kim, as the lists do (the address once).
    const attendees = screen.getByRole('region', { name: 'Attendees' });
    expect(within(attendees).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Alex Kim (alex@acme.com)', 'Alex Kim (alex.kim@globex.com)']);
    expect(within(attendees).getAllByText('alex@acme.com', { exact: false })).toHaveLength(1);
    await userEvent.click(within(attendees).getByRole('button', { name: 'Full briefing: Alex Kim (alex.kim@globex.com)' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ email: 'alex.kim@globex.com' }));
  });

  it('tells an attendee’s card apart from someone of the same name the page shows without an address', async () => {
    // As Outlook shows it: one Alex Kim with an address, another by name only (two contacts have the name).
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'alex@acme.com' ? match('a1', 'Alex Kim', 'alex@acme.com') : null),
      'contact.insights': reply(insights({ contactId: 'a1' })),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Alex Kim', 'alex@acme.com', null), pagePerson('Alex Kim', null, null), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Alex Kim (alex@acme.com)', 'Daniel Weiss']));
    expect(within(attendees).getByRole('button', { name: 'Full briefing: Alex Kim (alex@acme.com)' })).toBeInTheDocument();
    expect(within(attendees).getByRole('button', { name: 'Full briefing: Daniel Weiss' })).toBeInTheDocument();
  });

  it('leaves out someone shown by name only whom its own lookup finds to be the user or in an excluded domain, as the page does', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['acme.com'], ownAddresses: ['Me@Example.com'] } });
    const colleague = match('c', 'Chris Acme', 'chris@acme.com', 'name');
    const me = match('me', 'Pat Me', 'me@example.com', 'name');
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('name' in query ? (({ 'Chris Acme': colleague, 'Pat Me': me } as Record<string, ContactMatch>)[query.name] ?? null) : null),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId] ?? insights({ contactId }))),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Chris Acme', null, null), pagePerson('Pat Me', null, null), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
    );
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')).toHaveLength(2));
    expect(document.body.textContent).not.toMatch(/Chris Acme|Pat Me/);
    await fakeBrowser.storage.sync.remove('preferences');
  });

  it('leaves out, at once, attendees of a meeting chosen on a card whose domain is then excluded', async () => {
    const partner = match('p', 'Jonas Berg', 'jonas@partner.example');
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId] ?? insights({ contactId }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Jonas Berg', 'jonas@partner.example', partner)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')).toHaveLength(2));
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['partner.example'], ownAddresses: [] } });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')).toHaveLength(1));
    expect(document.body.textContent).not.toMatch(/Jonas Berg/);
    await fakeBrowser.storage.sync.remove('preferences');
  });

  it('lists people shown by name only whom no single contact matches apart from those not in Primer, with the way to find them by e-mail', async () => {
    fakeBackground({
      // A name two contacts share (or none has) matches nobody: Primer does not guess.
      'contact.find': () => Promise.resolve(null),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])),
    });
    renderWithClient(
      <>
        <PersonSearch onFind={() => undefined} />
        <MeetingBriefing
          now={NOW}
          onOpenPerson={() => undefined}
          unknownAction={<p>Upload offer</p>}
          surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Alex Kim', null, null), pagePerson('Riley Stone', 'riley@unknown.example', null)])}
        />
      </>,
    );
    const nameOnly = await screen.findByRole('region', { name: 'Shown by name only (1)' });
    expect(within(nameOnly).getByRole('listitem')).toHaveTextContent(/^Alex Kim$/);
    expect(nameOnly).toHaveTextContent('The page shows no address for them. Primer matches a name only when exactly one contact has it, so it does not guess among several.');
    expect(nameOnly).not.toHaveTextContent('Upload offer');
    const unknown = screen.getByRole('region', { name: 'Not in Primer yet (1)' });
    expect(unknown).toHaveTextContent('Riley Stone riley@unknown.example');
    expect(unknown).not.toHaveTextContent('Alex Kim');
    expect(unknown).toHaveTextContent('Upload offer');
    expect(screen.getByText(/^3 people/)).toHaveTextContent('3 people · 1 in Primer, 1 not yet, 1 shown by name only');
    await userEvent.click(within(nameOnly).getByRole('button', { name: 'Find them by e-mail' }));
    expect(screen.getByRole('textbox', { name: 'Find a person by e-mail' })).toHaveFocus();
  });

  it('says how many more topics to raise an attendee’s card leaves out', async () => {
    const many = { m: insights({ contactId: 'm', recentTopics: ['Q3 roadmap', 'hiring', 'pricing'], interests: ['sailing', 'chess'] }), d: byId.d };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(many[contactId as keyof typeof many])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')[0]).toHaveTextContent('RaiseQ3 roadmap, hiring and 3 more'));
    expect(within(attendees).getAllByRole('listitem')[1]).toHaveTextContent(/Raiseq3 roadmapAvoid/);
  });

  it('never tells an attendee’s card to raise a topic the meeting says to avoid: everyone hears it', async () => {
    const sailing = {
      m: insights({ contactId: 'm', recentTopics: ['Sailing', 'Q3 roadmap'], interests: ['chess', 'hiring'] }),
      d: insights({ contactId: 'd', sensitiveTopics: ['sailing'], recentTopics: ['Hiring'] }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(sailing[contactId as keyof typeof sailing])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' })).toHaveTextContent('sailing — Daniel Weiss');
    const [mayasCard] = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    // Counted without it too: two shown, one more.
    expect(mayasCard).toHaveTextContent('RaiseQ3 roadmap, chess and 1 more');
    expect(mayasCard).not.toHaveTextContent(/sailing/i);
  });

  it('does not say "No insights yet" of an attendee whose every topic is one someone here is to avoid', async () => {
    const sailing = {
      m: insights({ contactId: 'm', recentTopics: ['Sailing'] }),
      d: insights({ contactId: 'd', sensitiveTopics: ['sailing'] }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(sailing[contactId as keyof typeof sailing])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    const [mayasCard] = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(mayasCard).not.toHaveTextContent('No insights yet');
    expect(mayasCard).toHaveTextContent('Raisenothing in this meeting (their full briefing has their topics)');
    expect(mayasCard).not.toHaveTextContent(/sailing/i);
  });

  it('keeps the "matched by name" label and the full briefing of an attendee whose briefing failed', async () => {
    const mayaByName = match('m', 'Maya Chen', 'maya@example.com', 'name');
    fakeBackground({
      'contact.insights': ({ contactId }) => (contactId === 'm' ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(byId.d))),
    });
    const open = vi.fn();
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={open} surface={surface([pagePerson('Maya Chen', null, mayaByName), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const alert = await screen.findByRole('alert');
    const item = alert.closest('li')!;
    expect(item).toHaveTextContent(/^Maya Chen.*matched by name/);
    // Read alone (the notice, the button), it still says how Maya was found.
    expect(alert).toHaveTextContent('Could not load the briefing of Maya Chen (matched by name).');
    await userEvent.click(within(item).getByRole('button', { name: 'Full briefing: Maya Chen (matched by name)' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ match: mayaByName }));
  });

  it('shows each attendee loading, and a failed one with a way to retry', async () => {
    let fail = true;
    let answerMaya!: () => void;
    const maysReply = new Promise<void>((resolve) => (answerMaya = resolve)).then(() => reply(byId.m));
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'd' && fail ? ((fail = false), Promise.reject(new ApiError('server', 'boom'))) : contactId === 'm' ? maysReply : Promise.resolve(reply(byId.d)),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(screen.getByRole('status', { name: 'Loading Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Daniel Weiss' })).toBeInTheDocument();
    // Both were asked for in one message.
    await vi.waitFor(() => expect(sent('contacts.insights')).toEqual([{ contactIds: ['m', 'd'] }]));
    answerMaya();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefing of Daniel Weiss. The service had a problem answering.');
    expect(await screen.findByText('friendly')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('formal')).toBeInTheDocument();
    // Try again went with the notice: focus is on that attendee's name, not on the document.
    await vi.waitFor(() => expect(within(screen.getByRole('region', { name: 'Attendees' })).getByRole('heading', { level: 3, name: 'Daniel Weiss' })).toHaveFocus());
  });

  it('says once, for the whole meeting, that briefings come from their last copy', async () => {
    const problem = { kind: 'network' as const, message: 'down', status: null, code: null, retryAfterMs: null };
    fakeBackground({
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId], { problem, asOf: NOW.getTime() - (contactId === 'm' ? 60_000 : 7_200_000) })),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { title: null, kind: 'thread' })} />);
    expect(await screen.findAllByText(/showing the briefing as of/)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This conversation');
  });

  it('says once for the whole meeting that the key was refused, with the way to options', async () => {
    fakeBackground({ 'contact.insights': new ApiError('unauthorized', 'no') });
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the attendees’ briefings. The service did not accept Primer’s API key.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Attendees' })).getAllByText('No briefing (see above).')).toHaveLength(3);
    await userEvent.click(within(alert).getByRole('button', { name: 'Open Primer options' }));
    expect(openOptions).toHaveBeenCalled();
  });

  it('says at once, for the whole meeting, that the service asked to slow down and when Primer asks again', async () => {
    fakeBackground({ 'contact.insights': new ApiError('rate_limited', 'slow', { retryAfterMs: 12_000 }) });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
      { retry: shouldRetry, retryDelay: retryDelayFor },
    );
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(/The service asked Primer to slow down\. Primer will try again in (12|11) s\./));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('counts people in words that fit: “1 person”, never “1 people”', async () => {
    fakeBackground({ 'contact.insights': reply(byId.m) });
    // The same person twice (organizer and guest) is one person.
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Maya Chen', 'maya@example.com', maya)])} />);
    expect(await screen.findByText(/^1 person · 1 in Primer$/)).toBeInTheDocument();
    expect(screen.queryByText(/1 people/)).toBeNull();
  });

  it('says where the meeting’s briefing comes from, and each attendee’s', async () => {
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(contactId === 'm' ? { ...byId.m, totalConversations: 7 } : { ...byId.d, totalConversations: 2, lastConversationDate: '2026-11-08' })),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(await screen.findByText('From up to 9 conversations with 2 attendees, the latest 3 days ago.')).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('From 7 conversations.');
    expect(items[1]).toHaveTextContent('From 2 conversations.');
  });

  it('says an attendee’s last talk dated after today by its date alone, never “in 7 days”', async () => {
    const later = { m: insights({ contactId: 'm', preferredTone: 'warm', lastConversationDate: '2026-11-29' }), d: byId.d };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(later[contactId as keyof typeof later])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await within(attendees).findByText('warm');
    expect(within(attendees).getByText('Last talk').nextElementSibling).toHaveTextContent(/^(29 Nov 2026|Nov 29, 2026)$/);
    expect(screen.getByText(/^The latest conversation/)).toHaveTextContent(/^The latest conversation with them was on (29 Nov 2026|Nov 29, 2026)\.$/);
    expect(document.body.textContent).not.toMatch(/in 7 days|next week/);
  });

  it('counts a contact two attendee entries lead to once in where the meeting’s briefing comes from', async () => {
    // Listed by address and, elsewhere, by name only (as Outlook may): both lookups find Maya.
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query ? maya : match('m', 'Maya Chen', 'maya@example.com', 'name')),
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(contactId === 'm' ? { ...byId.m, totalConversations: 7 } : { ...byId.d, totalConversations: 2, lastConversationDate: '2026-11-08' })),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', null), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Maya Chen', null, null)])}
      />,
    );
    expect(await screen.findByText('From up to 9 conversations with 2 attendees, the latest 3 days ago.')).toBeInTheDocument();
    // One person, once the lookups say so: counted once, one card, matched by her address.
    expect(screen.getByText(/^\d+ (people|person)/)).toHaveTextContent(/^2 people · 2 in Primer$/);
    const attendees = screen.getByRole('region', { name: 'Attendees' });
    expect(within(attendees).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Maya Chen', 'Daniel Weiss']);
    expect(screen.queryByText(/matched by name/)).toBeNull();
  });

  it('says once the meeting’s briefings are in after its placeholders', async () => {
    const answers: (() => void)[] = [];
    fakeBackground({ 'contact.insights': ({ contactId }) => new Promise((resolve) => answers.push(() => resolve(reply(byId[contactId as keyof typeof byId])))) });
    const { client, rerender } = renderWithClient(
      <>
        <PanelAnnouncer />
        <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />
      </>,
    );
    await screen.findByRole('status', { name: 'Loading Daniel Weiss' });
    const region = document.querySelector('[aria-live="polite"][data-unsaved]')!;
    expect(region).not.toHaveTextContent('Q3 roadmap review');
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    answers.forEach((answer) => answer());
    await vi.waitFor(() => expect(region).toHaveTextContent('Briefing of Q3 roadmap review loaded.'));
    const said = region.textContent;
    // A guest added to the event loads on its own: the meeting is not said again.
    rerender(
      <QueryClientProvider client={client}>
        <PanelAnnouncer />
        <MeetingBriefing
          now={NOW}
          onOpenPerson={() => undefined}
          surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
        />
      </QueryClientProvider>,
    );
    await screen.findByRole('status', { name: 'Loading Lee Park' });
    answers.at(-1)!();
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Loading Lee Park' })).toBeNull());
    expect(region.textContent).toBe(said);
  });

  it('says nothing of a meeting loaded when every briefing failed (the alert says it)', async () => {
    fakeBackground({ 'contact.insights': () => Promise.reject(new ApiError('forbidden', 'no')) });
    renderWithClient(
      <>
        <PanelAnnouncer />
        <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />
      </>,
    );
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[aria-live="polite"][data-unsaved]')).not.toHaveTextContent(/loaded/);
  });

  it('marks only what loads as loading, never the whole meeting around its notices (a busy subtree holds alerts back)', async () => {
    fakeBackground({ 'contact.insights': () => new Promise(() => undefined) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(await screen.findByRole('status', { name: 'Loading Daniel Weiss' })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('names a contact two attendee entries lead to once where the meeting says whose briefings failed', async () => {
    // As above, but her briefing (and Lee's) fails: the notices name her once.
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query ? maya : match('m', 'Maya Chen', 'maya@example.com', 'name')),
      'contact.insights': ({ contactId }) => (contactId === 'd' ? Promise.resolve(reply(byId.d)) : Promise.reject(new ApiError('server', 'boom'))),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', null), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Maya Chen', null, null), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    await vi.waitFor(() => expect(screen.getByRole('article').querySelector('[data-loading]')).toBeNull());
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the briefings of Maya Chen and Lee Park.');
    expect(screen.getByText(/left out of the meeting’s topics/)).toHaveTextContent(/^Maya Chen and Lee Park are left out/);
    expect(screen.getByText(/^\d+ (people|person)/)).toHaveTextContent(/^3 people · 3 in Primer$/);
    expect(within(screen.getByRole('region', { name: 'Attendees' })).getAllByText('No briefing (see above).')).toHaveLength(2);
  });

  it('says which attendee could not be looked up, with Try again, and still briefs the others', async () => {
    let fail = true;
    fakeBackground({
      'contact.find': () => (fail ? ((fail = false), Promise.reject(new ApiError('server', 'boom'))) : Promise.resolve(lee)),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', null), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
    );
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    const alert = await within(attendees).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefing of Lee Park. The service had a problem answering.');
    expect(alert.closest('li')).toHaveTextContent(/^Lee Park/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(await within(attendees).findByText('friendly')).toBeInTheDocument();
    expect(within(attendees).getByText('formal')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')[1]).toHaveTextContent('No insights yet.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not count an attendee whose lookup failed as in Primer', async () => {
    fakeBackground({
      'contact.find': new ApiError('server', 'boom'),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', null)])} />);
    await screen.findByRole('alert');
    await screen.findByText('friendly');
    expect(screen.getByText(/^2 people/)).toHaveTextContent('2 people · 1 in Primer, 1 could not be looked up');
  });

  it('briefs attendees each with a different part of their insights: no "undefined" or "null", no heading without content', async () => {
    const partial = {
      m: insights({ contactId: 'm', pendingActionItems: [{ text: 'Send the deck', owner: null, dueDate: null, status: null }], totalConversations: 0 }),
      d: insights({ contactId: 'd', sensitiveTopics: ['budget'], personalitySummary: 'Quiet.' }),
      l: insights({ contactId: 'l', lastConversationDate: '2026-11-21' }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(partial[contactId as keyof typeof partial])) });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson(null, 'dan@example.net', dan), pagePerson('Lee Park', null, lee)])} />,
    );
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).queryAllByRole('status')).toHaveLength(0));
    expect(within(attendees).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Maya Chen.*Pending1 action item/),
      expect.stringMatching(/^Daniel Weiss.*Avoidbudget/),
      expect.stringMatching(/^Lee Park.*Last talkyesterday/),
    ]);
    expect(screen.getByRole('list', { name: 'Topics to avoid and whom they concern' })).toHaveTextContent('budget — Daniel Weiss');
    expect(screen.getByRole('list', { name: 'Pending action items: Maya Chen' })).toHaveTextContent(/^Send the deck$/);
    expect(screen.queryByRole('list', { name: 'Topics several attendees share' })).toBeNull();
    expect(screen.queryByText(/0 conversations/)).toBeNull();
    expect(document.body.textContent).not.toMatch(/undefined|null|NaN|Invalid Date/);
    for (const heading of screen.getAllByRole('heading')) expect(heading.textContent?.trim()).not.toBe('');
    for (const region of screen.getAllByRole('region')) {
      const heading = within(region).getAllByRole('heading')[0]!;
      expect(region.textContent?.trim().length).toBeGreaterThan(heading.textContent?.trim().length ?? 0);
    }
  });

  it('does not say “No insights yet” for an attendee the service has a communication approach for', async () => {
    const only = { m: insights({ contactId: 'm', communicationApproach: 'Lead with data.', personalitySummary: 'Analytical.' }), d: byId.d };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(only[contactId as keyof typeof only])) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await within(attendees).findByText('formal');
    expect(within(attendees).getAllByRole('listitem')[0]).not.toHaveTextContent('No insights yet.');
  });

  it('says whose briefings are missing from what to avoid and the action items, instead of dropping them as if they had none', async () => {
    const sam = match('s', 'Sam Roe', 'sam@example.org');
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'l' ? Promise.reject(new ApiError('timeout', 'slow')) : contactId === 's' ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(byId[contactId as keyof typeof byId])),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee), pagePerson('Sam Roe', 'sam@example.org', sam)])}
      />,
    );
    const avoid = await screen.findByRole('region', { name: 'Topics to avoid' });
    const note = await screen.findByText(/left out of the meeting’s topics and pending items/);
    expect(note).toHaveTextContent('Lee Park and Sam Roe are left out of the meeting’s topics and pending items: their briefings could not be loaded, so what to avoid with them and what they have pending is not known.');
    // Said before the lists it is about.
    expect(note.compareDocumentPosition(avoid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('article').querySelector('[data-loading]')).toBeNull();
  });

  it('says whose briefings failed when only some did, not “the attendees’ briefings” as if all had', async () => {
    const sam = match('s', 'Sam Roe', 'sam@example.org');
    fakeBackground({
      'contact.insights': ({ contactId }) => (contactId === 'l' || contactId === 's' ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(byId[contactId as keyof typeof byId]))),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee), pagePerson('Sam Roe', 'sam@example.org', sam)])}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefings of Lee Park and Sam Roe. The service had a problem answering.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('offers one Try again for attendees that failed for different reasons that each call for it, and lands focus on the meeting’s title', async () => {
    const sam = match('s', 'Sam Roe', 'sam@example.org');
    let failing = true;
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        failing && contactId === 'l'
          ? Promise.reject(new ApiError('timeout', 'slow'))
          : failing && contactId === 's'
            ? Promise.reject(new ApiError('server', 'boom'))
            : Promise.resolve(reply(contactId === 's' ? insights({ contactId: 's', preferredTone: 'dry' }) : byId[contactId as keyof typeof byId])),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', lee), pagePerson('Sam Roe', 'sam@example.org', sam)])}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefings of Lee Park and Sam Roe.');
    // Why, said truly for both: no reason of its own made up for the two ("The request failed").
    expect(alert).toHaveTextContent(/^Could not load the briefings of Lee Park and Sam Roe\. They failed for different reasons: each attendee’s card below says why\.Try again$/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
    // Each card still says why its own briefing is missing.
    const cards = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(cards[1]).toHaveTextContent('No briefing (see above). The service took too long to answer.');
    expect(cards[2]).toHaveTextContent('No briefing (see above). The service had a problem answering.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('dry')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toHaveFocus());
  });

  it('leaves each contact the service no longer has on its own card, with the way to find that person', async () => {
    const sam = match('s', 'Sam Roe', 'sam@example.org');
    fakeBackground({
      'contact.insights': ({ contactId }) => (contactId === 'l' || contactId === 's' ? Promise.reject(new ApiError('not_found', 'gone')) : Promise.resolve(reply(byId.m))),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', lee), pagePerson('Sam Roe', 'sam@example.org', sam)])}
      />,
    );
    await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('alert');
    // “This contact” is said of one person, on their card, and Find them by e-mail is about them.
    expect(first!.closest('li')).toHaveTextContent(/^Lee Park.*The service no longer has this contact/);
    expect(second!.closest('li')).toHaveTextContent(/^Sam Roe.*The service no longer has this contact/);
    expect(within(first!).getByRole('button', { name: 'Find them by e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/the attendees’ briefings/)).toBeNull();
    // Counted as their cards show them: gone from the service, not in Primer.
    expect(screen.getByText(/^3 people/)).toHaveTextContent(/^3 people · 1 in Primer, 2 no longer in Primer$/);
  });

  it('does not count people whose lookup met a wrong address (a 404 where the contact list should be) as no longer in Primer', async () => {
    // No contact was found for them: there is none the service could have removed.
    fakeBackground({
      'contact.find': new ApiError('not_found', 'Not Found', { status: 404, code: NOT_THE_SERVICE_CODE }),
      'contact.insights': () => Promise.resolve(reply(byId.m)),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', null), pagePerson('Sam Roe', 'sam@example.org', null)])}
      />,
    );
    await vi.waitFor(() => expect(screen.getByText(/^3 people/)).toHaveTextContent(/^3 people · 1 in Primer, 2 could not be looked up$/));
    expect(screen.queryByText(/no longer in Primer/)).toBeNull();
    // Said once for both, as the address's fault with the way to options: not "no longer has this
    // contact" with a search by e-mail on each card, which would fail the same way.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load the briefings of Lee Park and Sam Roe\. Something other than Primer’s service answers at the service address/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(alert).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(screen.queryByText(/no longer has this contact/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Find .* by e-mail/i })).toBeNull();
  });

  it('offline, with some attendees from their last copy and others with none, offers one way to try again, not Refresh and Try again', async () => {
    const problem = { kind: 'network' as const, message: 'down', status: null, code: null, retryAfterMs: null };
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'l' ? Promise.reject(new ApiError('network', 'offline')) : Promise.resolve(reply(byId[contactId as keyof typeof byId], { problem, asOf: NOW.getTime() - 3_600_000 })),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])} />,
    );
    expect(await screen.findByText(/showing the briefing as of/)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefing of Lee Park. The service cannot be reached.');
    expect(screen.getByText(/left out of the meeting’s topics and pending items/)).toHaveTextContent(/^Lee Park is left out of the meeting’s topics and pending items/);
    expect(screen.getAllByRole('button', { name: /^(Try again|Refresh)$/ }).map((button) => button.textContent)).toEqual(['Try again']);
  });

  it('still says briefings are old copies when the key is refused mid-way and some attendees have no copy at all', async () => {
    // Maya and Daniel were briefed three hours ago; now the key is refused for everyone, and Lee and Sam have nothing to show.
    const sam = match('s', 'Sam Roe', 'sam@example.org');
    fakeBackground({ 'contact.insights': new ApiError('unauthorized', 'no') });
    const { client } = renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee), pagePerson('Sam Roe', 'sam@example.org', sam)])}
      />,
    );
    client.setQueryData(['insights', 'm'], reply(byId.m, { asOf: NOW.getTime() - 3 * 3_600_000 }), { updatedAt: 1 });
    client.setQueryData(['insights', 'd'], reply(byId.d, { asOf: NOW.getTime() - 3 * 3_600_000 }), { updatedAt: 1 });
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/2 attendees are shown as of .+ \(3 h ago\)/));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the briefings of Lee Park and Sam Roe. The service did not accept Primer’s API key.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
  });
});
