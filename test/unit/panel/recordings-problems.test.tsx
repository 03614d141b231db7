/**
 * A busy or unreachable service while the recordings are asked for: said at once, with when Primer asks again, in
 * the list and in one recording's view, as the briefing says it (not a silent skeleton until the
 * retries, half a minute each, are spent). And a recording opened from the list shows what the
 * list knows of it at once.
 */
import { screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ApiError } from '@/lib/api/errors';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const busy = () => new ApiError('rate_limited', 'slow down', { retryAfterMs: 30_000 });
const panelPolicy = { retry: shouldRetry, retryDelay: retryDelayFor };
const listed: Recording = {
  id: 'r1', filename: 'pricing.m4a', title: 'Data platform pricing', meetingDate: '2026-11-07T10:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null,
};
const page: RecordingPage = { recordings: [listed], received: 1, total: 1, limit: 3, offset: 0, hasMore: false };

describe('recordings while the service asks Primer to slow down', () => {
  it('the list says so at once, with when Primer tries again', async () => {
    fakeBackground({ 'recordings.list': () => Promise.reject(busy()) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, panelPolicy);
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(/slow down\. Primer will try again in (30|29) s\./));
    expect(screen.queryByRole('status', { name: 'Loading recordings' })).toBeNull();
  });

  it('one recording’s view says so at once, and asks for no insights or transcript of a recording it knows nothing of yet', async () => {
    fakeBackground({
      'recording.get': () => Promise.reject(busy()),
      'recording.insights': () => Promise.reject(busy()),
      'recording.transcript': () => Promise.reject(busy()),
    });
    const { client } = renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />, panelPolicy);
    const first = await screen.findByRole('alert');
    await vi.waitFor(() => expect(first).toHaveTextContent(/Could not load the recording\..*Primer will try again in (30|29) s\./));
    expect(screen.queryByRole('status', { name: 'Loading the recording' })).toBeNull();
    expect(sent('recording.insights')).toEqual([]);
    expect(sent('recording.transcript')).toEqual([]);
    client.clear();
  });

  it('a recording opened from the list shows its title, date and status at once, and asks for its insights and transcript without waiting for it', async () => {
    fakeBackground({
      'recordings.list': page,
      'recording.get': () => new Promise(() => undefined),
      'recording.insights': () => Promise.reject(busy()),
      'recording.transcript': () => Promise.reject(busy()),
    });
    const list = <RecordingsSection contactId="m" onOpen={() => undefined} />;
    const { client, rerender } = renderWithClient(list, panelPolicy);
    await screen.findByText('Data platform pricing');
    // Opened from the list (the panel keeps the list mounted under the recording's view).
    rerender(
      <QueryClientProvider client={client}>
        {list}
        <RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />
      </QueryClientProvider>,
    );
    const view = screen.getByRole('article');
    expect(within(view).getByRole('heading', { level: 1 })).toHaveTextContent('Data platform pricing');
    expect(view).toHaveTextContent(/Nov 7, 2026|7 Nov 2026/);
    expect(view).toHaveTextContent('Ready');
    expect(within(view).queryByRole('status', { name: 'Loading the recording' })).toBeNull();
    await vi.waitFor(() => expect(sent('recording.transcript')).toEqual([{ id: 'r1' }]));
    expect(sent('recording.insights')).toEqual([{ id: 'r1' }]);
    expect(sent('recording.get')).toEqual([{ id: 'r1' }]);
    // Its insights and transcript failing are said at once too.
    await vi.waitFor(() => expect(within(view).getAllByRole('alert')).toHaveLength(2));
    client.clear();
  });

  it('says when the list and a recording come from the last copy because the service could not answer, why, and how old it is; and asks again on its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const copy = { asOf: Date.now() - 10 * 60_000, problem: { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null } };
      const background = fakeBackground({ 'recordings.list': { ...page, copy }, 'recording.get': { ...listed, status: 'processing', progress: 40, copy } });
      const { unmount } = renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, panelPolicy);
      expect(await screen.findByText(/^Offline: recordings as of/)).toHaveTextContent(/\(10 min ago\)\.$/);
      unmount();
      renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />, panelPolicy);
      expect(await screen.findByText(/^Offline: this recording as of/)).toHaveTextContent(/\(10 min ago\)\.$/);
      expect(screen.getByText('Processing · 40%')).toBeInTheDocument();
      // Asked for again half a minute later (the service gave no wait), and the note goes with an answer.
      background.mockImplementation(((type: string) => Promise.resolve(type === 'recording.get' ? { ...listed, status: 'processing', progress: 60 } : null)) as never);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText('Processing · 60%')).toBeInTheDocument();
      expect(screen.queryByText(/this recording as of/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a busy service’s copy as such', async () => {
    const copy = { asOf: Date.now() - 60_000, problem: { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: 20_000 } };
    fakeBackground({ 'recordings.list': { ...page, copy } });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, panelPolicy);
    expect(await screen.findByText(/^The service is busy: recordings as of/)).toBeInTheDocument();
  });

  it('says when a busy service’s copy is asked for again, in the list and in a recording’s view, and asks for it then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const copy = { asOf: Date.now() - 60_000, problem: { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: 20_000 } };
      fakeBackground({ 'recordings.list': { ...page, copy }, 'recording.get': { ...listed, status: 'processing', progress: 40, copy } });
      const { unmount } = renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, panelPolicy);
      const listNote = (await screen.findByText(/^The service is busy: recordings as of/)).closest('[role="status"]');
      // The wait the service gave, as the query's own interval (askAgainInMs) times its next ask.
      await vi.waitFor(() => expect(listNote).toHaveTextContent(/Primer will ask again in (20|19) s\.$/));
      // Primer asks by itself: nothing to click meanwhile.
      expect(within(listNote as HTMLElement).queryByRole('button')).toBeNull();
      expect(sent('recordings.list')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(20_000);
      await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
      unmount();
      renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />, panelPolicy);
      const viewNote = (await screen.findByText(/^The service is busy: this recording as of/)).closest('[role="status"]');
      await vi.waitFor(() => expect(viewNote).toHaveTextContent(/Primer will ask again in (20|19) s\.$/));
      expect(sent('recording.get')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(20_000);
      await vi.waitFor(() => expect(sent('recording.get')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Refresh on a copy served while the service cannot be reached, in the list and in a recording’s view, and it asks again', async () => {
    const copy = { asOf: Date.now() - 10 * 60_000, problem: { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null } };
    fakeBackground({ 'recordings.list': { ...page, copy }, 'recording.get': { ...listed, copy } });
    const { unmount } = renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, panelPolicy);
    await screen.findByText(/^Offline: recordings as of/);
    // Named apart from the briefing's own Refresh above it.
    await userEvent.click(screen.getByRole('button', { name: 'Refresh recordings' }));
    await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
    unmount();
    renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />, panelPolicy);
    await screen.findByText(/^Offline: this recording as of/);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh this recording' }));
    await vi.waitFor(() => expect(sent('recording.get')).toHaveLength(2));
  });

  it('keeps what the list showed of a recording when the recording itself cannot be had, retries spent', async () => {
    fakeBackground({ 'recordings.list': page, 'recording.get': () => Promise.reject(new ApiError('server', 'boom')), 'recording.insights': null, 'recording.transcript': { recordingId: 'r1', segments: [] } });
    renderWithClient(
      <>
        <RecordingsSection contactId="m" onOpen={() => undefined} />
        <RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />
      </>,
    );
    const view = screen.getByRole('article');
    await within(view).findByRole('alert');
    // No retries here (the test client's policy): the query is in error, its data undefined.
    expect(within(view).getByRole('heading', { level: 1 })).toHaveTextContent('Data platform pricing');
    expect(view).toHaveTextContent('Ready');
    expect(await within(view).findByText('The transcript is empty.')).toBeInTheDocument();
    expect(view).not.toHaveAttribute('aria-busy', 'true');
  });

  it('says nothing of the kind for what the service answered', async () => {
    fakeBackground({ 'recordings.list': page, 'recording.get': listed, 'recording.insights': null, 'recording.transcript': { recordingId: 'r1', segments: [] } });
    renderWithClient(
      <>
        <RecordingsSection contactId="m" onOpen={() => undefined} />
        <RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />
      </>,
      panelPolicy,
    );
    await screen.findByText('The transcript is empty.');
    expect(screen.queryByText(/could not be reached/)).toBeNull();
  });
});
