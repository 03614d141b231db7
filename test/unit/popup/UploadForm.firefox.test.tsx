/** Firefox's toolbar popup closes when a file dialog opens from it: the form goes on in a tab. */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { continueInTab } from '@/components/popup/file-in-tab';
import { toLocalInput } from '@/components/popup/date-input';
import { fakeBackground } from '../support/fake-background';
import { EVENT } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));
vi.mock('@/components/popup/file-in-tab', () => ({ filesNeedATab: vi.fn(() => Promise.resolve(true)), continueInTab: vi.fn(() => Promise.resolve()) }));


describe('UploadForm in Firefox’s popup', () => {
  beforeEach(() => {
    vi.mocked(continueInTab).mockClear();
    fakeBackground({ 'upload.prepare': { ready: true } });
  });

  it('offers to choose the file in a tab instead of a file input, carrying over what was entered', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    const inTab = await screen.findByRole('button', { name: 'Choose the recording in a tab' });
    expect(inTab).toHaveAccessibleDescription('Firefox closes this window when a file is chosen from it: the form opens in a tab, with what you entered.');
    expect(document.querySelector('input[type="file"]')).toBeNull();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Roadmap, part 2');
    await user.selectOptions(screen.getByLabelText(/^Primary contact/), 'd');
    await user.click(inTab);
    expect(continueInTab).toHaveBeenCalledExactlyOnceWith({
      title: 'Roadmap, part 2',
      meetingDate: new Date(2026, 4, 19, 10, 0).toISOString(),
      speakersExpected: 4,
      contacts: EVENT.contacts,
      primaryContactId: 'd',
    });
  });

  it('carries a meeting time the page did not give over unread, so the tab says so too; a date the user set goes as set', async () => {
    const user = userEvent.setup();
    const unread = { ...EVENT, meetingDate: null, unreadWhen: 'Dienstag, 19. Mai 2026⋅10:00–10:45' };
    const view = render(<UploadForm draft={unread} onStarted={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Choose the recording in a tab' }));
    expect(continueInTab).toHaveBeenLastCalledWith(expect.objectContaining({ meetingDate: null, unreadWhen: unread.unreadWhen }));
    view.unmount();

    render(<UploadForm draft={unread} onStarted={vi.fn()} />);
    const date = screen.getByLabelText('Meeting date');
    expect(date).toHaveAccessibleDescription(/could not read the meeting’s time/);
    fireEvent.change(date, { target: { value: '2026-05-19T10:00' } });
    // Set by the user: no longer said to be unread.
    expect(date).not.toHaveAccessibleDescription(/could not read/);
    await user.click(await screen.findByRole('button', { name: 'Choose the recording in a tab' }));
    const carried = vi.mocked(continueInTab).mock.lastCall![0];
    expect(carried.meetingDate).toBe(new Date(2026, 4, 19, 10, 0).toISOString());
    expect(carried.unreadWhen).toBeUndefined();
  });

  it('points at it, with the form’s own problem, when Upload is pressed without a file', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    const inTab = await screen.findByRole('button', { name: 'Choose the recording in a tab' });
    expect(screen.getByLabelText('Meeting date')).toHaveValue(toLocalInput(new Date(2026, 4, 19, 10, 0)));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(inTab).toHaveFocus();
    expect(inTab).toHaveAccessibleDescription(expect.stringContaining('Choose a recording first.'));
  });

  it('carries an address typed for someone else to the tab, which opens with it chosen', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    const inTab = await screen.findByRole('button', { name: 'Choose the recording in a tab' });
    await user.selectOptions(screen.getByLabelText(/^Primary contact/), 'Someone else (by e-mail)…');
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'lee@example.org');
    await user.click(inTab);
    const carried = vi.mocked(continueInTab).mock.calls[0]![0];
    expect(carried).toMatchObject({ primaryContactId: null, otherEmail: 'lee@example.org' });
    unmount();
    // The form in the tab starts from what was carried.
    render(<UploadForm draft={carried} onStarted={vi.fn()} />);
    expect(screen.getByLabelText<HTMLSelectElement>(/^Primary contact$|^Primary contact \(optional\)/).value).toBe(screen.getByRole<HTMLOptionElement>('option', { name: 'Someone else (by e-mail)…' }).value);
    expect(screen.getByLabelText(/Primary contact’s e-mail/)).toHaveValue('lee@example.org');
  });
});
