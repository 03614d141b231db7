/**
 * The popup's upload section follows the settings while it is open (the form in a tab stays open
 * while the user goes to the options): set up there, the form appears without reopening the page;
 * the key removed, it says what is missing instead of offering an upload that cannot work.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

let settings = settingsView();

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 4 }] as never);
  fakeBackground({ 'settings.get': () => Promise.resolve(settings), 'upload.prepare': { ready: true } });
});

/** The options save the address and key: one storage change. */
async function save(next: typeof settings): Promise<void> {
  settings = next;
  await act(async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: next.serviceUrl, apiKeySealed: { v: 2, iv: 'x', data: 'y', hint: 'bbbb', url: next.serviceUrl } });
  });
}

it('shows the form once the key is saved in the options, without reopening', async () => {
  settings = settingsView({ hasApiKey: false, apiKeyHint: null });
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  expect(await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/)).toBeTruthy();

  await save(settingsView());
  expect(await screen.findByLabelText('Recording')).toBeTruthy();
  expect(screen.queryByText(/Primer is not set up yet/)).toBeNull();
});

it('says what is missing once the key is removed', async () => {
  settings = settingsView();
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  await screen.findByLabelText('Recording');

  await save(settingsView({ hasApiKey: false, apiKeyHint: null }));
  expect(await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/)).toBeTruthy();
  expect(screen.queryByLabelText('Recording')).toBeNull();
});
