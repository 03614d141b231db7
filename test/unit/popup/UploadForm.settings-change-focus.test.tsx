/**
 * When the settings change under the open form, the "Primary contact" select goes (its contacts
 * were matched under the old settings). A keyboard user whose focus was on it keeps the focus in
 * the contact field (the e-mail field that replaces it), and screen-reader users are told why the
 * field changed: the note is said in a live region. A form that offered no contacts has none
 * to stop offering, and says nothing of them.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadForm } from '@/components/popup/UploadForm';
import { fakeBackground } from '../support/fake-background';
import { EVENT } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
  fakeBackground({ 'upload.prepare': { ready: true } });
});

async function saveOtherAccount(): Promise<void> {
  await act(async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://api.example.com', apiKeySealed: { v: 2, iv: 'x', data: 'y', hint: 'bbbb', url: 'https://api.example.com' } });
  });
}

it('keeps the focus in the contact field when the select it was on goes away', async () => {
  render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
  const select = screen.getByLabelText(/Primary contact/);
  select.focus();
  expect(document.activeElement).toBe(select);

  await saveOtherAccount();

  expect(screen.queryByRole('option', { name: 'Maya Chen' })).toBeNull();
  // The focus fell to the document: a keyboard user starts again from the top of the page.
  expect(document.activeElement).toBe(screen.getByLabelText(/Primary contact’s e-mail/));
});

it('tells screen-reader users why the contact field changed (the note is announced)', async () => {
  render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
  await saveOtherAccount();
  const note = screen.getByText(/Primer’s settings changed/);
  expect(note.closest('[aria-live], [role="status"], [role="alert"]')).not.toBeNull();
});

it('says nothing of “the meeting’s contacts no longer offered” when the form offered none', async () => {
  render(<UploadForm draft={{ ...EVENT, contacts: [] }} onStarted={vi.fn()} />);
  await saveOtherAccount();
  expect(screen.queryByText(/meeting’s contacts are no longer offered/)).toBeNull();
});
