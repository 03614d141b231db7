/**
 * A recording that finishes while the popup is open is heard: the recent uploads' polite live
 * region says it (the rows change without a word otherwise), and says nothing of what the list
 * held when the popup opened.
 */
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { record } from './records';
import { announcement, hear } from '@/components/popup/announce';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('PopupApp’s recent uploads, heard', () => {
  it('says a recording processed or failed while it is open, politely, and nothing on opening', async () => {
    fakeBackground({ 'settings.get': settingsView(), 'upload.prepare': { ready: true }, 'upload.check': ({ id }) => Promise.resolve(record({ id })) });
    const other = { ...record().meta, title: 'Board call' };
    await fakeBrowser.storage.local.set({
      [UPLOADS_KEY]: [record({ state: 'processing' }), record({ id: 'u2', state: 'processing', meta: other }), record({ id: 'u3', state: 'completed', meta: { ...other, title: 'Old' } })],
    });
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    const recent = screen.getByRole('region', { name: 'Recent uploads' });
    await within(recent).findByRole('listitem', { name: 'Weekly sync: Processing' });
    const region = within(recent).getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    // Opening says nothing: not even of the one processed before.
    expect(region).toHaveTextContent(/^$/);

    await act(() =>
      fakeBrowser.storage.local.set({
        [UPLOADS_KEY]: [record({ state: 'completed' }), record({ id: 'u2', state: 'processing', meta: other }), record({ id: 'u3', state: 'completed', meta: { ...other, title: 'Old' } })],
      }),
    );
    expect(region).toHaveTextContent(/^Weekly sync: Ready\.$/);

    // A failure is said with the service's reason, as short and on one line as its row shows it.
    const trace = `Audio could not be decoded.\n\n${'at decode (worker.js:1) '.repeat(40)}`;
    await act(() =>
      fakeBrowser.storage.local.set({
        [UPLOADS_KEY]: [record({ state: 'completed' }), record({ id: 'u2', state: 'failed', failedStep: 'processing', error: trace, meta: other })],
      }),
    );
    const row = within(recent).getByRole('listitem', { name: 'Board call: Failed while processing' });
    const shown = within(row).getByText(/^Audio could not be decoded\. at decode/).textContent;
    expect(region).toHaveTextContent(`Board call: Failed while processing (${shown}).`);
    expect(region.textContent).not.toContain('\n');
  });
});

describe('what the upload list says as an upload moves', () => {
  it('says each quarter sent, and that the send started over when the bar goes back', () => {
    const size = record().file.size;
    const at = (sentBytes: number) => [record({ state: 'uploading', sentBytes })];
    expect(announcement(hear(at(0)), at(size * 0.3))).toBe('Weekly sync: 25% sent.');
    expect(announcement(hear(at(size * 0.8)), at(0))).toBe('Weekly sync: sending the file again from the start.');
    expect(announcement(hear(at(size * 0.3)), at(size * 0.35))).toBeNull();
  });
});

describe('PopupApp when the background does not answer', () => {
  it('says so, not that Primer is not set up (which sent a user who is to enter the key again)', async () => {
    fakeBackground({ 'settings.get': new Error('no answer'), 'upload.prepare': { ready: true } });
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    expect(await screen.findByText('Primer’s background did not answer. Close this window and open it again.')).toBeInTheDocument();
    expect(screen.queryByText(/not set up/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Primer options' })).toBeNull();
  });
});

describe('an upload that appears already failed', () => {
  it('is said, with its reason: the form said it started, and nothing else would say it failed', () => {
    const failed = [record({ state: 'failed', failedStep: 'request-url', error: 'The service refused the upload.' })];
    expect(announcement(hear([]), failed)).toBe('Weekly sync: Failed while asking the service where to send the file (The service refused the upload.).');
    // One still on its way is left to the form's word that it started.
    expect(announcement(hear([]), [record({ state: 'uploading', sentBytes: 0 })])).toBeNull();
  });
});
