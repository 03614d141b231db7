import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT, type UploadDraft } from '@/lib/upload/draft';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { lookupProblemKey } from '@/lib/storage/session-keys';
import { fakeBackground, sent } from '../support/fake-background';
import { settingsView } from '../options/helpers';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const draft = (value: UploadDraft = EMPTY_DRAFT) => Promise.resolve(value);

describe('PopupApp', () => {
  it('sends a user without settings to the options first', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView({ serviceUrl: null, hasApiKey: false }) });
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText(/Primer is not set up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open Primer options' }));
    expect(openOptions).toHaveBeenCalled();
  });

  it('names the address whose API key is missing', async () => {
    fakeBackground({ 'settings.get': settingsView({ serviceUrl: 'https://elsewhere.example.net', hasApiKey: false, apiKeyHint: null }) });
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText(/Primer is not set up yet: enter the API key for https:\/\/elsewhere\.example\.net/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('says an administrator’s key is not used without the administrator’s address', async () => {
    fakeBackground({
      'settings.get': settingsView({ serviceUrl: 'https://user.example.net', hasApiKey: false, locked: { serviceUrl: false, apiKey: true } }),
    });
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText(/administrator set an API key but no service address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('blames an administrator’s address that is not valid, not the key', async () => {
    fakeBackground({ 'settings.get': settingsView({ serviceUrl: 'http://primer.corp.internal:8080', hasApiKey: false, apiKeyAddress: null, locked: { serviceUrl: true, apiKey: true } }) });
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText('Primer cannot connect. The service address your administrator set (http://primer.corp.internal:8080) is not valid: ask them to correct it.')).toBeInTheDocument();
    expect(screen.queryByText(/enter the API key/)).toBeNull();
  });

  it('shows the form with the draft’s defaults, and recent uploads as storage holds them, live', async () => {
    fakeBackground({ 'settings.get': settingsView() });
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'uploading', sentBytes: 10 * 1024 * 1024 }), { not: 'an upload' }] });
    render(<PopupApp draft={draft({ ...EMPTY_DRAFT, title: 'Q3 roadmap review' })} />);
    expect(await screen.findByLabelText('Title')).toHaveValue('Q3 roadmap review');
    const recent = screen.getByRole('region', { name: 'Recent uploads' });
    expect(await within(recent).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(recent).getAllByRole('listitem')).toHaveLength(1);

    await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'completed' })] }));
    expect(await within(recent).findByRole('listitem', { name: 'Weekly sync: Ready' })).toBeInTheDocument();
  });

  it('checks processing every 2 s while open, and stops once it is done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      fakeBackground({ 'settings.get': settingsView(), 'upload.check': ({ id }) => Promise.resolve(record({ id, state: 'processing' })) });
      await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'processing' })] });
      render(<PopupApp draft={draft()} />);
      await screen.findByRole('listitem', { name: 'Weekly sync: Processing' });
      act(() => void vi.advanceTimersByTime(2000));
      // The first check answered (a check still waiting holds the next back: the test below). A few
      // turns: the form's memory is read from (fake) IndexedDB meanwhile, on a loaded machine slowly.
      for (let turn = 0; turn < 5; turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      act(() => void vi.advanceTimersByTime(2000));
      expect(sent('upload.check')).toEqual([{ id: 'u1' }, { id: 'u1' }]);
      await act(() => fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'completed' })] }));
      await screen.findByRole('listitem', { name: 'Weekly sync: Ready' });
      act(() => void vi.advanceTimersByTime(6000));
      expect(sent('upload.check')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no check while the last is still waiting for its answer (a slow service): they would pile up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let answer: () => void = () => undefined;
      fakeBackground({ 'settings.get': settingsView(), 'upload.check': ({ id }) => new Promise((resolve) => (answer = () => resolve(record({ id, state: 'processing' })))) });
      await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [record({ state: 'processing' })] });
      render(<PopupApp draft={draft()} />);
      await screen.findByRole('listitem', { name: 'Weekly sync: Processing' });
      // A few turns: the row's effects (the 2 s checks among them) may still be scheduled when it is
      // found (React runs them after the paint, outside act, on a loaded machine later).
      for (let turn = 0; turn < 5; turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      act(() => void vi.advanceTimersByTime(8000));
      expect(sent('upload.check')).toHaveLength(1);
      await act(() => {
        answer();
        return Promise.resolve();
      });
      act(() => void vi.advanceTimersByTime(2000));
      expect(sent('upload.check')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the briefing panel for this window, has the background start on its briefing, and closes', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView(), 'panel.warm': {} });
    const open = vi.fn((_options: { windowId?: number }) => Promise.resolve());
    (fakeBrowser as unknown as { sidePanel: { open: typeof open } }).sidePanel = { open };
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 7 } as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    render(<PopupApp draft={draft()} />);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Open briefing' }));
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    expect(sent('panel.warm')).toEqual([{ windowId: 7 }]);
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('says why the page it was opened over has no markers, with the way to the options, live', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.get': settingsView() });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 4 }] as never);
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await fakeBrowser.storage.session.set({ [lookupProblemKey(4)]: { problem: 'key_refused', service: 'https://ci.example.com' }, [lookupProblemKey(5)]: { problem: 'unreachable', service: null } });
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText('Markers are off on this page: the service refused the API key. Open Primer’s options to enter a valid key.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Primer options' }));
    expect(openOptions).toHaveBeenCalled();
    // Fixed (the background forgets the problem): the note goes.
    await act(() => fakeBrowser.storage.session.remove(lookupProblemKey(4)));
    await waitFor(() => expect(screen.queryByText(/Markers are off/)).toBeNull());
    await act(() => fakeBrowser.storage.session.set({ [lookupProblemKey(4)]: { problem: 'unreachable', service: 'https://ci.example.com' } }));
    expect(await screen.findByText(/Markers are off on this page: https:\/\/ci\.example\.com is not answering\./)).toBeInTheDocument();
    await act(() => fakeBrowser.storage.session.set({ [lookupProblemKey(4)]: { problem: 'not_the_service', service: 'https://ci.example.com' } }));
    expect(await screen.findByText('Markers are off on this page: https://ci.example.com does not answer as Primer’s service. Check the service address in Primer’s options.')).toBeInTheDocument();
  });

  it('leaves "not set up" to the upload section', async () => {
    fakeBackground({ 'settings.get': settingsView({ serviceUrl: null, hasApiKey: false }) });
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 4 }] as never);
    await fakeBrowser.storage.session.set({ [lookupProblemKey(4)]: { problem: 'not_configured', service: null } });
    render(<PopupApp draft={draft()} />);
    expect(await screen.findByText(/Primer is not set up yet/)).toBeInTheDocument();
    await waitFor(() => expect(query).toHaveBeenCalled());
    // Time for the tab's record to be read.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(/not set up yet/)).toHaveLength(1);
    expect(screen.queryByText(/Markers are off/)).toBeNull();
  });
});
