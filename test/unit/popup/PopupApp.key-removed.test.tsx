/**
 * The meeting's contacts in the form were matched under the settings the popup opened with. When
 * the key is removed (the form gives way to "not set up") and another account's key is saved, the
 * form that comes back does not offer them: their ids are the old account's.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { PopupApp } from '@/components/popup/PopupApp';
import { settingsView } from '../options/helpers';
import { popupSettings } from './popup-settings';
import { EVENT } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const settings = popupSettings();

it('does not offer the old account’s contacts again after the key was removed and another account’s saved', async () => {
  settings.set(settingsView());
  render(<PopupApp draft={Promise.resolve(EVENT)} />);
  expect(await screen.findByRole('option', { name: 'Maya Chen' })).toBeTruthy();

  // Options: Remove key (the form goes: "not set up"), then the other account's key is saved.
  await settings.save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  expect(await screen.findByText(/enter the API key/)).toBeTruthy();
  await settings.save(settingsView({ apiKeyHint: 'bbbb' }), 'bbbb');
  expect(await screen.findByLabelText('Recording')).toBeTruthy();

  // The contacts matched under the first account are offered again, as if nothing had changed.
  expect(screen.queryByRole('option', { name: 'Maya Chen' })).toBeNull();
});
