/**
 * The background says when it has started over from other settings (settingsSavedAt): settings
 * changed while the browser was closed are noticed by the worker only then, and no settings key
 * changes in the panel's sight. A briefing on screen received before it is forgotten and asked
 * again, as on a settings change; after a settings change the panel saw (and forgot for already),
 * the announcement that follows asks nothing again: no second load, no flicker.
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import type { PanelTarget } from '@/lib/panel/target';
import { serviceUrlItem } from '@/lib/storage/items';
import { SETTINGS_SAVED_KEY } from '@/lib/storage/settings-change';
import { fakeBackground, sent } from '../support/fake-background';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const noRecordings = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const maya = match('m', 'Maya Chen', 'maya@example.com');

async function showMaya() {
  const first: PanelTarget = { tabId: 7, focus: { kind: 'person', match: maya }, page: null, status: null };
  await browserShows(first);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
  await screen.findByText('friendly');
  return client;
}

const announce = (at = Date.now()) => act(() => fakeBrowser.storage.sync.set({ [SETTINGS_SAVED_KEY]: at }));

it('forgets the briefing on screen and asks again when the background says it started over', async () => {
  fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
  await showMaya();
  fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'formal' })), 'recordings.list': noRecordings });
  await announce();
  expect(await screen.findByText('formal')).toBeInTheDocument();
  expect(screen.queryByText('friendly')).toBeNull();
  expect(sent('contact.insights')).toHaveLength(1);
});

it('asks once for a settings change the panel saw, not again when the background announces it', async () => {
  fakeBackground({ 'settings.get': configured, 'contact.insights': reply(insights({ preferredTone: 'friendly' })), 'recordings.list': noRecordings });
  await showMaya();
  let startOver!: () => void;
  const started = new Promise<void>((resolve) => (startOver = resolve));
  fakeBackground({
    'settings.get': configured,
    'contact.insights': () => started.then(() => reply(insights({ preferredTone: 'formal' }))),
    'recordings.list': () => started.then(() => noRecordings),
  });
  // The save: the panel sees the key change and asks again; the background answers once it has
  // started over, which it announces first.
  await act(() => serviceUrlItem.setValue('https://other.example.com'));
  const startedOver = Date.now();
  await announce(startedOver);
  await act(async () => {
    startOver();
    await started;
  });
  expect(await screen.findByText('formal')).toBeInTheDocument();
  // Heard late (the storage event after the answer): nothing from before it is held either.
  await announce(startedOver - 1);
  expect(screen.getByText('formal')).toBeInTheDocument();
  expect(sent('contact.insights')).toHaveLength(1);
});
