import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { toLocalInput } from '@/components/popup/date-input';
import { ApiError } from '@/lib/api/error-info';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { handOverFile } from '@/lib/upload/hand-over';
import { UploadMetaSchema } from '@/lib/upload/record';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { fakeBackground, sent } from '../support/fake-background';
import { match } from '../panel/fixtures';
import { EVENT, record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
// The hand-over has tests of its own (test/unit/upload/hand-over.test.ts) and runs end to end.
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

const READY = { 'upload.prepare': { ready: true } } as const;


function audio(name = 'Weekly sync.m4a', type = 'audio/mp4', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('UploadForm', () => {
  beforeEach(() => {
    vi.mocked(handOverFile).mockReset();
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
    fakeBackground(READY);
  });

  it('marks the optional fields alike: "(optional)" in the label, and the speakers hint says only what it is for', () => {
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    expect(screen.getByText('Speakers expected').closest('label')).toHaveTextContent(/^Speakers expected \(optional\)$/);
    expect(screen.getByText('Primary contact').closest('label')).toHaveTextContent(/^Primary contact \(optional\)$/);
    expect(screen.queryByText(/^Optional;/)).toBeNull();
  });

  it('starts from the event: its title, time, attendee count and known people', () => {
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    expect(screen.getByLabelText('Title')).toHaveValue('Q3 roadmap review');
    expect(screen.getByLabelText('Meeting date')).toHaveValue('2026-05-19T10:00');
    expect(screen.getByLabelText('Speakers expected (optional)')).toHaveValue(4);
    const contact = screen.getByLabelText(/Primary contact/);
    expect(contact).toHaveValue('');
    expect([...(contact as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'No one in particular',
      'Maya Chen',
      'Daniel Weiss',
      'Someone else (by e-mail)…',
    ]);
  });

  it('says with the file picked that it was uploaded before, and nothing for a new file', async () => {
    const user = userEvent.setup();
    const earlier = record({ state: 'completed', file: { name: 'Weekly sync.m4a', size: 2048, type: 'audio/mp4' }, meta: { ...record().meta, title: 'Last week’s sync' } });
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} uploads={[earlier]} />);
    const input = screen.getByLabelText('Recording');
    await user.upload(input, audio('Other.m4a'));
    expect(input).not.toHaveAccessibleDescription(/uploaded this file/);
    await user.upload(input, audio());
    expect(input).toHaveAccessibleDescription(/You uploaded this file .*, as “Last week’s sync”: uploading it again makes a second recording\./);
  });

  it('says nothing of an earlier upload of the file while this one is handed over (it would name itself)', async () => {
    const user = userEvent.setup();
    vi.mocked(handOverFile).mockImplementation(() => new Promise(() => undefined));
    const file = audio();
    const { rerender } = render(<UploadForm draft={EVENT} onStarted={vi.fn()} uploads={[]} />);
    const input = screen.getByLabelText('Recording');
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    // The background's record of this very upload appears while the form is still handing it over.
    const started = record({ id: 'new', state: 'uploading', file: { name: file.name, size: file.size, type: 'audio/mp4' } });
    rerender(<UploadForm draft={EVENT} onStarted={vi.fn()} uploads={[started]} />);
    expect(await screen.findByText('Handing the file over…')).toBeInTheDocument();
    expect(screen.queryByText(/This file is being uploaded now/)).toBeNull();
  });

  it('says when the meeting’s time on the page could not be read, beside the date it starts from', () => {
    render(<UploadForm draft={{ ...EVENT, meetingDate: null, unreadWhen: 'Dienstag, 19. Mai 2026⋅10:00–10:45' }} onStarted={vi.fn()} />);
    expect(screen.getByLabelText('Meeting date')).toHaveAccessibleDescription('Primer could not read the meeting’s time on the page (“Dienstag, 19. Mai 2026⋅10:00–10:45”): check this one.');
  });

  it('says nothing of the time when it was read', () => {
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    expect(screen.getByLabelText('Meeting date')).not.toHaveAccessibleDescription(/could not read/);
  });

  it('says "matched by name" of a contact offered that was found by a full-name match', () => {
    const contacts = [{ id: 'j', name: 'Jo Park', matchedBy: 'name' as const }, { id: 'm', name: 'Maya Chen' }];
    render(<UploadForm draft={{ ...EVENT, contacts }} onStarted={vi.fn()} />);
    const options = [...screen.getByLabelText<HTMLSelectElement>(/Primary contact/).options].map((option) => option.text);
    expect(options).toEqual(['No one in particular', 'Jo Park (matched by name)', 'Maya Chen', 'Someone else (by e-mail)…']);
  });

  it('keeps "matched by name" with an upload whose contact was a name match, for the list and the notification', async () => {
    const user = userEvent.setup();
    fakeBackground(READY);
    const contacts = [{ id: 'j', name: 'Jo Park', matchedBy: 'name' as const }, { id: 'm', name: 'Maya Chen' }];
    const upload = async (choice: string) => {
      const before = vi.mocked(handOverFile).mock.calls.length;
      const { unmount } = render(<UploadForm draft={{ ...EVENT, contacts }} onStarted={vi.fn()} />);
      await user.upload(screen.getByLabelText('Recording'), audio());
      await user.selectOptions(screen.getByLabelText(/Primary contact/), choice);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(before + 1));
      unmount();
      return vi.mocked(handOverFile).mock.lastCall![0].meta;
    };
    expect(await upload('j')).toMatchObject({ primaryContactId: 'j', primaryContactName: 'Jo Park', primaryContactMatchedBy: 'name' });
    expect(await upload('m')).not.toHaveProperty('primaryContactMatchedBy');
  });

  it('without an event: the file’s name as title, now as the date, the chosen person preselected', async () => {
    const user = userEvent.setup();
    const before = toLocalInput(new Date());
    render(<UploadForm draft={{ ...EMPTY_DRAFT, contacts: [{ id: 'm', name: 'Maya Chen' }], primaryContactId: 'm' }} onStarted={vi.fn()} />);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect([before, toLocalInput(new Date())]).toContain(screen.getByLabelText<HTMLInputElement>('Meeting date').value);
    expect(screen.getByLabelText(/Primary contact/)).toHaveValue('m');
    await user.upload(screen.getByLabelText('Recording'), audio());
    expect(screen.getByLabelText('Title')).toHaveValue('Weekly sync');
    expect(screen.getByText('Weekly sync.m4a · 2.0 KB · audio/mp4')).toBeInTheDocument();
  });

  it('refuses a file that is not audio, before anything is sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), new File(['%PDF'], 'slides.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(/“slides.pdf” is not an audio recording/)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Recording')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Choose a recording first.')).toBeInTheDocument();
    expect(handOverFile).not.toHaveBeenCalled();
  });

  it('takes a .webm the browser calls video/webm as audio, and refuses a playlist', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio('Standup.webm', 'video/webm'));
    expect(screen.getByText('Standup.webm · 2.0 KB · audio/webm')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Recording'), audio('radio.m3u', 'audio/x-mpegurl'));
    expect(screen.getByText(/“radio.m3u” is a playlist \(audio\/x-mpegurl\), not a recording\./)).toHaveAttribute('role', 'alert');
  });

  it('keeps the receiver of recordings ready while it is open', async () => {
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    await waitFor(() => expect(sent('upload.prepare')).toEqual([{}]));
  });

  it('hands the picked File itself over, with what the form says', async () => {
    const user = userEvent.setup();
    const started = vi.fn();
    render(<UploadForm draft={EVENT} onStarted={started} />);
    const file = audio('rec.m4a', '');
    await user.upload(screen.getByLabelText('Recording'), file);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Roadmap call');
    await user.selectOptions(screen.getByLabelText(/Primary contact/), 'Daniel Weiss');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(started).toHaveBeenCalledWith({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), title: 'Roadmap call' }));
    expect(handOverFile).toHaveBeenCalledTimes(1);
    const [handed, options] = vi.mocked(handOverFile).mock.calls[0]!;
    expect(handed).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      file,
      // The browser gave no type for .m4a: it is named from the extension, and the PUT will use the same.
      info: { name: 'rec.m4a', size: 2048, type: 'audio/mp4' },
      meta: {
        title: 'Roadmap call',
        meetingDate: new Date(2026, 4, 19, 10, 0).toISOString(),
        speakersExpected: 4,
        primaryContactId: 'd',
        primaryContactName: 'Daniel Weiss',
      },
    });
    expect(handed.file).toBe(file);
    // A receiver that does not answer is readied again through the background.
    await options.prepare();
    expect(sent('upload.prepare').length).toBeGreaterThanOrEqual(2);
    // Ready for the next one.
    expect(screen.getByLabelText('Title')).toHaveValue('Q3 roadmap review');
    expect(screen.getByText('Choose an audio file, or drop it here.')).toBeInTheDocument();
  });

  it('hands the file over in the click’s own task, before anything is awaited (the popup may close right after)', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={{ ...EVENT, primaryContactId: 'm' }} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    // No await between the click and this line.
    expect(handOverFile).toHaveBeenCalledTimes(1);
    expect(vi.mocked(handOverFile).mock.calls[0]![0].meta).toMatchObject({ primaryContactId: 'm', primaryContactName: 'Maya Chen' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled());
    // Kept focusable while busy (aria-disabled), so "enabled" alone says little: usable again too.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).not.toHaveAttribute('aria-disabled'));
  });

  it('says who an address typed for someone else is, once looked up, before anything is sent', async () => {
    const user = userEvent.setup();
    fakeBackground({
      ...READY,
      'contact.find': (query) => Promise.resolve('email' in query && query.email === 'lee@example.org' ? match('l', 'Lee Park', 'lee@example.org') : null),
    });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    const email = screen.getByLabelText(/Primary contact’s e-mail/);
    await user.type(email, 'lee@example.org');
    await waitFor(() => expect(email).toHaveAccessibleDescription('That is Lee Park.'), { timeout: 3000 });
    await user.clear(email);
    await user.type(email, 'nobody@example.org');
    await waitFor(() => expect(email).toHaveAccessibleDescription('No single contact has this address.'), { timeout: 3000 });
  });

  it('says an address in an excluded domain is left out, not that no contact has it, and never asks the background', async () => {
    const user = userEvent.setup();
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['example.org'] });
    fakeBackground({ ...READY, 'contact.find': () => Promise.resolve(null) });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const email = screen.getByLabelText(/Primary contact’s e-mail/);
    await user.type(email, 'lee@example.org');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Primer leaves this address out (yours, or a domain excluded in its options): it is not looked up.'), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/^Primer leaves lee@example.org out \(your own address, or a domain excluded in its options\)/)).toBeInTheDocument();
    expect(handOverFile).not.toHaveBeenCalled();
    expect(sent('contact.find')).toEqual([]);
  });

  it('finds someone else by exact e-mail before handing over, and says so when no contact has it', async () => {
    const user = userEvent.setup();
    fakeBackground({
      ...READY,
      'contact.find': (query) => Promise.resolve('email' in query && query.email === 'lee@example.org' ? match('l', 'Lee Park', 'lee@example.org') : null),
    });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const email = screen.getByLabelText(/Primary contact’s e-mail/);
    await user.type(email, 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Primer found no single contact with the address nobody@example.org. Check it, or leave the field empty.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(handOverFile).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, ' Lee@Example.org ');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(handOverFile).mock.calls[0]![0].meta).toMatchObject({ primaryContactId: 'l', primaryContactName: 'Lee Park' });
  });

  it('looks up an address typed for someone else as it is typed, so Upload hands the file over in the click’s own task', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    fakeBackground({
      ...READY,
      'contact.find': (query) => {
        if ('email' in query) asked.push(query.email);
        return Promise.resolve('email' in query && query.email === 'lee@example.org' ? match('l', 'Lee Park', 'lee@example.org') : null);
      },
    });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'Lee@Example.org');
    // Looked up once the typing stopped, not at every key.
    await waitFor(() => expect(asked).toEqual(['lee@example.org']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    // No await between the click and this line: a popup closing now has handed the file over.
    expect(handOverFile).toHaveBeenCalledTimes(1);
    expect(vi.mocked(handOverFile).mock.calls[0]![0].meta).toMatchObject({ primaryContactId: 'l', primaryContactName: 'Lee Park' });
    expect(asked).toEqual(['lee@example.org']);
  });

  it('asks nothing about a typed address while uploads are held back (a refused key)', async () => {
    const user = userEvent.setup();
    const asked = vi.fn(() => Promise.resolve(null));
    fakeBackground({ ...READY, 'contact.find': asked });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} blocked="The service refused Primer’s API key." />);
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'lee@example.org');
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(asked).not.toHaveBeenCalled();
  });

  it('without a file: says so at the file input, focuses it, and drops the message once a file is picked', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const input = screen.getByLabelText('Recording');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose an audio file, or drop it here. Choose a recording first.');
    await user.upload(input, audio());
    expect(screen.queryByText('Choose a recording first.')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('checks the date and speaker count, and focuses the first field to fix: the date before the speaker count', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.clear(screen.getByLabelText('Meeting date'));
    await user.type(screen.getByLabelText('Speakers expected (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Enter the date and time of the meeting.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 100, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('Meeting date')).toHaveFocus();
    await user.type(screen.getByLabelText('Meeting date'), '2026-05-19T10:00');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByLabelText('Speakers expected (optional)')).toHaveFocus();
    expect(screen.getByLabelText('Speakers expected (optional)')).toHaveAccessibleDescription('Enter a whole number from 1 to 100, or leave it empty.');
    expect(handOverFile).not.toHaveBeenCalled();
  });

  it('refuses a year typed short or years away, saying which years it takes, and offers only those', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const date = screen.getByLabelText('Meeting date');
    const next = new Date().getFullYear() + 1;
    expect(date).toHaveAttribute('min', '2000-01-01T00:00');
    expect(date).toHaveAttribute('max', `${next}-12-31T23:59`);
    await user.clear(date);
    await user.type(date, '0026-05-19T10:00');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(date).toHaveAccessibleDescription(`Check the year: enter a date from 2000 to ${next}.`);
    expect(date).toHaveFocus();
    expect(handOverFile).not.toHaveBeenCalled();
  });

  it('does not take a speaker count that is no number for an empty one', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const speakers = screen.getByLabelText<HTMLInputElement>('Speakers expected (optional)');
    // What a browser's number field gives for "3-": an empty value, marked as bad input.
    Object.defineProperty(speakers, 'validity', { configurable: true, get: () => ({ ...speakers.ownerDocument.createElement('input').validity, badInput: true, valid: false }) });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Enter a whole number from 1 to 100, or leave it empty.')).toBeInTheDocument();
    expect(speakers).toHaveFocus();
    expect(handOverFile).not.toHaveBeenCalled();
  });

  it('focuses the e-mail field when no contact has the address', async () => {
    const user = userEvent.setup();
    fakeBackground({ ...READY, 'contact.find': () => Promise.resolve(null) });
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const email = screen.getByLabelText(/Primary contact’s e-mail/);
    await user.type(email, 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(/found no single contact with the address/);
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('keeps the focus on Upload while the upload starts and after, and takes one press only', async () => {
    const user = userEvent.setup();
    let handedOver: () => void = () => undefined;
    vi.mocked(handOverFile).mockImplementation(({ id }) => new Promise((resolve) => (handedOver = () => resolve(record({ id })))));
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    const upload = screen.getByRole('button', { name: 'Upload' });
    await user.click(upload);
    expect(upload).toHaveAttribute('aria-disabled', 'true');
    expect(upload).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(handOverFile).toHaveBeenCalledTimes(1);
    handedOver();
    await waitFor(() => expect(upload).not.toHaveAttribute('aria-disabled'));
    expect(upload).toHaveFocus();
  });

  it('gives the focus back to the field Enter was pressed in once the upload has started (a disabled field loses it), and says what it does outside any busy region', async () => {
    const user = userEvent.setup();
    // As Chromium does: a focused control that becomes disabled loses the focus to the document.
    const blurDisabled = new MutationObserver(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement && active.matches(':disabled'))) return;
      // jsdom's blur() leaves a disabled element focused: the focus is moved off, and its holder removed.
      const elsewhere = document.body.appendChild(Object.assign(document.createElement('button'), { type: 'button' }));
      elsewhere.focus();
      elsewhere.remove();
    });
    blurDisabled.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    try {
      let handedOver: () => void = () => undefined;
      vi.mocked(handOverFile).mockImplementation(({ id }) => new Promise((resolve) => (handedOver = () => resolve(record({ id })))));
      render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
      await user.upload(screen.getByLabelText('Recording'), audio());
      const title = screen.getByLabelText('Title');
      await user.clear(title);
      await user.type(title, 'Renewal call{Enter}');
      const saying = await screen.findByText('Handing the file over…');
      expect(saying.closest('[aria-busy="true"]')).toBeNull();
      await waitFor(() => expect(title).toBeDisabled());
      expect(title).not.toHaveFocus();
      handedOver();
      await waitFor(() => expect(title).not.toBeDisabled());
      expect(title).toHaveFocus();
    } finally {
      blurDisabled.disconnect();
    }
  });

  it('says why an upload could not start, and keeps the form filled for another try', async () => {
    const user = userEvent.setup();
    vi.mocked(handOverFile).mockRejectedValueOnce(new ApiError('not_configured', 'Primer is not set up yet.'));
    const started = vi.fn();
    render(<UploadForm draft={EVENT} onStarted={started} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Primer is not set up yet.')).toBeInTheDocument();
    expect(started).not.toHaveBeenCalled();
    expect(screen.getByText('Weekly sync.m4a · 2.0 KB · audio/mp4')).toBeInTheDocument();
  });

  it('sends the same upload again after a hand-over that failed without saying whether it started, not a second one', async () => {
    const user = userEvent.setup();
    vi.mocked(handOverFile).mockRejectedValueOnce(new ApiError('timeout', 'Primer has the recording but did not say whether the upload started; see Recent uploads.'));
    const started = vi.fn();
    render(<UploadForm draft={EVENT} onStarted={started} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(/did not say whether the upload started/);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(started).toHaveBeenCalled());
    const ids = vi.mocked(handOverFile).mock.calls.map(([handOver]) => handOver.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('sends another upload after an unsure hand-over when the details changed, and after a refusal', async () => {
    const user = userEvent.setup();
    vi.mocked(handOverFile)
      .mockRejectedValueOnce(new ApiError('timeout', 'Primer has the recording but did not say whether the upload started; see Recent uploads.'))
      .mockRejectedValueOnce(new ApiError('bad_request', 'The service refused the upload.'));
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(/did not say whether the upload started/);
    // Another title: another recording, not the one that may have started.
    await user.type(screen.getByLabelText('Title'), ' (2)');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('The service refused the upload.');
    // Refused: the same again under the same id would only get the refusal back.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(3));
    const ids = vi.mocked(handOverFile).mock.calls.map(([handOver]) => handOver.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps nothing typed into a form about no meeting: it would come back on any other page', async () => {
    const user = userEvent.setup();
    const first = render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'bob@acme.example');
    await user.type(screen.getByLabelText('Title'), 'Call with Bob');
    first.unmount();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByLabelText(/Primary contact’s e-mail/)).toHaveValue('');
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('keeps a contact name longer than an upload’s record takes, cut, so the hand-over is not refused', async () => {
    const user = userEvent.setup();
    const long = `Maya ${'Chen-'.repeat(100)}Lee`;
    render(<UploadForm draft={{ ...EVENT, contacts: [{ id: 'm', name: long }], primaryContactId: 'm' }} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(handOverFile).toHaveBeenCalled());
    const meta = vi.mocked(handOverFile).mock.calls[0]![0].meta;
    expect(UploadMetaSchema.safeParse(meta).success).toBe(true);
    expect(meta.primaryContactName?.startsWith('Maya Chen-')).toBe(true);
  });

  it('comes back as the user left it when the popup opens again on the same meeting (it closes on losing focus)', async () => {
    const user = userEvent.setup();
    const first = render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Roadmap, part 2');
    await user.clear(screen.getByLabelText('Speakers expected (optional)'));
    await user.type(screen.getByLabelText('Speakers expected (optional)'), '3');
    await user.selectOptions(screen.getByLabelText(/Primary contact/), 'Someone else (by e-mail)…');
    await user.type(screen.getByLabelText(/Primary contact’s e-mail/), 'lee@example.org');
    first.unmount();

    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Roadmap, part 2'));
    expect(screen.getByLabelText('Speakers expected (optional)')).toHaveValue(3);
    expect(screen.getByLabelText(/Primary contact’s e-mail/)).toHaveValue('lee@example.org');
    cleanup();

    // Another meeting starts from its own defaults.
    render(<UploadForm draft={{ ...EVENT, title: 'Hiring sync' }} onStarted={vi.fn()} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByLabelText('Title')).toHaveValue('Hiring sync');
    expect(screen.getByLabelText('Speakers expected (optional)')).toHaveValue(4);
  });

  it('starts from a shortened event title that an upload takes, and the user can still edit it', async () => {
    const user = userEvent.setup();
    // A pasted agenda as the event's title: 61 words of 9 characters and a space, 610 in all.
    const long = Array.from({ length: 61 }, (_, i) => `agenda${String(i).padStart(3, '0')}`).join(' ');
    const started = vi.fn();
    render(<UploadForm draft={{ ...EVENT, title: long }} onStarted={started} />);
    const title = screen.getByLabelText<HTMLInputElement>('Title');
    // Cut at the last whole word that fits, with an ellipsis: 50 words, 499 characters, and "…".
    expect(title.value).toBe(`${long.split(' ').slice(0, 50).join(' ')}…`);
    expect(title.value.length).toBeLessThanOrEqual(500);
    expect(title).toHaveAccessibleDescription('Shortened to 500 characters, the most a title may have.');

    // Uploaded as it is, it passes the upload's own check.
    await user.upload(screen.getByLabelText('Recording'), audio());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    const meta = vi.mocked(handOverFile).mock.calls[0]![0].meta;
    expect(meta.title).toBe(title.value);
    expect(UploadMetaSchema.safeParse(meta).success).toBe(true);

    // Ready for the next one, with the shortened title again: the user can edit it.
    // The ellipsis and the last word taken back, other words typed in their place.
    await user.type(title, `${'{Backspace}'.repeat(11)} and more`);
    expect(title.value).toBe(`${long.split(' ').slice(0, 49).join(' ')} and more`);
    expect(title).not.toHaveAccessibleDescription();
    await user.clear(title);
    await user.type(title, 'Agenda review');
    expect(title).toHaveValue('Agenda review');
  });

  it('shortens a file name that is too long for a title, and leaves one that fits as it is', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), audio(`${'x'.repeat(700)}.m4a`));
    expect(screen.getByLabelText('Title')).toHaveValue(`${'x'.repeat(499)}…`);
    await user.upload(screen.getByLabelText('Recording'), audio(`${'y'.repeat(500)}.m4a`));
    expect(screen.getByLabelText('Title')).toHaveValue('y'.repeat(500));
    expect(screen.getByLabelText('Title')).not.toHaveAccessibleDescription();
  });
});
