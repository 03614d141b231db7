/**
 * A meeting in the panel before Primer can brief anyone (not set up, or not allowed to contact the
 * service's host): the notice saying what to do comes first, with its button, and the attendees
 * follow as a calm list of who is in the meeting. Not every attendee with "No briefing (see above)"
 * and a count of people "could not be looked up": true, but a wall of failures for a first look.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import { ApiError, NO_ACCESS_CODE } from '@/lib/api/errors';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, match, pagePerson, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const notSetUp = { serviceUrl: null, hasApiKey: false, apiKeyHint: null, apiKeyAddress: null, locked: { serviceUrl: false, apiKey: false } };

/** Six guests the page could not look up (no settings): addresses, one shown by name only. */
const sixGuests = () => ({
  site: 'google-calendar' as const,
  recognised: true,
  surfaces: [
    surface([
      pagePerson('Maya Chen', 'maya@example.com', null),
      pagePerson('Daniel Weiss', 'dan@example.net', null),
      pagePerson('Lee Park', 'lee@example.org', null),
      pagePerson('Ana Silva', 'ana@example.com', null),
      pagePerson('Jo Park', 'jo@example.com', null),
      pagePerson('Sam Roy', null, null),
    ]),
  ],
});

async function showPanel(first: PanelTarget) {
  await browserShows(first);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
}

const target = (page: PanelTarget['page']): PanelTarget => ({ tabId: 7, focus: null, page, status: null });

/** Whether `first` comes before `second` in the document. */
const before = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

function expectCalmList(attendees: HTMLElement) {
  for (const name of ['Maya Chen', 'Daniel Weiss', 'Lee Park', 'Ana Silva', 'Jo Park', 'Sam Roy']) expect(within(attendees).getByText(name)).toBeInTheDocument();
  for (const address of ['maya@example.com', 'dan@example.net', 'jo@example.com']) expect(within(attendees).getByText(address)).toBeInTheDocument();
  expect(attendees).not.toHaveTextContent(/No briefing|see above|could not|Could not|Try again/);
  expect(within(attendees).queryAllByRole('alert')).toHaveLength(0);
}

describe('a meeting before Primer can brief anyone', () => {
  it('not set up: the setup notice with its button first, then who is in the meeting, without failure counts or per-person errors', async () => {
    fakeBackground({ 'settings.get': notSetUp, 'contact.find': new ApiError('not_configured', 'no settings') });
    await showPanel(target(sixGuests()));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primer is not set up yet.');
    // Once everyone's lookup has failed for it (the view settles).
    await vi.waitFor(() => expectCalmList(screen.getByRole('region', { name: 'Attendees' })));
    expect(within(alert).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(before(screen.getByRole('alert'), screen.getByRole('heading', { level: 1, name: 'Q3 roadmap review' }))).toBe(true);
    expect(screen.getByText('6 people')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/could not be looked up|in Primer,|No briefing/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
  });

  it('not set up, with contacts the page knew from before: no "No briefing" on each of them either', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    fakeBackground({ 'settings.get': notSetUp, 'contact.insights': new ApiError('not_configured', 'no settings') });
    await showPanel(target({ site: 'google-calendar', recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])] }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Primer is not set up yet.');
    await vi.waitFor(() => {
      const attendees = screen.getByRole('region', { name: 'Attendees' });
      expect(within(attendees).getByText('Maya Chen')).toBeInTheDocument();
      expect(within(attendees).getByText('dan@example.net')).toBeInTheDocument();
      expect(attendees).not.toHaveTextContent(/No briefing|see above/);
    });
    expect(document.body).not.toHaveTextContent(/could not be looked up|0 in Primer/);
  });

  it('not allowed to contact the service: that notice with its button before the attendees, listed calmly', async () => {
    const noAccess = new ApiError('network', 'Primer has not been allowed to contact https://api.example.com yet.', { code: NO_ACCESS_CODE });
    fakeBackground({ 'settings.get': configured, 'contact.find': noAccess });
    await showPanel(target(sixGuests()));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primer has not been allowed to contact the service yet');
    await vi.waitFor(() => expectCalmList(screen.getByRole('region', { name: 'Attendees' })));
    const attendees = screen.getByRole('region', { name: 'Attendees' });
    expect(within(alert).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(before(screen.getByRole('alert'), attendees)).toBe(true);
    expect(document.body).not.toHaveTextContent(/could not be looked up|in Primer,/);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
