/**
 * The upload form in a tab (Firefox always; Chrome from the side panel's "Upload a recording of this
 * meeting") left open behind other tabs: it asks the service for no processing progress while it is
 * hidden (it asked for every processing upload every 2 s, though no one could see it: hundreds of
 * calls over a long recording's processing), and asks once as soon as it is in view again, then
 * every 2 s as before. The background's own scheduled checks go on meanwhile.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { fakeBackground, sent } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** Lets the answers of the checks sent so far arrive. */
const answered = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the upload form in a tab behind others', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks for no processing progress while hidden, and once at once when in view again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    fakeBackground({ 'settings.get': settingsView(), 'upload.check': ({ id }) => Promise.resolve(record({ id, state: 'processing' })) });
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'processing' })] });
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await screen.findByRole('listitem', { name: 'Weekly sync: Processing' });
    // The row can be drawn before React has run its effects (an update from a resolved promise,
    // outside act): the 2 s check's interval is set then. Let them run before the clock moves.
    await answered();
    act(() => void vi.advanceTimersByTime(2000));
    await answered();
    expect(sent('upload.check')).toHaveLength(1);

    // The user goes back to the calendar: the tab is hidden, for ten minutes.
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    for (let i = 0; i < 300; i++) {
      act(() => void vi.advanceTimersByTime(2000));
      await answered();
    }
    expect(sent('upload.check')).toHaveLength(1);

    // Back to the tab: one check at once, not 2 s on; then every 2 s again.
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(sent('upload.check')).toHaveLength(2);
    await answered();
    act(() => void vi.advanceTimersByTime(2000));
    expect(sent('upload.check')).toHaveLength(3);
  });
});
