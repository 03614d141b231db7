/**
 * The options page's three "Try again" buttons (the settings, "Where Primer works", the webhook
 * list) go away the moment they are pressed: a query with no data goes back to `pending` when it
 * is fetched again, so the error block (and its button) is replaced by "Loading …" at once. The
 * keyboard focus that was on the button must not fall to the document (a screen reader would
 * lose its reading position and the next Tab start over at the top): it lands on the heading
 * before it, as in the side panel (focus-landing.ts), and stays there once the retry is done.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { OptionsApp } from '@/components/options/OptionsApp';
import { WebhookSection } from '@/components/options/WebhookSection';
import { SitesSection } from '@/components/options/SitesSection';
import * as preferences from '@/lib/storage/preferences';
import { fakeBackground, renderWithClient, settingsView } from '../options/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** Fails the first time; after that answers `value` once `answer()` is called. */
function failOnce<T>(value: T) {
  let calls = 0;
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const reply = () => (calls++ === 0 ? Promise.reject(new ApiError('network', 'Primer’s background service is not available.')) : held.then(() => value));
  return Object.assign(reply, { answer: () => answer() });
}
const focusFell = () => document.activeElement === null || document.activeElement === document.body;
const where = () => `focus is on ${document.activeElement?.outerHTML.slice(0, 70)}`;

/**
 * Presses Try again from the keyboard; while the retry runs (the query goes back to pending, so
 * the error and its button are replaced by "Loading …" at once), then once it has succeeded, the
 * focus must still be somewhere in the page.
 */
async function tryAgain(user: ReturnType<typeof userEvent.setup>, answer: () => void) {
  const button = await screen.findByRole('button', { name: 'Try again' });
  button.focus();
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
  const whileAsking = focusFell() ? where() : null;
  answer();
  return whileAsking;
}

describe('focus after Try again on the options page', () => {
  it('the settings: focus stays in the page once they load', async () => {
    const user = userEvent.setup();
    const settings = failOnce(settingsView());
    fakeBackground({ 'settings.get': settings, 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<OptionsApp />);
    const whileAsking = await tryAgain(user, settings.answer);
    expect(await screen.findByRole('region', { name: 'Service settings' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(whileAsking, 'while the retry runs').toBeNull();
    expect(focusFell(), where()).toBe(false);
  });

  it('the webhook list: focus stays in the list once it loads', async () => {
    const user = userEvent.setup();
    const list = failOnce({ supported: true, items: [] });
    fakeBackground({ 'webhook.list': list });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    const whileAsking = await tryAgain(user, list.answer);
    expect(await screen.findByText('There are no webhooks yet.')).toBeInTheDocument();
    expect(whileAsking, 'while the retry runs').toBeNull();
    expect(focusFell(), where()).toBe(false);
  });

  it('“Where Primer works”: focus stays in the section once the choices load', async () => {
    const user = userEvent.setup();
    const real = preferences.readPreferences;
    let calls = 0;
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.spyOn(preferences, 'readPreferences').mockImplementation(() => (calls++ === 0 ? Promise.reject(new Error('storage unavailable')) : held.then(real)));
    fakeBackground({});
    renderWithClient(<SitesSection />);
    const whileAsking = await tryAgain(user, answer);
    expect(await screen.findByRole('group', { name: 'Sites' })).toBeInTheDocument();
    expect(whileAsking, 'while the retry runs').toBeNull();
    expect(focusFell(), where()).toBe(false);
  });
});
