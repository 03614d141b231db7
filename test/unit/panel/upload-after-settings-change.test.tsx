/**
 * The meeting's "Upload a recording of this meeting" (offered beside its unknown attendees) hands
 * the popup a draft with the meeting's known contacts, to choose the recording's primary contact
 * from. After the settings changed while the panel was open (a new key, the service moved), only
 * the page on screen then has its people's matches set aside (they are the old service's); a page
 * reported afterwards, matched with the new service, keeps them, and its draft offers its contacts.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { serviceUrlItem } from '@/lib/storage/items';
import { DRAFT_KEY } from '@/lib/upload/draft';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, pagePerson, reply, surface } from '../panel/fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

/** Tab `tabId` shows the event with Maya (known as `mayaMatch`) and Daniel (not in Primer). */
const meeting = (tabId: number, mayaMatch: ReturnType<typeof match>): PanelTarget => ({
  tabId, focus: null, status: null,
  page: { site: 'google-calendar', recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', mayaMatch), pagePerson('Daniel Weiss', 'dan@example.net', null)])] },
});

describe('upload from the meeting after a settings change', () => {
  it('still offers the meeting’s known contacts to the upload form', async () => {
    const user = userEvent.setup();
    const mayaA = match('m', 'Maya Chen', 'maya@example.com');
    const mayaB = match('b-42', 'Maya Chen', 'maya@example.com');
    fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))), 'recordings.list': noRecordings });
    const first = meeting(7, mayaA);
    await browserShows(first);
    render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
    await screen.findByRole('region', { name: 'Attendees' });

    // The user saves a new service address in the options; the new service knows Maya as b-42.
    fakeBackground({
      'settings.get': configured,
      'contact.find': (query) => Promise.resolve('email' in query && query.email === 'maya@example.com' ? mayaB : null),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))),
      'recordings.list': noRecordings,
    });
    await act(() => serviceUrlItem.setValue('https://other.example.com'));
    // Later, in another tab, the page (read with the new service) reports Maya with her new contact.
    const later = meeting(8, mayaB);
    await browserShows(later);
    await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId: 8, windowId: 1 }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible());
    expect(await screen.findByText(/1 in Primer, 1 not yet/)).toBeInTheDocument();

    (fakeBrowser.action as unknown as { openPopup: () => Promise<void> }).openPopup = () => Promise.resolve();
    const notInPrimer = await screen.findByRole('region', { name: /Not in Primer yet/ });
    await user.click(within(notInPrimer).getByRole('button', { name: 'Upload a recording of this meeting' }));
    await vi.waitFor(async () => expect((await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY]).toBeDefined());
    const draft = (await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY] as { contacts: { id: string }[]; primaryContactId: string | null };
    expect(draft.contacts.map((contact) => contact.id)).toEqual(['b-42']);
    expect(draft.primaryContactId).toBe('b-42');
  });
});
