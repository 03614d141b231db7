/**
 * The way back from a search to a person chosen on a card names them: "Back to דנה כהן (matched by
 * name)". The name is the page's or the service's text, set in Primer's words; left in one run with
 * them, a Hebrew or Arabic name took the note "(matched by name)" into its right-to-left run and
 * showed it before the name. The name is isolated on its own, the note after it outside, as the
 * meeting's lists name people.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

it('isolates the name in “Back to …” apart from its “(matched by name)”', async () => {
  const user = userEvent.setup();
  fakeBackground({ 'settings.get': configured, 'contact.find': null, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
  const first = { tabId: 7, focus: { kind: 'person' as const, match: match('d', 'דנה כהן', 'dana@example.com', 'name') }, page: null, status: null };
  await browserShows(first);
  render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'דנה כהן (matched by name)' })).toBeInTheDocument();
  await user.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'nobody@example.com{Enter}');
  const back = await screen.findByRole('button', { name: 'Back to דנה כהן (matched by name)' });
  expect([...back.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['דנה כהן']);
});
