import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import type { InsightsReply } from '@/lib/messaging/protocol';
import type { PanelTarget } from '@/lib/panel/target';
import { serviceUrlItem } from '@/lib/storage/items';
import { statusKey } from '@/lib/storage/session-keys';
import { fakeBackground, sent } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

/** A Calendar event with Maya and Daniel, as the page reports it. */
const mayaAndDaniel = () => ({ site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])] });

function target(patch: Partial<PanelTarget>): PanelTarget {
  return { tabId: 7, focus: null, page: null, status: null, ...patch };
}

async function showPanel(first: PanelTarget) {
  await browserShows(first);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  return client;
}

/** The meeting of Maya and Daniel in the panel, then an attendee's full briefing opened from it. */
async function openAttendee(name: string) {
  const client = await showPanel(target({ page: mayaAndDaniel() }));
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await userEvent.click(await within(attendees).findByRole('button', { name: `Full briefing: ${name}` }));
  return client;
}

describe('PanelApp', () => {
  it('says when the page is not a supported site, and when its layout is not recognised', async () => {
    fakeBackground({ 'settings.get': configured });
    await showPanel(target({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to brief on this page' })).toBeInTheDocument();
    fakeBackground({ 'settings.get': configured });
    await showPanel(target({ page: { site: 'gmail', recognised: false, surfaces: [] } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page’s layout is not recognised' })).toBeInTheDocument();
  });

  it('says when Primer is switched off for the site in view, with the way to switch it on', async () => {
    fakeBackground({ 'settings.get': configured });
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await showPanel(target({ page: { site: 'gmail', recognised: true, switchedOff: true, surfaces: [] } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Primer is switched off for Gmail' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Primer options' }));
    expect(open).toHaveBeenCalled();
  });

  it('asks to set Primer up when it has no service or key', async () => {
    fakeBackground({ 'settings.get': { ...configured, hasApiKey: false } });
    await showPanel(target({}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Primer is not set up yet.');
  });

  it('says once that Primer is not set up, with the way to options, though every load of a person failed for it', async () => {
    const notConfigured = new ApiError('not_configured', 'no settings');
    fakeBackground({ 'settings.get': { ...configured, hasApiKey: false }, 'contact.insights': notConfigured, 'recordings.list': notConfigured });
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByText('Could not load this briefing (see above).')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the recordings (see above).')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Primer is not set up yet.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Open Primer options' }));
    expect(open).toHaveBeenCalled();
  });

  it('says once that Primer is not set up on a meeting', async () => {
    fakeBackground({ 'settings.get': { ...configured, hasApiKey: false }, 'contact.insights': new ApiError('not_configured', 'no settings') });
    const page = mayaAndDaniel();
    await showPanel(target({ page }));
    expect(await screen.findByText('Could not load the attendees’ briefings (see above).')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Primer is not set up yet.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
  });

  it('still says a load failed for want of setup, with the way to options, when the settings look complete', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': new ApiError('not_configured', 'no settings'), 'recordings.list': noRecordings });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this briefing. Primer is not set up yet: add the service address and API key.');
    expect(within(alert).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });

  it.each([
    [
      'a key but no address (none entered either)',
      { serviceUrl: null, hasApiKey: false, locked: { serviceUrl: false, apiKey: true } },
      'Your administrator set an API key but no service address, and that key is only sent to an address your administrator sets: ask them to set the address too.',
    ],
    [
      'an address that is not valid',
      { serviceUrl: 'http://primer.corp.internal:8080', hasApiKey: false, locked: { serviceUrl: true, apiKey: true } },
      'The service address your administrator set (http://primer.corp.internal:8080) is not valid: ask them to correct it.',
    ],
    [
      'a key no request can carry',
      { serviceUrl: 'https://primer.corp.example', hasApiKey: false, locked: { serviceUrl: true, apiKey: true } },
      'Your administrator’s API key cannot be used as it was set: ask them to set it again.',
    ],
  ])('says only the administrator can put it right when their policy set %s', async (_, view, text) => {
    fakeBackground({ 'settings.get': { ...configured, apiKeyAddress: null, ...view } });
    await showPanel(target({}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Primer is not set up yet. ${text}`);
    expect(alert).not.toHaveTextContent(/Enter the API key|Add the service address/);
  });

  it('names the address a key is missing for, and the one the saved key belongs to', async () => {
    fakeBackground({ 'settings.get': { ...configured, serviceUrl: 'https://elsewhere.example.net', hasApiKey: false, apiKeyAddress: 'https://api.example.com' } });
    await showPanel(target({}));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primer is not set up yet.');
    expect(alert).toHaveTextContent('Enter the API key for https://elsewhere.example.net');
    expect(alert).toHaveTextContent('The saved key is only sent to https://api.example.com');
  });

  it('goes from the meeting to one attendee and back, and finds anyone by e-mail', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly' }))),
      'recordings.list': noRecordings,
    });
    await openAttendee('Daniel Weiss');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Back to the meeting/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeInTheDocument();

    const search = screen.getByRole('search');
    const field = within(search).getByLabelText('Find a person by e-mail');
    await userEvent.type(field, 'not an address');
    await userEvent.click(within(search).getByRole('button', { name: 'Find' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter a full e-mail address/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '  Nobody@Example.com {Enter}');
    expect(await screen.findByText('Not in Primer yet.')).toBeInTheDocument();
    expect(sent('contact.find')).toContainEqual({ email: 'nobody@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to this page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeInTheDocument();
  });

  it('keeps the attendee opened from the meeting when someone new joins it (a reply in the thread, a guest added)', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))),
      'recordings.list': noRecordings,
    });
    await openAttendee('Daniel Weiss');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
    const page = mayaAndDaniel();
    page.surfaces[0]!.people.push(pagePerson('Lee Park', 'lee@example.org', null));
    await act(() => browserShows(target({ page })));
    await act(() => fakeBrowser.storage.session.set({ [statusKey(7)]: { at: Date.now() } }));
    await vi.waitFor(() => expect(sent('contact.find')).toContainEqual({ email: 'lee@example.org' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
  });

  it('keeps a search made on a one-to-one when a guest is added to it (the same event, now a meeting)', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))),
      'recordings.list': noRecordings,
    });
    const oneToOne = { site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya)])] };
    await showPanel(target({ page: oneToOne }));
    await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
    await userEvent.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'someone@example.org{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'someone@example.org' })).toBeVisible();
    await act(() => browserShows(target({ page: mayaAndDaniel() })));
    await act(() => fakeBrowser.storage.session.set({ [statusKey(7)]: { at: Date.now() } }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review', hidden: true })).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'someone@example.org' })).toBeVisible();
  });

  it('keeps a topic the meeting is to avoid out of an attendee’s topics to raise on their full briefing, and says whom it concerns', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(contactId === 'm' ? insights({ contactId, recentTopics: ['Layoffs', 'Q3 roadmap'], sensitiveTopics: [] }) : insights({ contactId, recentTopics: [], sensitiveTopics: ['layoffs'] }))),
      'recordings.list': noRecordings,
    });
    await openAttendee('Maya Chen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Topics to raise: recent' })).toHaveTextContent(/^Q3 roadmap$/);
    expect(screen.getByRole('list', { name: 'Topics not to raise in this meeting' })).toHaveTextContent(/^Layoffs \(Daniel Weiss\)$/);
    // Her own briefing, opened for her alone (a search), raises it as before.
    cleanup();
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByRole('list', { name: 'Topics to raise: recent' })).toHaveTextContent(/^LayoffsQ3 roadmap$/);
    expect(screen.queryByRole('list', { name: 'Topics not to raise in this meeting' })).toBeNull();
  });

  it('says on an attendee’s full briefing what the meeting is to avoid as the meeting’s briefings change, after it was opened', async () => {
    let danAvoids: string[] = [];
    fakeBackground({
      'settings.get': configured,
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(contactId === 'm' ? insights({ contactId, recentTopics: ['Layoffs', 'Q3 roadmap'], sensitiveTopics: [] }) : insights({ contactId, recentTopics: [], sensitiveTopics: danAvoids }))),
      'recordings.list': noRecordings,
    });
    const client = await openAttendee('Maya Chen');
    expect(await screen.findByRole('list', { name: 'Topics to raise: recent' })).toHaveTextContent(/^LayoffsQ3 roadmap$/);
    // Daniel's briefing, refreshed meanwhile, now says to avoid it.
    danAvoids = ['layoffs'];
    await act(() => client.invalidateQueries());
    await vi.waitFor(() => expect(screen.getByRole('list', { name: 'Topics to raise: recent' })).toHaveTextContent(/^Q3 roadmap$/));
    expect(screen.getByRole('list', { name: 'Topics not to raise in this meeting' })).toHaveTextContent(/^Layoffs \(Daniel Weiss\)$/);
  });

  it('offers to go back to the page from a person chosen on a card', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    await fakeBrowser.storage.session.set({ 'panelFocus:7': { kind: 'person', match: maya } });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to this page' }));
    expect(await fakeBrowser.storage.session.get('panelFocus:7')).toEqual({});
  });

  it('offers to go back to the page from a meeting chosen on a card (as it was when chosen)', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))), 'recordings.list': noRecordings });
    const meeting = mayaAndDaniel().surfaces[0]!;
    await fakeBrowser.storage.session.set({ 'panelFocus:7': { kind: 'surface', surface: meeting } });
    await showPanel(target({ focus: { kind: 'surface', surface: meeting } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to this page' }));
    expect(await fakeBrowser.storage.session.get('panelFocus:7')).toEqual({});
  });

  it('comes back to a person chosen again on a card ("Open briefing" once more) from wherever it had moved on to', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
      'recordings.list': noRecordings,
    });
    const chosen = { kind: 'person' as const, match: maya, chosenAt: 1 };
    await fakeBrowser.storage.session.set({ 'panelFocus:7': chosen });
    await showPanel(target({ focus: chosen }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    await user.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'nobody@example.com{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'nobody@example.com' })).toBeVisible();
    // The same person chosen again: the background writes the choice with its new time.
    await act(() => fakeBrowser.storage.session.set({ 'panelFocus:7': { ...chosen, chosenAt: 2 } }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible());
    expect(screen.queryByRole('heading', { level: 1, name: 'nobody@example.com' })).toBeNull();
  });

  it('forgets every briefing when the service or key changes', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const client = await showPanel(target({ focus: { kind: 'person', match: maya } }));
    await screen.findByText('friendly');
    expect(client.getQueryData(['insights', 'm'])).toBeDefined();
    // The briefing on screen is asked for again with the new settings: that answer is held back,
    // so what is checked below is the old account's answer gone, not the new one come.
    fakeBackground({ 'settings.get': configured, 'contact.insights': () => new Promise<InsightsReply>(() => undefined), 'recordings.list': noRecordings });
    await fakeBrowser.storage.session.set({ panelSavedBriefings: { key: { at: Date.now(), mark: { kind: 'person', key: 'contact:m' }, nodes: [] } } });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    expect(client.getQueryData(['insights', 'm'])).toBeUndefined();
    // The copies the next opening would paint first go too.
    await vi.waitFor(async () => expect(await fakeBrowser.storage.session.get('panelSavedBriefings')).toEqual({}));
  });

  it('asks again for the briefing on screen when the service or key changes, and shows the new answer', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByText('friendly')).toBeInTheDocument();
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    expect(await screen.findByText('formal')).toBeInTheDocument();
    expect(screen.queryByText('friendly')).toBeNull();
    expect(sent('contact.insights')).toHaveLength(1);
  });

  it('looks the page’s people up again with the new settings, not by the old service’s contacts', async () => {
    // The page's content script reads its people again with the new service, and only then (if
    // its counts changed at all) reports: until then the page context still names service A's
    // contact "m", which the panel would ask service B about: someone else there, or no one.
    const page = { site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya)])] };
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    await showPanel(target({ page }));
    expect(await screen.findByText('friendly')).toBeInTheDocument();
    fakeBackground({
      'settings.get': configured,
      'contact.find': match('b-42', 'Maya Chen', 'maya@example.com'),
      'contact.insights': ({ contactId }) => (contactId === 'b-42' ? Promise.resolve(reply(insights({ preferredTone: 'formal' }))) : Promise.reject(new ApiError('not_found', 'gone'))),
      'recordings.list': noRecordings,
    });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    expect(await screen.findByText('formal')).toBeInTheDocument();
    // Looked up by address (the reset may ask twice: the background answers both from one call).
    expect(new Set(sent('contact.find').map((query) => JSON.stringify(query)))).toEqual(new Set([JSON.stringify({ email: 'maya@example.com' })]));
    expect(sent('contact.insights').map(({ contactId }) => contactId)).toEqual(['b-42']);
  });

  it('closes a view opened with the old settings (an attendee), rather than asking the new service for its contact', async () => {
    // The attendee view holds service A's contact "d": asked again with service B's settings, it
    // would show someone else there (or no one) under Daniel's name.
    const page = mayaAndDaniel();
    fakeBackground({
      'settings.get': configured,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly' }))),
      'recordings.list': noRecordings,
    });
    await showPanel(target({ page }));
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await userEvent.click(await within(attendees).findByRole('button', { name: 'Full briefing: Daniel Weiss' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeInTheDocument();
    fakeBackground({
      'settings.get': configured,
      'contact.find': (query) => Promise.resolve('email' in query && query.email === 'dan@example.net' ? match('b-7', 'Daniel Weiss', 'dan@example.net') : match('b-42', 'Maya Chen', 'maya@example.com')),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'direct' }))),
      'recordings.list': noRecordings,
    });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
    expect(sent('contact.insights').map(({ contactId }) => contactId)).not.toContain('d');
    expect(sent('contact.insights').map(({ contactId }) => contactId)).not.toContain('m');
  });

  it('asks again once when one save changes both the service and the key', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByText('friendly')).toBeInTheDocument();
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    // One save is one storage change (lib/background/settings.ts).
    await act(() => fakeBrowser.storage.local.set({ serviceUrl: 'https://other.example.com', apiKeySealed: { v: 1, iv: 'iv', data: 'sealed', hint: null } }));
    expect(await screen.findByText('formal')).toBeInTheDocument();
    expect(sent('contact.insights')).toHaveLength(1);
    expect(sent('recordings.list')).toHaveLength(1);
  });

  it('ends a load under way when the service or key changes, with the new settings’ answer', async () => {
    // The first ask never answers: the settings change while the briefing is loading.
    fakeBackground({ 'settings.get': configured, 'contact.insights': () => new Promise<InsightsReply>(() => undefined), 'recordings.list': noRecordings });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByRole('status', { name: 'Loading the briefing' })).toBeInTheDocument();
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    expect(await screen.findByText('formal')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the briefing' })).toBeNull();
  });

  it('stops asking to set Primer up once the settings are filled in', async () => {
    fakeBackground({ 'settings.get': { ...configured, hasApiKey: false } });
    await showPanel(target({}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Primer is not set up yet.');
    fakeBackground({ 'settings.get': configured });
    await act(() => serviceUrlItem.setValue('https://api.example.com'));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says there is nothing to brief without a tab, and on a page with no one on it', async () => {
    fakeBackground({ 'settings.get': configured });
    await showPanel(target({ tabId: null }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Nothing to brief yet' });
    const noTab = heading.closest<HTMLElement>('[role="status"]')!;
    expect(noTab).not.toBeNull();
    expect(noTab).toHaveTextContent('Open a calendar event or an e-mail conversation, or find a person by e-mail above.');
    cleanup();
    fakeBackground({ 'settings.get': configured });
    const list = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'list' });
    await showPanel(target({ page: { site: 'gmail', recognised: true, surfaces: [list] } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'No one to brief here' })).toBeInTheDocument();
    // Nothing was asked of the service for a page with no one to brief.
    expect(sent('contact.insights')).toEqual([]);
    expect(sent('contacts.insights')).toEqual([]);
  });

  it('briefs one person listed twice as that person, not as a one-person meeting', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const page = { site: 'gmail' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Maya Chen', 'maya@example.com', maya)], { kind: 'thread' })] };
    await showPanel(target({ page }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    expect(await screen.findByText('friendly')).toBeInTheDocument();
    expect(screen.queryByText(/people/)).toBeNull();
  });

  /** A meeting of Maya and Daniel in the panel; Enter on Daniel's Full briefing. Returns the page shown. */
  async function openAttendeeByKeyboard(user: ReturnType<typeof userEvent.setup>) {
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
      'recordings.list': noRecordings,
    });
    const page = mayaAndDaniel();
    await showPanel(target({ page }));
    const open = await within(await screen.findByRole('region', { name: 'Attendees' })).findByRole('button', { name: 'Full briefing: Daniel Weiss' });
    open.focus();
    await user.keyboard('{Enter}');
    return page;
  }

  it('returns keyboard focus to where the user came from after “Back”', async () => {
    const user = userEvent.setup();
    await openAttendeeByKeyboard(user);
    // The new view's heading takes focus…
    const heading = await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' });
    expect(heading).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /Back to the meeting/ }));
    // …and "Back" returns it to the very button the user left from.
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Full briefing: Daniel Weiss' })).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('goes back on Escape as “Back” does, but not while the user types in the search field', async () => {
    const user = userEvent.setup();
    await openAttendeeByKeyboard(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Back to the meeting/ })).toHaveAttribute('aria-keyshortcuts', 'Escape');
    // Escape in the search field belongs to the field: the view stays.
    await user.click(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
    screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' }).focus();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Full briefing: Daniel Weiss' })).toHaveFocus();
    // On the page's own view there is nothing to go back to: Escape does nothing.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });

  it('moves focus to the new briefing’s heading when what the tab shows replaces the view the focus was in', async () => {
    const user = userEvent.setup();
    const page = await openAttendeeByKeyboard(user);
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toHaveFocus());
    await user.tab();
    expect(document.activeElement).not.toBe(document.body);
    // Maya chosen on a card in the page: her briefing replaces the views, and the control with focus goes with them.
    await act(() => browserShows(target({ focus: { kind: 'person', match: maya }, page })));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    // The same for the meeting's own view: "Back to this page" is the control on a card's choice.
    screen.getByRole('button', { name: /Back to this page/ }).focus();
    await act(() => browserShows(target({ focus: { kind: 'person', match: dan }, page })));
    const next = await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' });
    await vi.waitFor(() => expect(next).toHaveFocus());
  });

  it('leaves focus where it is when what the tab shows changes while the search field has it', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const page = mayaAndDaniel();
    await showPanel(target({ page }));
    await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' });
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.click(field);
    await act(() => browserShows(target({ focus: { kind: 'person', match: maya }, page })));
    await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(field).toHaveFocus();
  });

  it('briefs what the tab shows now, though it changed while the panel was loading', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: contactId === 'd' ? 'formal' : 'friendly' }))),
      'recordings.list': noRecordings,
    });
    // Read before React mounted (Maya chosen); Daniel was chosen before the panel listened.
    const before = target({ focus: { kind: 'person', match: maya } });
    await browserShows(target({ focus: { kind: 'person', match: dan } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(before)} initialTarget={before} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Maya Chen' })).toBeNull();
    cleanup();
    // The same when that first read was still on its way as React mounted.
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(before)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeInTheDocument();
  });

  // Outlook often shows a name only: her contact is then found by that name.
  it.each([
    ['an address', 'maya@example.com', maya],
    ['a name only', null, match('m', 'Maya Chen', 'maya@example.com', 'name')],
  ])('keeps the view open on a person shown with %s when the page’s lookup finds their contact', async (_, email, found) => {
    fakeBackground({
      'settings.get': configured,
      'contact.find': (query) => Promise.resolve(('email' in query ? query.email === email : query.name === 'Maya Chen') ? found : null),
      'contact.insights': reply(insights({ preferredTone: 'friendly' })),
      'recordings.list': noRecordings,
    });
    const thread = (known: typeof maya | null) => target({ page: { site: 'gmail', recognised: true, surfaces: [surface([pagePerson('Maya Chen', email, known)], { kind: 'thread' })] } });
    await showPanel(thread(null));
    // Her title says "matched by name" once her contact is found by the name (name-match-headings.test.tsx).
    const title = /^Maya Chen( \(matched by name\))?$/;
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await userEvent.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'nobody@example.com{Enter}');
    expect(await screen.findByText('Not in Primer yet.')).toBeVisible();
    // The page reports Maya again, now with her contact.
    const reads = vi.mocked(fakeBrowser.tabs.query).mock.calls.length;
    await act(() => browserShows(thread(found)));
    await vi.waitFor(() => expect(vi.mocked(fakeBrowser.tabs.query).mock.calls.length).toBeGreaterThan(reads));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Not in Primer yet.')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1, name: title })).toBeNull();
  });

  it('shows the briefing, not the view left open, on coming back to a page', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
      'recordings.list': noRecordings,
    });
    const thread = (tabId: number, person: typeof maya) =>
      target({ tabId, page: { site: 'gmail', recognised: true, surfaces: [surface([pagePerson(person.contact.name, person.contact.email, person)], { kind: 'thread' })] } });
    const switchTo = async (shown: PanelTarget) => {
      await browserShows(shown);
      await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId: shown.tabId!, windowId: 1 }));
    };
    await showPanel(thread(7, maya));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    await userEvent.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'nobody@example.com{Enter}');
    expect(await screen.findByText('Not in Primer yet.')).toBeVisible();
    await switchTo(thread(8, dan));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeInTheDocument();
    await switchTo(thread(7, maya));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
    expect(screen.queryByText('Not in Primer yet.')).toBeNull();
  });

  it('moves focus to the result of each search, the second one too', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.find': null });
    await showPanel(target({}));
    await screen.findByRole('heading', { level: 1, name: 'Nothing to brief on this page' });
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.type(field, 'first@example.com{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'first@example.com' })).toHaveFocus());
    await user.clear(field);
    await user.type(field, 'second@example.com{Enter}');
    // The new result's heading takes focus, so it is announced, though one view replaced another.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'second@example.com' })).toHaveFocus());
  });

  it('names what the way back from a search returns to: the person or the meeting chosen on a card', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'settings.get': configured,
      'contact.find': null,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
      'recordings.list': noRecordings,
    });
    const search = async () => {
      await user.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'nobody@example.com{Enter}');
      expect(await screen.findByText('Not in Primer yet.')).toBeVisible();
    };
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    await search();
    // Not "Back to this page": that is a different way back, to what the page shows.
    expect(screen.queryByRole('button', { name: /Back to this page/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Maya Chen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
    cleanup();
    const meeting = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)]);
    await showPanel(target({ focus: { kind: 'surface', surface: meeting } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeInTheDocument();
    await search();
    await user.click(screen.getByRole('button', { name: 'Back to the meeting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
    cleanup();
    // A person chosen on a card who was matched by name: the way back says so, as their view does.
    await showPanel(target({ focus: { kind: 'person', match: { ...maya, matchedBy: 'name' } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen (matched by name)' })).toBeInTheDocument();
    await search();
    await user.click(screen.getByRole('button', { name: 'Back to Maya Chen (matched by name)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen (matched by name)' })).toBeVisible();
  });

  it('empties the search field once its result is left, by “Back” or because the tab shows something else, and keeps what was typed since', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
    await showPanel(target({}));
    await screen.findByRole('heading', { level: 1, name: 'Nothing to brief on this page' });
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.type(field, 'first@example.com{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'first@example.com' })).toHaveFocus());
    expect(field).toHaveValue('first@example.com');
    await user.click(screen.getByRole('button', { name: /Back to this page/ }));
    // Back where the search was made, with the field empty.
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Nothing to brief on this page' })).toBeVisible();

    await user.type(field, 'second@example.com{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'second@example.com' })).toHaveFocus());
    // The tab now shows Daniel: the search's view is gone, and its address with it.
    const thread = target({ tabId: 8, page: { site: 'gmail', recognised: true, surfaces: [surface([pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'thread' })] } });
    await browserShows(thread);
    await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId: 8, windowId: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
    expect(field).toHaveValue('');

    // What the user typed after a search, and did not send, is theirs: kept.
    await user.type(field, 'third@example.com{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'third@example.com' })).toHaveFocus());
    await user.clear(field);
    await user.type(field, 'fourth@exa');
    await user.click(screen.getByRole('button', { name: /Back to this page/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
    expect(field).toHaveValue('fourth@exa');
  });

  it('shows a search made before the page was read, and keeps it and its address once the page is read', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A busy page: neither the early read nor the browser answers yet.
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockReturnValue(new Promise(() => undefined) as never);
    let answer: (target: PanelTarget) => void = () => undefined;
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={new Promise<PanelTarget>((resolve) => (answer = resolve))} />);
    await screen.findByRole('status', { name: 'Finding what to brief on this page' });
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.type(field, 'early@example.com{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'early@example.com' })).toHaveFocus());
    // The page is read: its briefing waits under the search's result.
    query.mockRestore();
    const page = target({ focus: { kind: 'person', match: maya } });
    await browserShows(page);
    await act(() => {
      answer(page);
      return Promise.resolve();
    });
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen', hidden: true })).not.toBeVisible());
    expect(screen.getByRole('heading', { level: 1, name: 'early@example.com' })).toBeVisible();
    expect(field).toHaveValue('early@example.com');
    await user.click(screen.getByRole('button', { name: /^Back to Maya Chen|^Back to this page/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
  });

  it('keeps the attendee opened from a message being written while its subject is typed', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))),
      'recordings.list': noRecordings,
    });
    const compose = (title: string) => ({
      site: 'gmail' as const,
      recognised: true,
      surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'compose', title, when: null })],
    });
    await showPanel(target({ page: compose('Q') }));
    const attendees = await screen.findByRole('region', { name: 'People' });
    await userEvent.click(await within(attendees).findByRole('button', { name: 'Full briefing: Daniel Weiss' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
    await act(() => browserShows(target({ page: compose('Q3 plan') })));
    await act(() => fakeBrowser.storage.session.set({ [statusKey(7)]: { at: Date.now() } }));
    // The report with the new subject is drawn (the meeting under the attendee names it)…
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: /Q3 plan/, hidden: true })).toBeInTheDocument());
    // …and the attendee the user is reading stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
  });

  it('moves focus to the page’s briefing after “Back to this page”, though it briefs the same person', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const page = { site: 'gmail' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya)], { kind: 'thread' })] };
    await showPanel(target({ focus: { kind: 'person', match: maya }, page }));
    await user.click(await screen.findByRole('button', { name: /Back to this page/ }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Maya Chen' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Back to this page/ })).toBeNull();
  });

  it('starts fetching what it briefs before the saved cache is restored', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const never = new Promise<void>(() => undefined);
    await browserShows(target({ focus: { kind: 'person', match: maya } }));
    render(<PanelApp client={client} restored={never} firstTarget={Promise.resolve(target({ focus: { kind: 'person', match: maya } }))} />);
    expect(await screen.findByText('friendly')).toBeInTheDocument();
  });

  it('says it is finding what to brief while the target is not known yet', async () => {
    fakeBackground({ 'settings.get': configured });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Nor does the browser answer the panel's own read.
    vi.spyOn(fakeBrowser.tabs, 'query').mockReturnValue(new Promise(() => undefined) as never);
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={new Promise<PanelTarget>(() => undefined)} />);
    // Said as the status's text, not only its label, and not aria-busy: a busy live region is not
    // announced (this test pinned aria-busy="true" before).
    const finding = await screen.findByRole('status', { name: 'Finding what to brief on this page' });
    expect(finding).toHaveTextContent('Finding what to brief on this page');
    expect(finding).not.toHaveAttribute('aria-busy');
  });

  it('shows a restored briefing at once, then asks for it again once it is on screen (stale-while-revalidate)', async () => {
    let tone = 'restored tone';
    fakeBackground({ 'settings.get': configured, 'contact.insights': () => Promise.resolve(reply(insights({ preferredTone: tone }))), 'recordings.list': noRecordings });
    // As the panel's own client: the restored copy is fresh enough not to be fetched on mount;
    // only the panel's own pass after the first paint asks for it again.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const startedAt = Date.now();
    client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'restored tone' })), { updatedAt: startedAt - 1_000 });
    tone = 'current tone';
    await browserShows(target({ focus: { kind: 'person', match: maya } }));
    render(<PanelApp client={client} restored={Promise.resolve()} startedAt={startedAt} firstTarget={Promise.resolve(target({ focus: { kind: 'person', match: maya } }))} />);
    expect(await screen.findByText('restored tone')).toBeInTheDocument();
    expect(await screen.findByText('current tone')).toBeInTheDocument();
    expect(sent('contact.insights')).toHaveLength(1);
  });

  it('asks again at once when the browser is back online', async () => {
    const problem = { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null };
    let online = false;
    fakeBackground({
      'settings.get': configured,
      'contact.insights': () => Promise.resolve(reply(insights({ preferredTone: 'friendly' }), online ? {} : { problem })),
      'recordings.list': noRecordings,
    });
    await showPanel(target({ focus: { kind: 'person', match: maya } }));
    expect(await screen.findByText(/^Offline:/)).toBeInTheDocument();
    online = true;
    act(() => void globalThis.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(screen.queryByText(/^Offline:/)).toBeNull());
    expect(sent('contact.insights').length).toBeGreaterThanOrEqual(2);
  });
});
