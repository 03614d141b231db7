/**
 * The meeting's contacts in the form were matched under the settings the popup opened with. When
 * the key is removed (the form gives way to "not set up") and another account's key is saved, the
 * form that comes back does not offer them: their ids are the old account's.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { EVENT } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

let settings = settingsView();

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 4 }] as never);
  fakeBackground({ 'settings.get': () => Promise.resolve(settings), 'upload.prepare': { ready: true } });
});

async function save(next: typeof settings, hint: string | null): Promise<void> {
  settings = next;
  await act(async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: next.serviceUrl, apiKeySealed: hint === null ? null : { v: 2, iv: 'x', data: hint, hint, url: next.serviceUrl } });
  });
}

it('does not offer the old account’s contacts again after the key was removed and another account’s saved', async () => {
  settings = settingsView();
  render(<PopupApp draft={Promise.resolve(EVENT)} />);
  expect(await screen.findByRole('option', { name: 'Maya Chen' })).toBeTruthy();

  // Options: Remove key (the form goes: "not set up"), then the other account's key is saved.
  await save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  expect(await screen.findByText(/enter the API key/)).toBeTruthy();
  await save(settingsView({ apiKeyHint: 'bbbb' }), 'bbbb');
  expect(await screen.findByLabelText('Recording')).toBeTruthy();

  // The contacts matched under the first account are offered again, as if nothing had changed.
  expect(screen.queryByRole('option', { name: 'Maya Chen' })).toBeNull();
});
