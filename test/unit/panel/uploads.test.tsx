import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import { someCompleted } from '@/components/panel/data/useRefreshOnUploads';
import type { PanelTarget } from '@/lib/panel/target';
import { DRAFT_KEY } from '@/lib/upload/draft';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { fakeBackground, sent } from '../support/fake-background';
import { record } from '../popup/records';
import { browserShows, insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const maya = match('m', 'Maya Chen', 'maya@example.com');

async function showMeeting(kind: 'event' | 'thread') {
  const page = {
    site: 'google-calendar' as const,
    recognised: true,
    surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Riley Stone', 'riley@unknown.example', null)], { kind, when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })],
  };
  const target: PanelTarget = { tabId: 7, focus: null, page, status: null };
  await browserShows(target);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(target)} />);
  return client;
}

describe('uploads from the side panel', () => {
  it('"Upload a recording of this meeting" opens the upload flow pre-filled from the event', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    const openPopup = vi.fn(() => Promise.reject(new Error('no popup here')));
    (fakeBrowser.action as unknown as { openPopup: typeof openPopup }).openPopup = openPopup;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await showMeeting('event');
    // The one under the title (the same offer follows under "Not in Primer yet").
    await user.click((await screen.findAllByRole('button', { name: 'Upload a recording of this meeting' }))[0]!);
    // In a tab, naming the page it is about (the tab the panel briefs).
    await waitFor(() => expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/\/popup\.html\?tab=7$/) }));
    expect(openPopup).toHaveBeenCalled();
    const stored = (await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY];
    expect(stored).toEqual({
      title: 'Q3 roadmap review',
      meetingDate: new Date(2026, 4, 19, 10, 0).toISOString(),
      speakersExpected: 3,
      contacts: [{ id: 'm', name: 'Maya Chen' }],
      primaryContactId: 'm',
    });
    // The people not in Primer yet are told how their briefing starts.
    expect(screen.getByText('Their briefings start with a processed recording of a conversation with them.')).toBeInTheDocument();
  });

  it('an event offers the same upload beside the people not in Primer yet, far below the one under its title', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    const openPopup = vi.fn(() => Promise.resolve());
    (fakeBrowser.action as unknown as { openPopup: typeof openPopup }).openPopup = openPopup;
    await showMeeting('event');
    const unknown = await screen.findByRole('region', { name: 'Not in Primer yet (1)' });
    const buttons = await screen.findAllByRole('button', { name: 'Upload a recording of this meeting' });
    expect(buttons.filter((button) => !unknown.contains(button))).toHaveLength(1);
    await user.click(await within(unknown).findByRole('button', { name: 'Upload a recording of this meeting' }));
    await waitFor(() => expect(openPopup).toHaveBeenCalled());
    const stored = (await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY];
    expect(stored).toMatchObject({ title: 'Q3 roadmap review', speakersExpected: 3, contacts: [{ id: 'm', name: 'Maya Chen' }], primaryContactId: 'm' });
  });

  it('a thread offers the upload beside its unknown people only', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    await showMeeting('thread');
    expect(await screen.findByRole('button', { name: 'Upload a recording with them' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload a recording of this meeting' })).toBeNull();
  });

  it('a one-to-one meeting, briefed as its one person, still offers the upload', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })), 'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false } });
    const page = { site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya)])] };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await browserShows({ tabId: 7, focus: null, page, status: null });
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve({ tabId: 7, focus: null, page, status: null })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a recording of this meeting' })).toBeInTheDocument();
  });

  it('asks for the primary contact’s briefing again when their recording is processed', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    const client = await showMeeting('event');
    await screen.findByRole('region', { name: 'Attendees' });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'processing' })] }));
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'completed' })] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['insights'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['recordings'] });
    await waitFor(() => expect(sent('contact.insights').length).toBeGreaterThanOrEqual(2));
  });

  it('asks for the meeting’s briefings again when a recording of it with no primary contact is processed', async () => {
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ contactId: 'm' })) });
    const client = await showMeeting('event');
    await screen.findByRole('region', { name: 'Attendees' });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const ofTheMeeting = record({ state: 'completed', meta: { ...record().meta, primaryContactId: null, primaryContactName: null } });
    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [{ ...ofTheMeeting, state: 'processing' }] }));
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [ofTheMeeting] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['insights'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['recordings'] });
  });

  it('only uploads that just completed count', async () => {
    const done = record({ state: 'completed' });
    expect(await someCompleted([], [done])).toBe(true);
    expect(await someCompleted([done], [done])).toBe(false);
    expect(await someCompleted(undefined, [record({ state: 'completed', meta: { ...done.meta, primaryContactId: null } })])).toBe(true);
    expect(await someCompleted([record({ state: 'processing' })], [record({ state: 'failed', failedStep: 'processing' })])).toBe(false);
  });
});
