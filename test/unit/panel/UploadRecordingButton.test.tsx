import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadRecordingButton } from '@/components/panel/meeting/UploadRecordingButton';
import type { PanelTarget } from '@/lib/panel/target';
import { renderWithClient } from '../support/fake-background';
import { match, pagePerson, surface } from './fixtures';

describe('UploadRecordingButton', () => {
  it('says what to do when the upload window cannot be opened', async () => {
    const page = { site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', match('m', 'Maya Chen', 'maya@example.com'))])] };
    const target: PanelTarget = { tabId: 7, focus: null, page, status: null };
    (fakeBrowser.action as unknown as { openPopup: () => Promise<void> }).openPopup = () => Promise.reject(new Error('no popup here'));
    vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(new Error('tabs cannot be opened'));
    renderWithClient(<UploadRecordingButton target={target} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload a recording of this meeting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload window could not be opened; use Primer’s toolbar button.');
  });

  it('opens the form in a tab naming the page it is about, where no popup opens', async () => {
    const page = { site: 'google-calendar' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', match('m', 'Maya Chen', 'maya@example.com'))])] };
    const target: PanelTarget = { tabId: 7, focus: null, page, status: null };
    (fakeBrowser.action as unknown as { openPopup: () => Promise<void> }).openPopup = () => Promise.reject(new Error('no popup here'));
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({ id: 8 } as never);
    renderWithClient(<UploadRecordingButton target={target} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload a recording of this meeting' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/popup.html?tab=7') }));
  });
});
