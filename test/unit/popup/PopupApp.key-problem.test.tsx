/**
 * The upload form while the service refuses the key (the note above it says so): it says uploads
 * need a working key and Upload starts nothing, until the problem is gone. Temporary problems (a
 * silent service) leave it alone. The hand-over is mocked: it has tests of its own.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { handOverFile } from '@/lib/upload/hand-over';
import { lookupProblemKey } from '@/lib/storage/session-keys';
import type { LookupProblem } from '@/lib/storage/lookup-problem';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

const TAB = 4;
const audio = () => new File([new Uint8Array(2048)], 'Weekly sync.m4a', { type: 'audio/mp4' });

async function openWith(problem: LookupProblem | null) {
  if (problem) await fakeBrowser.storage.session.set({ [lookupProblemKey(TAB)]: problem });
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  return screen.findByLabelText('Recording');
}

describe('PopupApp’s upload form when the key does not work', () => {
  beforeEach(() => {
    fakeBackground({ 'settings.get': settingsView(), 'upload.prepare': { ready: true } });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: TAB }] as never);
    vi.mocked(handOverFile).mockReset();
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
  });

  it('with the key refused: says uploads need a working key, and Upload starts nothing', async () => {
    const text = /^Uploads need a working API key, and the service refused this one\. Enter a valid key in Primer’s options/;
    const user = userEvent.setup();
    const input = await openWith({ problem: 'key_refused', service: 'https://ci.example.com' });
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toHaveAttribute('aria-disabled', 'true'));
    expect(upload).toHaveAccessibleDescription(text);
    // The note above keeps the one way to the options.
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);

    await user.upload(input, audio());
    await user.click(upload);
    // Enter in a field submits the form too.
    fireEvent.submit(upload.closest('form')!);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(handOverFile).not.toHaveBeenCalled();
  });

  it('in a tab of its own (Firefox chooses files there): reads the problem of the page it was opened on, not its own tab’s', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 99 }] as never);
    window.history.replaceState(null, '', `/popup.html?tab=${TAB}`);
    try {
      await openWith({ problem: 'key_refused', service: 'https://ci.example.com' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-disabled', 'true'));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('is ready again, with the file still picked, once the problem is gone', async () => {
    const user = userEvent.setup();
    const input = await openWith({ problem: 'key_refused', service: 'https://ci.example.com' });
    await user.upload(input, audio());
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toHaveAttribute('aria-disabled', 'true'));
    // The settings were saved with a new key: the background forgets the tab's problem.
    await act(() => fakeBrowser.storage.session.remove(lookupProblemKey(TAB)));
    await waitFor(() => expect(upload).not.toHaveAttribute('aria-disabled'));
    expect(upload).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Uploads need/)).toBeNull();
    await user.click(upload);
    await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(1));
  });

  it('says what the setup needs instead of the form when the tab found Primer not set up', async () => {
    await fakeBrowser.storage.session.set({ [lookupProblemKey(TAB)]: { problem: 'not_configured', service: null } });
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    expect(await screen.findByText(/Primer is not set up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
  });

  it.each<[string, LookupProblem | null]>([
    ['a silent service', { problem: 'unreachable', service: 'https://ci.example.com' }],
    // A 403 was the contacts' answer: a key may be allowed uploads and not contacts.
    ['a key not allowed contacts', { problem: 'key_forbidden', service: 'https://ci.example.com' }],
    ['no problem', null],
  ])('with %s: the form stays ready and uploads', async (_, problem) => {
    const user = userEvent.setup();
    const input = await openWith(problem);
    if (problem) await screen.findByText(/Markers are off/);
    await user.upload(input, audio());
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(/Uploads need/)).toBeNull();
    await user.click(upload);
    await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(1));
  });
});
