/**
 * The popup's upload section follows the settings while it is open (the form in a tab stays open
 * while the user goes to the options): set up there, the form appears without reopening the page;
 * the key removed, it says what is missing instead of offering an upload that cannot work.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { settingsView } from '../options/helpers';
import { popupSettings } from './popup-settings';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const settings = popupSettings();

it('shows the form once the key is saved in the options, without reopening', async () => {
  settings.set(settingsView({ hasApiKey: false, apiKeyHint: null }));
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  expect(await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/)).toBeTruthy();

  await settings.save(settingsView(), 'bbbb');
  expect(await screen.findByLabelText('Recording')).toBeTruthy();
  expect(screen.queryByText(/Primer is not set up yet/)).toBeNull();
});

it('says what is missing once the key is removed', async () => {
  settings.set(settingsView());
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  await screen.findByLabelText('Recording');

  await settings.save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  expect(await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/)).toBeTruthy();
  expect(screen.queryByLabelText('Recording')).toBeNull();
});
