/**
 * The popup's "Uploading …" line after the form hands a recording over: the real form, with the
 * hand-over itself mocked (it has tests of its own), so this file can drive the upload's record.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { handOverFile } from '@/lib/upload/hand-over';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

const UPLOADING = /Uploading “Weekly sync”\. You can close this window/;

describe('PopupApp after Upload', () => {
  it('says the upload goes on while it is being sent, and no longer once its row says it failed', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView(), 'upload.prepare': { ready: true } });
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);

    await user.upload(await screen.findByLabelText('Recording'), new File([new Uint8Array(2048)], 'Weekly sync.m4a', { type: 'audio/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(1));
    const { id } = vi.mocked(handOverFile).mock.calls[0]![0];

    // Not listed yet (the background writes the record a moment later), then sending.
    expect(await screen.findByText(UPLOADING)).toBeInTheDocument();
    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ id, state: 'uploading', sentBytes: 1024 })] }));
    expect(screen.getByText(UPLOADING)).toBeInTheDocument();

    // Another upload failing says nothing about this one.
    await act(() =>
      fakeBrowser.storage.local.set({
        [UPLOADS_KEY]: [record({ id, state: 'uploading', sentBytes: 1024 }), record({ id: 'other', state: 'failed', failedStep: 'put', error: 'x' })],
      }),
    );
    expect(screen.getByText(UPLOADING)).toBeInTheDocument();

    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ id, state: 'failed', failedStep: 'put', error: 'The upload server answered 500' })] }));
    await waitFor(() => expect(screen.queryByText(UPLOADING)).toBeNull());
  });
});
