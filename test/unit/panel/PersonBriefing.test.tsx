import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { PanelAnnouncer } from '@/components/panel/announcer';
import { PersonSearch } from '@/components/panel/PersonSearch';
import { ApiError } from '@/lib/api/errors';
import type { Recording, RecordingPage } from '@/lib/models';
import type { SubjectPerson } from '@/lib/panel/subject';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';
import { insights, match, NOW, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const recordingOf = (id: string, title: string): Recording => ({
  id, filename: null, title, meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed', progress: 100, primaryContactId: 'm', participants: [], error: null,
});
const full = insights({
  preferredTone: 'friendly',
  communicationApproach: 'Lead with data.',
  personalitySummary: 'Analytical and warm.',
  recentTopics: ['Q3 roadmap'],
  favoriteTopics: ['trail running'],
  interests: ['marathons'],
  sensitiveTopics: ['the Atlas delay'],
  pendingActionItems: [
    { text: 'Share the SOC 2 report', owner: 'Jordan Lee', dueDate: '2026-11-25', status: 'open' },
    { text: 'Send pricing', owner: null, dueDate: '2026-11-18', status: 'open' },
    { text: 'Confirm headcount', owner: 'Maya Chen', dueDate: null, status: null },
  ],
  lastConversationDate: '2026-11-19T15:00:00',
  totalConversations: 7,
  flags: { prefersDataDriven: true, prefersDirect: true, valuesRelationships: null, dislikesSmallTalk: true, prefersBrevity: null, dislikesJargon: null },
  updatedAt: '2026-11-22T09:00:00',
});

function show(person: SubjectPerson = { email: 'maya@example.com', name: 'Maya Chen', match: maya }) {
  return renderWithClient(<PersonBriefing person={person} onOpenRecording={() => undefined} now={NOW} />);
}

describe('PersonBriefing', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('shows every part of a full briefing, topics to raise and to avoid set apart', async () => {
    fakeBackground({ 'contact.insights': reply(full), 'recordings.list': noRecordings });
    show();
    const talk = await screen.findByRole('region', { name: 'How to talk to them' });
    expect(within(talk).getByText('friendly')).toBeInTheDocument();
    expect(within(talk).getByText('Lead with data.')).toBeInTheDocument();
    expect(within(talk).getByText('Analytical and warm.')).toBeInTheDocument();
    expect(within(talk).getByRole('list', { name: 'Do' })).toHaveTextContent(/numbers/);
    expect(within(talk).getByRole('list', { name: 'Don’t' })).toHaveTextContent(/small talk/);
    // Where it all comes from, said once above every section.
    expect(screen.getByText('From 7 conversations, the latest 3 days ago.').compareDocumentPosition(talk)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // Each topic to raise under where it comes from, recent first.
    const raise = within(screen.getByRole('region', { name: 'Topics' })).getAllByRole('list').slice(0, 3);
    expect(raise.map((list) => [list.getAttribute('aria-label'), list.textContent])).toEqual([
      ['Topics to raise: recent', 'Q3 roadmap'],
      ['Topics to raise: favourites', 'trail running'],
      ['Topics to raise: interests', 'marathons'],
    ]);
    expect(screen.getByRole('list', { name: 'Topics to avoid' })).toHaveTextContent('the Atlas delay');
    const items = within(screen.getByRole('list', { name: 'Pending action items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Send pricing.*Overdue/),
      expect.stringMatching(/^Share the SOC 2 report.*Owner: Jordan Lee.*Due/),
      expect.stringMatching(/^Confirm headcount.*Owner: Maya Chen$/),
    ]);
    expect(screen.getByRole('heading', { name: /Pending action items \(3, 1 overdue\)/ })).toBeInTheDocument();
    // Every pending item is open: no status said beside each.
    expect(screen.getByRole('list', { name: 'Pending action items' })).not.toHaveTextContent('Status');
    const talks = screen.getByRole('region', { name: 'Conversations' });
    expect(talks).toHaveTextContent(/3 days ago/);
    expect(talks).toHaveTextContent(/19 Nov 2026|Nov 19, 2026/);
    expect(talks).toHaveTextContent('7 conversations');
    expect(screen.getByText('Insights updated 3 h ago.')).toBeInTheDocument();
    expect(sent('contact.insights')).toEqual([{ contactId: 'm', revalidate: true }]);
  });

  it('marks an item the server says is overdue (with or without a due date), and says a pending status that is more than open', async () => {
    const items = [
      { text: 'Send deck', owner: null, dueDate: null, status: 'overdue' },
      { text: 'Review contract', owner: null, dueDate: '2026-12-20', status: 'in_progress' },
      { text: 'Book venue', owner: null, dueDate: null, status: 'open' },
    ];
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: null, pendingActionItems: items })), 'recordings.list': noRecordings });
    show();
    const list = await screen.findByRole('list', { name: 'Pending action items' });
    const byText = (text: string) => within(list).getByText(text).closest('li')!;
    expect(byText('Send deck')).toHaveClass('overdue');
    expect(byText('Send deck')).toHaveTextContent(/^Send deck\s*Overdue$/);
    expect(byText('Review contract')).not.toHaveClass('overdue');
    expect(byText('Review contract')).toHaveTextContent(/Status: In progress/);
    expect(byText('Book venue')).toHaveTextContent(/^Book venue$/);
    expect(screen.getByRole('heading', { name: /Pending action items \(3, 1 overdue\)/ })).toBeInTheDocument();
  });

  it('shows only what a partial briefing has: no empty heading, no “undefined” or “null”', async () => {
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    const { container } = show();
    await screen.findByText('formal');
    expect(screen.queryByRole('region', { name: 'Topics' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Pending action items/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Conversations' })).toBeNull();
    expect(container.textContent).not.toMatch(/undefined|null|NaN|Invalid Date/);
    await screen.findByText('No recordings with them yet.');
  });

  it('says where the insights come from even when there is nothing on how to talk to them', async () => {
    fakeBackground({
      'contact.insights': reply(insights({ recentTopics: ['pricing'], pendingActionItems: [{ text: 'Send the deck', owner: null, dueDate: null, status: null }], totalConversations: 2, lastConversationDate: '2026-11-15' })),
      'recordings.list': noRecordings,
    });
    show();
    expect(await screen.findByRole('list', { name: 'Topics to raise: recent' })).toHaveTextContent('pricing');
    expect(screen.queryByRole('region', { name: 'How to talk to them' })).toBeNull();
    expect(screen.getByText('From 2 conversations, the latest 7 days ago.')).toBeInTheDocument();
  });

  it('says a last conversation dated after today by its date alone, never “in 7 days”', async () => {
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'formal', totalConversations: 2, lastConversationDate: '2026-11-29' })), 'recordings.list': noRecordings });
    show();
    const talks = await screen.findByRole('region', { name: 'Conversations' });
    expect(within(talks).getByText('Last').nextElementSibling).toHaveTextContent(/^(29 Nov 2026|Nov 29, 2026)$/);
    expect(screen.getByText(/^From 2 conversations/)).toHaveTextContent(/^From 2 conversations, the latest on (29 Nov 2026|Nov 29, 2026)\.$/);
    expect(document.body.textContent).not.toMatch(/in 7 days|next week/);
  });

  it('shows a last-conversation date it cannot read (or tell: "12/11/2026") as the server wrote it, not nothing', async () => {
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: null, totalConversations: null, lastConversationDate: '12/11/2026' })), 'recordings.list': noRecordings });
    show();
    const talks = await screen.findByRole('region', { name: 'Conversations' });
    expect(within(talks).getByText('Last').nextElementSibling).toHaveTextContent(/^12\/11\/2026$/);
    expect(screen.queryByText('No insights yet')).toBeNull();
  });

  it('says nothing of a count of no conversations, as where the briefing comes from does not', async () => {
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'formal', totalConversations: 0, lastConversationDate: '2026-11-19' })), 'recordings.list': noRecordings });
    show();
    const talks = await screen.findByRole('region', { name: 'Conversations' });
    expect(talks).toHaveTextContent(/^ConversationsLast3 days ago/);
    expect(talks).not.toHaveTextContent('Total');
    expect(screen.getByText('The latest conversation was 3 days ago.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/0 conversations/);
  });

  it('names a contact whose name is empty by their address, never with an empty heading', async () => {
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    show({ email: 'maya@example.com', name: '', match: match('m', '  ', 'maya@example.com') });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('maya@example.com');
    await screen.findByText('formal');
  });

  it('shows each topic once, however often the service lists it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeBackground({
      'contact.insights': reply(insights({ recentTopics: ['Q3'], sensitiveTopics: ['layoffs', 'Layoffs', ' layoffs ', 'budget', 'budget'] })),
      'recordings.list': noRecordings,
    });
    show();
    const avoid = await screen.findByRole('list', { name: 'Topics to avoid' });
    expect(within(avoid).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['layoffs', 'budget']);
    // React warns about duplicate keys on the console; there must be none.
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
  });

  it('says at once that the service asked to slow down, with when Primer asks again, even with nothing to show', async () => {
    fakeBackground({ 'contact.insights': new ApiError('rate_limited', 'slow', { retryAfterMs: 20_000 }), 'recordings.list': noRecordings });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />, { retry: shouldRetry, retryDelay: retryDelayFor });
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(/The service asked Primer to slow down\. Primer will try again in (20|19) s\./));
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('says when Primer asks again of a service that asked to slow down with no wait (Retry-After: 0), which Primer still pauses for', async () => {
    fakeBackground({ 'contact.insights': new ApiError('rate_limited', 'slow', { retryAfterMs: 0 }), 'recordings.list': noRecordings });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />, { retry: shouldRetry, retryDelay: retryDelayFor });
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(/The service asked Primer to slow down\. Primer will try again in (5|4) s\./));
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('says a server error with nothing to show within a couple of seconds, with Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      fakeBackground({ 'contact.insights': () => (++calls, Promise.reject(new ApiError('server', 'boom'))), 'recordings.list': noRecordings });
      renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />, { retry: shouldRetry, retryDelay: retryDelayFor });
      // The first failure is said at once, while Primer tries once more.
      expect(await screen.findByRole('alert')).toHaveTextContent('The service had a problem answering. Trying again…');
      await vi.advanceTimersByTimeAsync(1_000);
      const alert = await screen.findByRole('alert');
      await within(alert).findByRole('button', { name: 'Try again' });
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows its own copy at once and says it is updating while a newer one is asked for', async () => {
    let asked = 0;
    fakeBackground({ 'contact.insights': () => (++asked, new Promise(() => undefined)), 'recordings.list': noRecordings });
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />, {
      staleTime: 0,
    });
    // The panel's saved copy (restored from storage) arrives while the request is out.
    client.setQueryData(['insights', 'm'], reply(full), { updatedAt: 1 });
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    expect(await screen.findByText(/^Updating… showing the briefing as of/)).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('says when there are no insights yet', async () => {
    fakeBackground({ 'contact.insights': reply(insights()), 'recordings.list': noRecordings });
    show();
    expect(await screen.findByText(/No insights yet/)).toBeInTheDocument();
  });

  it('briefs a person the server knows only by preference flags and a count of conversations', async () => {
    const flagsOnly = insights({ totalConversations: 4, flags: { prefersDataDriven: true, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: true, prefersBrevity: null, dislikesJargon: null } });
    fakeBackground({ 'contact.insights': reply(flagsOnly), 'recordings.list': noRecordings });
    show();
    const talk = await screen.findByRole('region', { name: 'How to talk to them' });
    expect(within(talk).getByRole('list', { name: 'Do' })).toHaveTextContent('Bring numbers and evidence');
    expect(within(talk).getByRole('list', { name: 'Don’t' })).toHaveTextContent('Don’t make small talk');
    // Each tip says which part of their profile it comes from.
    expect(within(talk).getByRole('list', { name: 'Do' })).toHaveTextContent('From their profile: prefers data-driven conversations.');
    expect(within(talk).getByRole('list', { name: 'Don’t' })).toHaveTextContent('From their profile: dislikes small talk.');
    // Each list is named once, by its heading: no second name of its own for a screen reader to read.
    for (const title of ['Do', 'Don’t']) {
      const heading = within(talk).getByRole('heading', { level: 3, name: title });
      const list = within(talk).getByRole('list', { name: title });
      expect(list).toHaveAttribute('aria-labelledby', heading.id);
      expect(list).not.toHaveAttribute('aria-label');
      expect(list).not.toHaveAccessibleDescription();
    }
    expect(screen.getByText('From 4 conversations.')).toBeInTheDocument();
    expect(screen.queryByText(/No insights yet/)).toBeNull();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
  });

  it('looks up a person by address and says when the service does not know them', async () => {
    fakeBackground({ 'contact.find': null });
    show({ email: 'nobody@example.com', name: null, match: null });
    expect(await screen.findByText('Not in Primer yet.')).toBeInTheDocument();
    expect(screen.getByText('The service has no contact with this address.')).toBeInTheDocument();
    expect(screen.getByText('A briefing appears after a recorded conversation with them is processed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('nobody@example.com');
    expect(sent('contact.find')).toEqual([{ email: 'nobody@example.com' }]);
  });

  it('offers what it is given for someone the service does not know by address (an upload of a conversation with them), not for a name no single contact has', async () => {
    fakeBackground({ 'contact.find': null });
    const offer = <button type="button">Upload a recording with them</button>;
    const { unmount } = renderWithClient(<PersonBriefing person={{ email: 'nobody@example.com', name: null, match: null }} onOpenRecording={() => undefined} unknownAction={offer} now={NOW} />);
    const note = (await screen.findByText('Not in Primer yet.')).closest('[role=status]')!;
    expect(within(note as HTMLElement).getByRole('button', { name: 'Upload a recording with them' })).toBeInTheDocument();
    unmount();
    renderWithClient(<PersonBriefing person={{ email: null, name: 'Sam Lee', match: null }} onOpenRecording={() => undefined} unknownAction={offer} now={NOW} />);
    expect(await screen.findByText('Shown by name only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload a recording with them' })).toBeNull();
  });

  it('labels a person matched by name', async () => {
    fakeBackground({ 'contact.find': match('g', 'Grace Liu', 'grace@example.org', 'name'), 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    show({ email: null, name: 'Grace Liu', match: null });
    expect(await screen.findByText('matched by name')).toBeInTheDocument();
    // How, said as text anyone reaches (a tooltip is out of reach by keyboard and touch).
    expect(screen.getByText('The page showed no address; one contact has exactly this full name.')).toBeVisible();
    expect(sent('contact.find')).toEqual([{ name: 'Grace Liu' }]);
    expect(await screen.findByText('formal')).toBeInTheDocument();
  });

  it('lists the recent recordings while the briefing loads, and when it cannot be loaded', async () => {
    const withOne: RecordingPage = { ...noRecordings, total: 1, recordings: [recordingOf('r1', 'Roadmap call')], received: 1 };
    fakeBackground({ 'contact.insights': () => new Promise(() => undefined), 'recordings.list': withOne });
    const { unmount } = show();
    expect(screen.getByRole('status', { name: 'Loading the briefing' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: /^Recent recordings/ })).findByText('Roadmap call')).toBeInTheDocument();
    unmount();
    fakeBackground({ 'contact.insights': new ApiError('server', 'boom'), 'recordings.list': withOne });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this briefing. The service had a problem answering.');
    expect(await within(screen.getByRole('region', { name: /^Recent recordings/ })).findByText('Roadmap call')).toBeInTheDocument();
  });

  it('shows a skeleton while the briefing loads', () => {
    fakeBackground({ 'contact.insights': () => new Promise(() => undefined) });
    show();
    expect(screen.getByRole('status', { name: 'Loading the briefing' })).toBeInTheDocument();
  });

  it('sends a refused key to the options page', async () => {
    fakeBackground({ 'contact.insights': new ApiError('unauthorized', 'no'), 'recordings.list': noRecordings });
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service did not accept Primer’s API key.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Open Primer options' }));
    expect(open).toHaveBeenCalled();
  });

  it('says a refused key once, with the way to options, though the recordings were refused too', async () => {
    const refused = new ApiError('unauthorized', 'no');
    fakeBackground({ 'contact.insights': refused, 'recordings.list': refused });
    show();
    const recordings = screen.getByRole('region', { name: /^Recent recordings/ });
    expect(await within(recordings).findByText('Could not load the recordings (see above).')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load this briefing. The service did not accept Primer’s API key.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Failed is not loading: nothing marked busy around its alert.
    expect(alert.closest('[aria-busy="true"]')).toBeNull();
  });

  it('says once the briefing is loaded after its placeholder, and nothing for one there at once', async () => {
    let answer: (value: ReturnType<typeof reply>) => void = () => undefined;
    fakeBackground({ 'contact.insights': () => new Promise((resolve) => (answer = resolve)), 'recordings.list': noRecordings });
    const { unmount } = renderWithClient(
      <>
        <PanelAnnouncer />
        <PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />
      </>,
    );
    const region = document.querySelector('[aria-live="polite"][data-unsaved]')!;
    await screen.findByRole('status', { name: 'Loading the briefing' });
    answer(reply(full));
    await vi.waitFor(() => expect(region).toHaveTextContent('Briefing of Maya Chen loaded.'));
    unmount();
  });

  it('says nothing for a briefing there at once (the panel’s copy): nothing was waited for', async () => {
    fakeBackground({ 'contact.insights': reply(full), 'recordings.list': noRecordings });
    const { client, rerender } = renderWithClient(<PanelAnnouncer />);
    client.setQueryData(['insights', 'd'], reply(full));
    rerender(
      <QueryClientProvider client={client}>
        <PanelAnnouncer />
        <PersonBriefing person={{ email: 'dan@example.net', name: 'Daniel Weiss', match: match('d', 'Daniel Weiss', 'dan@example.net') }} onOpenRecording={() => undefined} now={NOW} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Daniel Weiss', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the briefing' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[aria-live="polite"][data-unsaved]')).toBeEmptyDOMElement();
  });

  it('says “not in Primer yet” once the lookup of an unknown address comes back', async () => {
    let answer: (value: null) => void = () => undefined;
    fakeBackground({ 'contact.find': () => new Promise((resolve) => (answer = resolve)) });
    renderWithClient(
      <>
        <PanelAnnouncer />
        <PersonBriefing person={{ email: 'new@example.com', name: null, match: null }} onOpenRecording={() => undefined} now={NOW} />
      </>,
    );
    await screen.findByRole('status', { name: 'Looking up this person' });
    answer(null);
    await vi.waitFor(() => expect(document.querySelector('[aria-live="polite"][data-unsaved]')).toHaveTextContent('new@example.com is not in Primer yet.'));
  });

  it('does not brief someone in an excluded domain or the user (chosen before, or found by name)', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['example.com'], ownAddresses: [] } });
    fakeBackground({ 'contact.insights': reply(full), 'recordings.list': noRecordings });
    show();
    expect(await screen.findByText(/This address is in a domain you excluded in Primer’s options: Primer does not brief it\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Recent recordings/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'How to talk to them' })).toBeNull();
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: [], ownAddresses: ['Maya@Example.com'] } });
    expect(await screen.findByText(/This is one of your own addresses in Primer’s options/)).toBeInTheDocument();
  });

  it('says a searched address in an excluded domain is left out, not that it is not in Primer yet', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['acme.com'], ownAddresses: [] } });
    let answer: (value: null) => void = () => undefined;
    fakeBackground({ 'contact.find': () => new Promise((resolve) => (answer = resolve)) });
    renderWithClient(
      <>
        <PanelAnnouncer />
        <PersonBriefing person={{ email: 'someone@acme.com', name: null, match: null }} onOpenRecording={() => undefined} now={NOW} />
      </>,
    );
    expect(await screen.findByText(/This address is in a domain you excluded/)).toBeInTheDocument();
    answer(null);
    const region = document.querySelector('[aria-live="polite"][data-unsaved]')!;
    await vi.waitFor(() => expect(region).toHaveTextContent('someone@acme.com is left out in Primer’s options.'));
    expect(region).not.toHaveTextContent(/not in Primer yet/);
  });

  it('says the recordings failed outside anything marked busy while the briefing still loads', async () => {
    fakeBackground({ 'contact.insights': () => new Promise(() => undefined), 'recordings.list': new ApiError('not_found', 'gone') });
    show();
    const recordings = screen.getByRole('region', { name: /^Recent recordings/ });
    const said = await within(recordings).findByRole('alert');
    expect(screen.getByRole('status', { name: 'Loading the briefing' })).toBeInTheDocument();
    expect(said.closest('[aria-busy="true"]')).toBeNull();
  });

  it('says once that the service cannot be reached with nothing saved, and its Try again asks for the recordings too', async () => {
    let down = true;
    const withOne: RecordingPage = { ...noRecordings, total: 1, recordings: [recordingOf('r1', 'Roadmap call')], received: 1 };
    fakeBackground({
      'contact.insights': () => (down ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve(reply(full))),
      'recordings.list': () => (down ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve(withOne)),
    });
    show();
    const recordings = screen.getByRole('region', { name: /^Recent recordings/ });
    expect(await within(recordings).findByText('Could not load the recordings (see above).')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load this briefing. The service cannot be reached.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(recordings).findByText('Roadmap call')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still says the recordings failed when they failed otherwise than the briefing', async () => {
    fakeBackground({ 'contact.insights': new ApiError('server', 'boom'), 'recordings.list': new ApiError('unauthorized', 'no') });
    show();
    const recordings = screen.getByRole('region', { name: /^Recent recordings/ });
    expect(await within(recordings).findByRole('alert')).toHaveTextContent('Could not load the recordings. The service did not accept Primer’s API key.');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('offers to try again after a server error, and recovers', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => (++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(full))),
      'recordings.list': noRecordings,
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service had a problem answering.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    // Try again went with the notice: focus is on the briefing's heading, not on the document.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toHaveFocus());
  });

  it('moves focus to the briefing’s heading when Refresh brings a fresh briefing', async () => {
    let calls = 0;
    const offline = { kind: 'network' as const, message: 'down', status: null, code: null, retryAfterMs: null };
    fakeBackground({
      'contact.insights': () => Promise.resolve(++calls === 1 ? reply(full, { problem: offline }) : reply({ ...full, preferredTone: 'warm' })),
      'recordings.list': noRecordings,
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('warm')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toHaveFocus());
  });

  it('leaves focus alone when a notice goes while the user is elsewhere', async () => {
    let calls = 0;
    const withOne: RecordingPage = { ...noRecordings, total: 1, recordings: [recordingOf('r1', 'Roadmap call')], received: 1 };
    fakeBackground({
      'contact.insights': () => (++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(full))),
      'recordings.list': withOne,
    });
    const { client } = show();
    await screen.findByRole('alert');
    const row = await screen.findByRole('button', { name: /Roadmap call/ });
    row.focus();
    // Asked again by the panel itself (e.g. back online), not by Try again.
    await act(() => client.invalidateQueries({ queryKey: ['insights', 'm'] }));
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(row).toHaveFocus();
  });

  it('shows the last briefing when the service cannot be reached, and as of when', async () => {
    const asOf = NOW.getTime() - 2 * 3_600_000;
    fakeBackground({
      'contact.insights': reply(full, { asOf, problem: { kind: 'network', message: 'down', status: null, code: null, retryAfterMs: null } }),
      'recordings.list': noRecordings,
    });
    show();
    const note = await screen.findByText(/showing the briefing as of/);
    expect(note.closest('[role="status"]')).toHaveTextContent(/^Offline: showing the briefing as of .+ \(.+\)\./);
    expect(screen.getByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('says when a busy service will be asked again', async () => {
    fakeBackground({
      'contact.insights': reply(full, { problem: { kind: 'rate_limited', message: 'slow', status: 429, code: null, retryAfterMs: 30_000 } }),
      'recordings.list': noRecordings,
    });
    show();
    expect(await screen.findByText(/The service is busy/)).toBeInTheDocument();
    expect(await screen.findByText(/Primer will ask again in (30|29) s/)).toBeInTheDocument();
  });

  it('says when the person cannot be looked up, offers to try again, and recovers', async () => {
    let calls = 0;
    fakeBackground({
      'contact.find': () => (++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(maya)),
      'contact.insights': reply(full),
      'recordings.list': noRecordings,
    });
    show({ email: 'maya@example.com', name: 'Maya Chen', match: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this person. The service had a problem answering.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maya Chen');
    expect(screen.queryByRole('status', { name: 'Looking up this person' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    expect(sent('contact.find')).toHaveLength(2);
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toHaveFocus());
  });

  it('keeps the briefing of a person it found when looking them up again fails', async () => {
    let calls = 0;
    fakeBackground({
      'contact.find': () => (++calls === 1 ? Promise.resolve(maya) : Promise.reject(new ApiError('server', 'boom'))),
      'contact.insights': reply(full),
      'recordings.list': noRecordings,
    });
    const { client } = show({ email: 'maya@example.com', name: 'Maya Chen', match: null });
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    await act(() => client.refetchQueries({ queryKey: ['contact'] }));
    expect(calls).toBe(2);
    expect(screen.getByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load this person/)).toBeNull();
  });

  it('keeps the earlier briefing shown when refreshing it fails, and says so, as of when, with Try again', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => (++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply({ ...full, preferredTone: 'warm' }))),
      'recordings.list': noRecordings,
    });
    const { client } = show();
    // The panel's saved copy (two hours old) is shown while the request that will fail is out.
    client.setQueryData(['insights', 'm'], reply(full, { asOf: NOW.getTime() - 2 * 3_600_000 }), { updatedAt: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the latest briefing. The service had a problem answering.');
    // How old what is shown instead is, in the offline note's words.
    expect(alert).toHaveTextContent(/Showing the briefing as of .+ \(2 h ago\)\./);
    expect(within(screen.getByRole('region', { name: 'How to talk to them' })).getByText('friendly')).toBeInTheDocument();
    expect(screen.queryByText(/^Updating…/)).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('warm')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toHaveFocus());
  });

  it('says how old a copy from days ago is in words when refreshing it fails, without repeating its time', async () => {
    fakeBackground({ 'contact.insights': new ApiError('server', 'boom'), 'recordings.list': noRecordings });
    const { client } = show();
    client.setQueryData(['insights', 'm'], reply(full, { asOf: NOW.getTime() - 3 * 86_400_000 }), { updatedAt: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Showing the briefing as of Nov 19, \d{1,2}:\d\d [AP]M \(3 days ago\)\./);
    expect(alert.textContent?.match(/\d:\d\d/g)).toHaveLength(1);
  });

  it('says how Primer looked for a person known only by a name no single contact has, and leads to the search by e-mail', async () => {
    fakeBackground({ 'contact.find': null });
    renderWithClient(
      <>
        <PersonSearch onFind={() => undefined} />
        <PersonBriefing person={{ email: null, name: 'Sam Taylor', match: null }} onOpenRecording={() => undefined} now={NOW} />
      </>,
    );
    const note = (await screen.findByText('Shown by name only.')).closest('[role="status"]');
    expect(note).toHaveTextContent('Shown by name only. The page shows no address for them, and no single contact has exactly this full name.');
    // Two contacts may have this name: not said to be unknown to Primer, nor to wait for a recording.
    expect(note).toHaveTextContent('Primer matches a name only when exactly one contact has it. Find them by their e-mail address instead.');
    expect(note).not.toHaveTextContent(/Not in Primer yet|recorded conversation/);
    await userEvent.click(within(note as HTMLElement).getByRole('button', { name: 'Find them by e-mail' }));
    expect(screen.getByRole('textbox', { name: 'Find a person by e-mail' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sam Taylor');
    expect(screen.queryByText('matched by name')).toBeNull();
    expect(sent('contact.find')).toEqual([{ name: 'Sam Taylor' }]);
    expect(sent('contact.insights')).toEqual([]);
  });

  it('says the service cannot be reached when offline with nothing saved, with Try again', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => (++calls === 1 ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve(reply(full))),
      'recordings.list': noRecordings,
    });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />, { retry: shouldRetry, retryDelay: retryDelayFor });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this briefing. The service cannot be reached.');
    expect(alert).not.toHaveTextContent('Trying again…');
    expect(screen.queryByRole('status', { name: 'Loading the briefing' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'How to talk to them' })).toBeInTheDocument();
  });
});
