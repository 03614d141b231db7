/**
 * The upload form's "Primary contact" choices are the meeting's contacts as matched with the
 * settings in effect when the form opened (their ids are that service's or account's). Firefox
 * always shows the form in a tab, which stays open while the user changes the key or the service
 * address in the options. After that change, the form neither offers those people nor sends one of
 * their ids with the upload (at the new service or account that id is someone else, or no one, and
 * the recording would be filed as a conversation with them), and an address already looked up is
 * looked up again. The recording picked and the title typed stay.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadForm } from '@/components/popup/UploadForm';
import { handOverFile } from '@/lib/upload/hand-over';
import { fakeBackground, sent } from '../support/fake-background';
import { match } from '../panel/fixtures';
import { EVENT, record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(handOverFile).mockReset();
  vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
  fakeBackground({ 'upload.prepare': { ready: true } });
});

/** In the options (another tab), the user saves another account's key: one storage change. */
async function saveOtherAccount(): Promise<void> {
  await act(async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://api.example.com', apiKeySealed: { v: 2, iv: 'x', data: 'y', hint: 'bbbb', url: 'https://api.example.com' } });
  });
}

it('neither offers nor sends the old settings’ contacts once the settings changed under the open form', async () => {
  const user = userEvent.setup();
  render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
  await user.upload(screen.getByLabelText('Recording'), new File([new Uint8Array(2048)], 'Weekly sync.m4a', { type: 'audio/mp4' }));
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Roadmap, part two');
  await user.selectOptions(screen.getByLabelText(/Primary contact/), 'm');

  await saveOtherAccount();

  expect(screen.queryByRole('option', { name: 'Maya Chen' })).toBeNull();
  expect(screen.getByText(/Primer’s settings changed/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(handOverFile).toHaveBeenCalled());
  const handedOver = vi.mocked(handOverFile).mock.lastCall![0];
  expect(handedOver.meta).toMatchObject({ primaryContactId: null, primaryContactName: null, title: 'Roadmap, part two' });
  expect(handedOver.file.name).toBe('Weekly sync.m4a');
});

it('looks a typed address up again under the new settings, rather than use the old account’s answer', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let account = 'old';
    fakeBackground({
      'upload.prepare': { ready: true },
      'contact.find': () => Promise.resolve(account === 'old' ? match('old-id', 'Old Person', 'lee@acme.com') : match('new-id', 'New Person', 'lee@acme.com')),
    });
    render(<UploadForm draft={{ ...EVENT, contacts: [] }} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), new File([new Uint8Array(2048)], 'Weekly sync.m4a', { type: 'audio/mp4' }));
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'lee@acme.com');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('That is Old Person.')).toBeTruthy();

    account = 'new';
    await saveOtherAccount();
    expect(screen.queryByText('That is Old Person.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('That is New Person.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(handOverFile).toHaveBeenCalled());
    expect(vi.mocked(handOverFile).mock.lastCall![0].meta).toMatchObject({ primaryContactId: 'new-id', primaryContactName: 'New Person' });
    expect(sent('contact.find')).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});
