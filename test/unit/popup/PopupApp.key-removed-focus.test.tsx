/**
 * The upload form in a tab (Firefox, or the panel's "Upload a recording" where no popup opens)
 * stays open while the user goes to the options. The key removed there, the form is replaced by
 * "Primer is not set up yet…": the field the user was in goes with it, focus falls to the document
 * and the message, in no live region, is not said. Back in the tab, a screen-reader user finds
 * nothing focused and hears nothing of why the form went.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { settingsView } from '../options/helpers';
import { popupSettings } from './popup-settings';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const settings = popupSettings();

it('keeps the focus in the upload section and says why the form went when the key is removed', async () => {
  settings.set(settingsView());
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  const title = await screen.findByLabelText('Title');
  await userEvent.click(title);
  expect(title).toHaveFocus();

  await settings.save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  const message = await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/);
  expect(screen.queryByLabelText('Title')).toBeNull();
  // Said: in a live region (or where the focus now is).
  const live = message.closest('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])');
  const focusedNear = document.activeElement !== document.body && document.activeElement?.closest('section')?.contains(message);
  expect(live !== null || focusedNear, `focus is on ${document.activeElement?.tagName}`).toBe(true);
});

it('lands the focus on the upload section’s heading and says why as an alert; the focus elsewhere stays where it is', async () => {
  settings.set(settingsView());
  const { unmount } = render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  await userEvent.click(await screen.findByLabelText('Title'));
  await settings.save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  const message = await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/);
  expect(message.closest('[role="alert"]')).not.toBeNull();
  await vi.waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Upload a recording' })).toHaveFocus());
  unmount();

  // The focus on "Open briefing", not in the form: it is left there.
  await settings.save(settingsView(), 'abcd');
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  await screen.findByLabelText('Title');
  const open = screen.getByRole('button', { name: 'Open briefing' });
  open.focus();
  await settings.save(settingsView({ hasApiKey: false, apiKeyHint: null }), null);
  await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(open).toHaveFocus();
});

it('says nothing as an alert when the popup opens to “not set up yet” (no form was there)', async () => {
  settings.set(settingsView({ hasApiKey: false, apiKeyHint: null }));
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  const message = await screen.findByText(/enter the API key for https:\/\/api\.example\.com first/);
  expect(message.closest('[role="alert"]')).toBeNull();
  expect(document.activeElement).toBe(document.body);
});
