import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { INSIGHTS_POLL_MS, NOT_YET_LOOK_MS, PROCESSING_POLL_MS } from '@/components/panel/data/queries';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ApiError, NOT_YET_CODE } from '@/lib/api/errors';
import { toRecordingInsights } from '@/lib/api/normalise';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function recording(id: string, patch: Partial<Recording> = {}): Recording {
  return {
    id, filename: `${id}.mp3`, title: `Call ${id}`, meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
    progress: 100, primaryContactId: 'm', participants: [], error: null, ...patch,
  };
}

/** A list that fits on its first page. */
function onlyPage(recordings: Recording[]) {
  return { recordings, received: recordings.length, total: recordings.length, limit: 3, offset: 0, hasMore: false };
}

describe('RecordingsSection', () => {
  it('lists recordings with title, date and status, and pages with “More recordings”', async () => {
    const pages: Record<number, RecordingPage> = {
      0: { recordings: [recording('a'), recording('b', { status: 'processing', progress: 40 }), recording('c', { title: null, filename: null, status: 'unknown', rawStatus: 'transcoding' })], received: 3, total: 4, limit: 3, offset: 0, hasMore: true },
      3: { recordings: [recording('d', { status: 'failed' })], received: 1, total: 4, limit: 3, offset: 3, hasMore: false },
    };
    fakeBackground({ 'recordings.list': ({ offset = 0 }) => Promise.resolve(pages[offset]!) });
    const open = vi.fn();
    renderWithClient(<RecordingsSection contactId="m" onOpen={open} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (4)' });
    await within(region).findByText('Call a');
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Call a.*2026.*Ready/),
      expect.stringMatching(/Call b.*Processing · 40%/),
      expect.stringMatching(/Untitled recording.*Transcoding/),
    ]);
    await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
    await within(region).findByText('Call d');
    expect(within(region).getByText('Failed')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull();
    expect(sent('recordings.list')).toEqual([
      { contactId: 'm', limit: 3, offset: 0 },
      { contactId: 'm', limit: 3, offset: 3 },
    ]);
    await userEvent.click(within(region).getByRole('button', { name: /Call b/ }));
    expect(open).toHaveBeenCalledWith('b');
  });

  it('pages on from what the server listed, though a malformed entry was left out', async () => {
    const pages: Record<number, RecordingPage> = {
      // The server listed three; one could not be read.
      0: { recordings: [recording('a'), recording('b')], received: 3, total: 5, limit: 3, offset: 0, hasMore: true },
      3: { recordings: [recording('d'), recording('e')], received: 2, total: 5, limit: 3, offset: 3, hasMore: false },
    };
    fakeBackground({ 'recordings.list': ({ offset = 0 }) => (pages[offset] ? Promise.resolve(pages[offset]) : Promise.reject(new Error(`offset ${offset}`))) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (5)' });
    await userEvent.click(await within(region).findByRole('button', { name: 'More recordings' }));
    await within(region).findByText('Call e');
    expect(sent('recordings.list').map((request) => request.offset)).toEqual([0, 3]);
    expect(within(region).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringMatching(/^Call a/), expect.stringMatching(/^Call b/), expect.stringMatching(/^Call d/), expect.stringMatching(/^Call e/)]);
  });

  it('lists a recording once when one added meanwhile pushed it onto the next page', async () => {
    const pages: Record<number, RecordingPage> = {
      0: { recordings: [recording('b'), recording('c'), recording('d')], received: 3, total: 4, limit: 3, offset: 0, hasMore: true },
      // A new recording ('a') arrived since: the list moved on by one, and 'd' comes again.
      3: { recordings: [recording('d'), recording('e')], received: 2, total: 5, limit: 3, offset: 3, hasMore: false },
    };
    fakeBackground({ 'recordings.list': ({ offset = 0 }) => Promise.resolve(pages[offset]!) });
    const errors = vi.spyOn(console, 'error');
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (4)' });
    await userEvent.click(await within(region).findByRole('button', { name: 'More recordings' }));
    await within(region).findByText('Call e');
    expect(within(region).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringMatching(/^Call b/), expect.stringMatching(/^Call c/), expect.stringMatching(/^Call d/), expect.stringMatching(/^Call e/)]);
    // No two rows with one key.
    expect(errors).not.toHaveBeenCalled();
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    fakeBackground({ 'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false } });
    const { unmount } = renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    expect(await screen.findByText('No recordings with them yet.')).toBeInTheDocument();
    unmount();
    fakeBackground({ 'recordings.list': new ApiError('timeout', 'slow') });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the recordings. The service took too long to answer.');
  });

  it('shows a skeleton while the first page loads', () => {
    fakeBackground({ 'recordings.list': () => new Promise(() => undefined) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    expect(screen.getByRole('status', { name: 'Loading recordings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent recordings' })).toBeInTheDocument();
  });

  /** Three recordings in two pages; asking for the second fails once with `error`, then answers. */
  const secondPageFailsOnce = (error: ApiError) => {
    let failNext = true;
    return ({ offset = 0 }: { offset?: number }) =>
      offset === 0
        ? Promise.resolve({ recordings: [recording('a'), recording('b')], received: 2, total: 3, limit: 3, offset: 0, hasMore: true })
        : failNext
          ? ((failNext = false), Promise.reject(error))
          : Promise.resolve({ recordings: [recording('c')], received: 1, total: 3, limit: 3, offset: 2, hasMore: false });
  };

  it('says when “More recordings” fails, keeps the recordings shown, and tries again', async () => {
    fakeBackground({ 'recordings.list': secondPageFailsOnce(new ApiError('server', 'boom')) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (3)' });
    const more = await within(region).findByRole('button', { name: 'More recordings' });
    await userEvent.click(more);
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load more recordings. The service had a problem answering.');
    expect(within(region).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringMatching(/^Call a/), expect.stringMatching(/^Call b/)]);
    // Failed: focus stays on the button, which is still there.
    expect(more).toHaveFocus();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Call c')).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).toBeNull();
    // Try again went with the notice: focus is on the row it brought, not on the document.
    await vi.waitFor(() => expect(within(region).getByRole('button', { name: /^Call c/ })).toHaveFocus());
  });

  it('says at once when “More recordings” is asked to slow down, with when Primer tries again, keeps the recordings shown, and brings them then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeBackground({ 'recordings.list': secondPageFailsOnce(new ApiError('rate_limited', 'slow down', { retryAfterMs: 20_000 })) });
      // The panel's own policy: a rate limit is retried after its Retry-After.
      renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />, { retry: shouldRetry, retryDelay: retryDelayFor });
      const region = await screen.findByRole('region', { name: 'Recent recordings (3)' });
      const more = await within(region).findByRole('button', { name: 'More recordings' });
      act(() => more.click());
      const alert = await within(region).findByRole('alert');
      await vi.waitFor(() => expect(alert).toHaveTextContent(/^Could not load more recordings\. .*slow down\. Primer will try again in (20|19) s\./));
      // Primer retries by itself: no Try again meanwhile, and the notice, not "Loading…", says what happens.
      expect(within(alert).queryByRole('button')).toBeNull();
      expect(region).not.toHaveTextContent('Loading more recordings…');
      expect(within(region).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringMatching(/^Call a/), expect.stringMatching(/^Call b/)]);
      expect(sent('recordings.list').map((request) => request.offset)).toEqual([0, 2]);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await within(region).findByText('Call c')).toBeInTheDocument();
      expect(sent('recordings.list').map((request) => request.offset)).toEqual([0, 2, 2]);
      expect(within(region).queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps “More recordings” a focused Tab stop while the next page loads, then moves focus to its first new row and says more loaded', async () => {
    const user = userEvent.setup();
    const answers: ((page: RecordingPage) => void)[] = [];
    fakeBackground({
      'recordings.list': ({ offset = 0 }) =>
        offset === 0
          ? Promise.resolve({ recordings: [recording('a'), recording('b')], received: 2, total: 5, limit: 2, offset: 0, hasMore: true })
          : new Promise<RecordingPage>((resolve) => answers.push(resolve)),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (5)' });
    const more = await within(region).findByRole('button', { name: 'More recordings' });
    more.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(more).toHaveAttribute('aria-busy', 'true'));
    // Not `disabled`: that dropped focus to the document.
    expect(more).toBeEnabled();
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(more).toHaveFocus();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading more recordings…');
    // Pressed again while it loads: nothing more is asked for.
    await user.keyboard('{Enter}');
    expect(sent('recordings.list')).toHaveLength(2);

    // More remain: the button stays, focus goes to the first row the page added.
    act(() => answers[0]!({ recordings: [recording('c'), recording('d')], received: 2, total: 5, limit: 2, offset: 2, hasMore: true }));
    await vi.waitFor(() => expect(within(region).getByRole('button', { name: /^Call c/ })).toHaveFocus());
    expect(within(region).getByRole('status')).toHaveTextContent('2 more recordings loaded.');
    expect(within(region).getByRole('button', { name: 'More recordings' })).not.toHaveAttribute('aria-disabled');

    // The last page: the button goes, and focus still lands on the new row, not on the document.
    await user.click(within(region).getByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[1]!({ recordings: [recording('e')], received: 1, total: 5, limit: 2, offset: 4, hasMore: false }));
    await vi.waitFor(() => expect(within(region).getByRole('button', { name: /^Call e/ })).toHaveFocus());
    expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull();
    expect(within(region).getByRole('status')).toHaveTextContent('1 more recording loaded.');
  });

  it('moves focus to the section’s heading when the last page brings no row not shown already', async () => {
    fakeBackground({
      'recordings.list': ({ offset = 0 }) =>
        Promise.resolve(
          offset === 0
            ? { recordings: [recording('a'), recording('b')], received: 2, total: 3, limit: 2, offset: 0, hasMore: true }
            : // One was deleted meanwhile: the list moved back by one, and 'b' comes again.
              { recordings: [recording('b')], received: 1, total: 2, limit: 2, offset: 2, hasMore: false },
        ),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (3)' });
    await userEvent.click(await within(region).findByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull());
    await vi.waitFor(() => expect(within(region).getByRole('heading', { level: 2, name: 'Recent recordings (3)' })).toHaveFocus());
  });

  it('leaves focus where the user took it while more recordings loaded', async () => {
    const user = userEvent.setup();
    let answer: ((page: RecordingPage) => void) | undefined;
    fakeBackground({
      'recordings.list': ({ offset = 0 }) =>
        offset === 0
          ? Promise.resolve({ recordings: [recording('a'), recording('b')], received: 2, total: 3, limit: 2, offset: 0, hasMore: true })
          : new Promise<RecordingPage>((resolve) => (answer = resolve)),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (3)' });
    await user.click(await within(region).findByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(answer).toBeDefined());
    const first = within(region).getByRole('button', { name: /^Call a/ });
    first.focus();
    act(() => answer!({ recordings: [recording('c')], received: 1, total: 3, limit: 2, offset: 2, hasMore: false }));
    expect(await within(region).findByText('Call c')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(first).toHaveFocus();
  });

  it('leaves focus on the page when the user clicked away from a button that stays, while more loaded', async () => {
    const user = userEvent.setup();
    let answer: ((page: RecordingPage) => void) | undefined;
    fakeBackground({
      'recordings.list': ({ offset = 0 }) =>
        offset === 0
          ? Promise.resolve({ recordings: [recording('a'), recording('b')], received: 2, total: 5, limit: 2, offset: 0, hasMore: true })
          : new Promise<RecordingPage>((resolve) => (answer = resolve)),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (5)' });
    await user.click(await within(region).findByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(answer).toBeDefined());
    // A click on a blank part of the panel: focus goes to the document, the button stays.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    act(() => answer!({ recordings: [recording('c'), recording('d')], received: 2, total: 5, limit: 2, offset: 2, hasMore: true }));
    expect(await within(region).findByText('Call c')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the section’s heading when Try again brings the recordings', async () => {
    let calls = 0;
    fakeBackground({
      'recordings.list': () =>
        ++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve({ recordings: [recording('a')], received: 1, total: 1, limit: 3, offset: 0, hasMore: false }),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings' });
    await userEvent.click(within(await within(region).findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Call a')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(region).getByRole('heading', { level: 2, name: 'Recent recordings (1)' })).toHaveFocus());
  });
});

describe('recordings being processed', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('asks for a processing recording again while its view is open, shows it ready with its transcript, then stops', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': () => Promise.resolve(++calls < 3 ? recording('a', { status: 'processing', progress: 40 }) : recording('a')),
      'recording.insights': null,
      'recording.transcript': { recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] },
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Processing · 40%')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Transcript' })).findByText('Hello')).toBeInTheDocument();
    expect(screen.queryByText('Insights and the transcript appear once processing is done.')).toBeNull();
    // Ready: not asked again.
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(calls).toBe(3);
  });

  it('asks again for a recording the service still has as being uploaded, then stops after a while', async () => {
    let calls = 0;
    fakeBackground({ 'recording.get': () => (++calls, Promise.resolve(recording('up-1', { status: 'uploading', rawStatus: 'pending_upload', progress: null }))) });
    renderWithClient(<RecordingDetail id="up-1" onBack={() => undefined} backLabel="Back" />);
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(calls).toBe(2);
    // An upload never finished is not asked about for as long as the view stays open: the first
    // ask, then one every 12 s for ten minutes from when it was seen being uploaded.
    await vi.advanceTimersByTimeAsync(NOT_YET_LOOK_MS + 10 * PROCESSING_POLL_MS);
    expect(calls).toBe(NOT_YET_LOOK_MS / PROCESSING_POLL_MS + 1);
  });

  it('asks again for a list holding a recording still being uploaded, until it is processed', async () => {
    let calls = 0;
    fakeBackground({
      'recordings.list': () =>
        (++calls,
        Promise.resolve(onlyPage([recording('up-2', calls < 3 ? { status: 'uploading', rawStatus: 'created', progress: null } : {})]))),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(2 * PROCESSING_POLL_MS);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(calls).toBe(3);
  });

  it('looks for an upload that appears in a list open for a while for as long as for one there from the start', async () => {
    let calls = 0;
    fakeBackground({
      'recordings.list': () =>
        (++calls,
        // One processed for longer than Primer looks for an upload; a new upload arrives near its end.
        Promise.resolve(
          onlyPage([
            ...(calls > 50 ? [recording('up-3', { status: 'uploading', rawStatus: 'created', progress: null })] : []),
            recording('p-1', calls < 55 ? { status: 'processing', progress: 10 } : {}),
          ]),
        )),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(60 * PROCESSING_POLL_MS);
    // Still asked about once the processing one is done: the upload was seen minutes ago, not ten.
    expect(calls).toBe(61);
  });

  it('tells screen readers politely when the recording on screen finishes processing, and says nothing when it opens', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': () => Promise.resolve(++calls < 2 ? recording('a', { status: 'processing', progress: 40 }) : recording('a')),
      'recording.insights': null,
      'recording.transcript': { recordingId: 'a', segments: [] },
    });
    const { unmount } = renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Processing · 40%')).toBeInTheDocument();
    // There from the start (a live region added with its text is not read by every screen reader), and silent.
    const news = screen.getByRole('status');
    expect(news).toBeEmptyDOMElement();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(news).toHaveTextContent('Processing is done: this recording is ready.');
    expect(news).not.toHaveAttribute('aria-live', 'assertive');
    unmount();
    // Opened when it was already done, or failed: nothing to tell.
    fakeBackground({ 'recording.get': recording('b'), 'recording.insights': null, 'recording.transcript': { recordingId: 'b', segments: [] } });
    const again = renderWithClient(<RecordingDetail id="b" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('The transcript is empty.')).toBeInTheDocument();
    expect(screen.queryByText(/Processing is done/)).toBeNull();
    again.unmount();
    let failing = 0;
    fakeBackground({ 'recording.get': () => Promise.resolve(++failing < 2 ? recording('c', { status: 'queued', progress: null }) : recording('c', { status: 'failed', error: 'Audio could not be decoded' })) });
    renderWithClient(<RecordingDetail id="c" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Processing failed: Audio could not be decoded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Processing failed.');
  });

  it('asks again for a transcript the service does not have yet, shows it once it has, then stops', async () => {
    let calls = 0;
    const notYet = new ApiError('not_found', 'The service has no transcript for this recording yet.', { status: 204, code: NOT_YET_CODE });
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': null,
      'recording.transcript': () =>
        ++calls < 3 ? Promise.reject(notYet) : Promise.resolve({ recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] }),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByText('The transcript is not available yet.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await within(transcript).findByText('Hello')).toBeInTheDocument();
    expect(within(transcript).queryByText('The transcript is not available yet.')).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(calls).toBe(3);
  });

  it('looks again for a transcript and insights that came back empty (not written out yet), shows them once there, then stops', async () => {
    let transcriptCalls = 0;
    let insightsCalls = 0;
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': () =>
        Promise.resolve({ recordingId: 'a', actionItems: [], keyDecisions: ++insightsCalls < 3 ? [] : ['Ship in May'], topicsDiscussed: [] }),
      'recording.transcript': () =>
        Promise.resolve({ recordingId: 'a', segments: ++transcriptCalls < 3 ? [] : [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] }),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByText('The transcript is empty.')).toBeInTheDocument();
    // Looked for by itself meanwhile: nothing to press.
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * PROCESSING_POLL_MS);
    expect(await within(transcript).findByText('Hello')).toBeInTheDocument();
    expect(within(transcript).queryByText('The transcript is empty.')).toBeNull();
    // Empty insights are said, as the empty transcript is, until they come.
    expect(screen.getByText('No insights from this conversation yet.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2 * INSIGHTS_POLL_MS);
    expect(await screen.findByText('Ship in May')).toBeInTheDocument();
    expect(screen.queryByText('No insights from this conversation yet.')).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * INSIGHTS_POLL_MS);
    expect([transcriptCalls, insightsCalls]).toEqual([3, 3]);
  });

  it('stops looking for empty insights after a while, and offers to check them again with the service', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': () => (++calls, Promise.resolve({ recordingId: 'a', actionItems: [], keyDecisions: [], topicsDiscussed: [] })),
      'recording.transcript': { recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] },
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('No insights from this conversation yet.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(NOT_YET_LOOK_MS + 10 * INSIGHTS_POLL_MS);
    expect(calls).toBe(NOT_YET_LOOK_MS / INSIGHTS_POLL_MS);
    const check = await screen.findByRole('button', { name: 'Check again' });
    expect(check).toHaveAccessibleDescription('No insights from this conversation yet.');
    act(() => check.click());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent('recording.insights').at(-1)).toEqual({ id: 'a', live: true });
  });

  it('stops looking for an empty transcript after a while, and offers to check again', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': null,
      'recording.transcript': () => (++calls, Promise.resolve({ recordingId: 'a', segments: [] })),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('The transcript is empty.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(NOT_YET_LOOK_MS + 10 * PROCESSING_POLL_MS);
    expect(calls).toBe(NOT_YET_LOOK_MS / PROCESSING_POLL_MS);
    const check = await screen.findByRole('button', { name: 'Check again' });
    expect(check).toHaveAccessibleDescription('The transcript is empty.');
    act(() => check.click());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(NOT_YET_LOOK_MS / PROCESSING_POLL_MS + 1);
    // The user's check asks the service itself: the background keeps an empty answer a minute.
    expect(sent('recording.transcript').map((payload) => payload.live === true)).toEqual([...Array<boolean>(calls - 1).fill(false), true]);
  });

  it('tells apart the Try again of each part that failed (its insights, its transcript) by what it would load', async () => {
    const offline = () => Promise.reject(new ApiError('network', 'offline'));
    fakeBackground({ 'recording.get': recording('a'), 'recording.insights': offline, 'recording.transcript': offline });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const buttons = await screen.findAllByRole('button', { name: 'Try again' });
    expect(buttons).toHaveLength(2);
    const described = buttons.map((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described.sort()).toEqual(['Could not load the transcript.', 'Could not load this conversation’s insights.']);
    for (const button of buttons) expect(button).toHaveAccessibleDescription(/^Could not load (the transcript|this conversation’s insights)\.$/);
  });

  it('asks again for insights a processed recording does not have yet, says so meanwhile (no failure, no Try again), shows them once there', async () => {
    let calls = 0;
    const notYet = new ApiError('not_found', 'The service has no insights for this recording yet.', { code: NOT_YET_CODE });
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': () =>
        ++calls < 3 ? Promise.reject(notYet) : Promise.resolve({ recordingId: 'a', actionItems: [], keyDecisions: ['Ship in May'], topicsDiscussed: [] }),
      'recording.transcript': { recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] },
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Insights from this conversation are not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * INSIGHTS_POLL_MS);
    expect(await screen.findByText('Ship in May')).toBeInTheDocument();
    expect(screen.queryByText('Insights from this conversation are not available yet.')).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * INSIGHTS_POLL_MS);
    expect(calls).toBe(3);
  });

  it('stops looking by itself for what the service still does not have after a while, and offers to check again', async () => {
    let insightsCalls = 0;
    let transcriptCalls = 0;
    const notYet = (what: string) => new ApiError('not_found', `The service has no ${what} for this recording yet.`, { code: NOT_YET_CODE });
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': () => (++insightsCalls, Promise.reject(notYet('insights'))),
      'recording.transcript': () => (++transcriptCalls, Promise.reject(notYet('transcript'))),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('The transcript is not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    await vi.advanceTimersByTimeAsync(NOT_YET_LOOK_MS + PROCESSING_POLL_MS);
    // Bounded: about ten minutes' worth of asking, then no more.
    expect(insightsCalls).toBe(NOT_YET_LOOK_MS / INSIGHTS_POLL_MS);
    expect(transcriptCalls).toBe(NOT_YET_LOOK_MS / PROCESSING_POLL_MS);
    await vi.advanceTimersByTimeAsync(10 * NOT_YET_LOOK_MS);
    expect(insightsCalls).toBe(NOT_YET_LOOK_MS / INSIGHTS_POLL_MS);
    const checks = screen.getAllByRole('button', { name: 'Check again' });
    expect(checks).toHaveLength(2);
    // Told apart by what each checks for.
    expect(checks.map((check) => check.getAttribute('aria-describedby') && document.getElementById(check.getAttribute('aria-describedby')!)?.textContent)).toEqual([
      'Insights from this conversation are not available yet.',
      'The transcript is not available yet.',
    ]);
    act(() => checks[1]!.click());
    await vi.advanceTimersByTimeAsync(0);
    expect(transcriptCalls).toBe(NOT_YET_LOOK_MS / PROCESSING_POLL_MS + 1);
  });

  it('lands focus on the transcript’s heading when Check again finds it, not on the page', async () => {
    let found = false;
    const notYet = new ApiError('not_found', 'The service has no transcript for this recording yet.', { code: NOT_YET_CODE });
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': { recordingId: 'a', actionItems: [], keyDecisions: ['Ship in May'], topicsDiscussed: [] },
      'recording.transcript': () => (found ? Promise.resolve({ recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] }) : Promise.reject(notYet)),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('The transcript is not available yet.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(NOT_YET_LOOK_MS + PROCESSING_POLL_MS);
    const check = screen.getByRole('button', { name: 'Check again' });
    found = true;
    act(() => check.focus());
    act(() => check.click());
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Transcript' }));
  });

  it('stops asking once the view is closed, and never asks again for a recording that is ready or failed', async () => {
    let calls = 0;
    fakeBackground({ 'recording.get': () => (++calls, Promise.resolve(recording('a', { status: 'queued', progress: null }))) });
    const { unmount } = renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(calls).toBe(2);
    unmount();
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(calls).toBe(2);
    for (const status of ['failed', 'completed'] as const) {
      let asked = 0;
      fakeBackground({ 'recording.get': () => (++asked, Promise.resolve(recording('b', { status }))), 'recording.insights': null, 'recording.transcript': { recordingId: 'b', segments: [] } });
      const view = renderWithClient(<RecordingDetail id="b" onBack={() => undefined} backLabel="Back" />);
      await screen.findByText(status === 'failed' ? 'Failed' : 'Ready');
      await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
      expect(asked).toBe(1);
      view.unmount();
    }
  });

  it('asks for the list again while one of its recordings is processed, and stops once none is', async () => {
    let calls = 0;
    fakeBackground({
      'recordings.list': () =>
        Promise.resolve({ recordings: [recording('a'), recording('b', calls++ === 0 ? { status: 'processing', progress: 40 } : {})], received: 2, total: 2, limit: 3, offset: 0, hasMore: false }),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (2)' });
    expect(await within(region).findByText('Processing · 40%')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await vi.waitFor(() => expect(within(region).getAllByText('Ready')).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(calls).toBe(2);
  });

  it('says when asking for the list again fails while its rows are shown (a key refused since), and keeps them', async () => {
    let calls = 0;
    fakeBackground({
      'recordings.list': () =>
        calls++ === 0
          ? Promise.resolve({ recordings: [recording('a'), recording('b', { status: 'processing', progress: 40 })], received: 2, total: 2, limit: 3, offset: 0, hasMore: false })
          : Promise.reject(new ApiError('unauthorized', 'The service did not accept the API key.')),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Recent recordings (2)' });
    expect(await within(region).findByText('Processing · 40%')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await within(region).findByRole('alert')).toHaveTextContent(/Could not load the latest recordings/);
    expect(within(region).getByText('Call a')).toBeInTheDocument();
    // The rows are the panel's own copy: how old they are is said, as a briefing's copy says it.
    expect(within(region).getByRole('alert')).toHaveTextContent(/Showing them as of .+\./);
  });

  it('does not ask for a list again when nothing in it is processed', async () => {
    fakeBackground({ 'recordings.list': { recordings: [recording('a'), recording('c', { status: 'failed' })], received: 2, total: 2, limit: 3, offset: 0, hasMore: false } });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    await screen.findByText('Call a');
    await vi.advanceTimersByTimeAsync(5 * PROCESSING_POLL_MS);
    expect(sent('recordings.list')).toHaveLength(1);
  });
});

describe('RecordingDetail', () => {
  it('shows a finished recording’s insights and its transcript with speakers and times', async () => {
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': { recordingId: 'a', actionItems: [{ text: 'Send deck', owner: 'Jordan', dueDate: null, status: null }], keyDecisions: ['Pilot first'], topicsDiscussed: ['pricing'] },
      'recording.transcript': { recordingId: 'a', segments: [{ speaker: 'Maya', start: 65, end: 70, text: 'Hello <b>there</b>' }, { speaker: null, start: null, end: null, text: 'Unattributed line' }] },
    });
    const back = vi.fn();
    renderWithClient(<RecordingDetail id="a" onBack={back} backLabel="Back to the briefing" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Call a' })).toHaveFocus();
    expect(await screen.findByRole('list', { name: 'Action items from this conversation' })).toHaveTextContent('Send deck');
    expect(screen.getByText('Pilot first')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Topics discussed' })).toHaveTextContent('pricing');
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    const lines = await within(transcript).findAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Maya 1:05Hello <b>there</b>');
    expect(lines[1]).toHaveTextContent('Unattributed line');
    // Named without the drawn arrow (aria-hidden): "left arrow" was read before it.
    await userEvent.click(screen.getByRole('button', { name: 'Back to the briefing' }));
    expect(back).toHaveBeenCalled();
  });

  it('marks overdue only the recording’s items that are not done, and says each item’s status in words', async () => {
    // As the normaliser reads them from the service: a recording's own items keep the finished ones.
    const insights = toRecordingInsights(
      {
        action_items: [
          { text: 'Send evaluation plan', owner: 'Jordan Lee', due_date: '2020-01-10', status: 'completed' },
          { text: 'Book the venue', due_date: '2020-01-11', completed_at: '2020-01-09T10:00:00Z' },
          { text: 'Share the SOC 2 report', due_date: '2020-01-12', status: 'in_progress' },
          { text: 'Return redlined MSA', due_date: '2020-01-13' },
        ],
      },
      'a',
    );
    fakeBackground({ 'recording.get': recording('a'), 'recording.insights': insights, 'recording.transcript': { recordingId: 'a', segments: [] } });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const list = await screen.findByRole('list', { name: 'Action items from this conversation' });
    const item = (text: string) => within(list).getAllByRole('listitem').find((row) => row.textContent?.startsWith(text));
    expect(item('Send evaluation plan')).toHaveTextContent(/^Send evaluation planStatus: CompletedOwner: Jordan LeeDue /);
    expect(item('Book the venue')).toHaveTextContent(/^Book the venueStatus: DoneDue /);
    for (const done of ['Send evaluation plan', 'Book the venue']) {
      expect(item(done)).not.toHaveTextContent('Overdue');
      expect(item(done)).not.toHaveClass('overdue');
    }
    expect(item('Share the SOC 2 report')).toHaveTextContent(/^Share the SOC 2 reportStatus: In progressOverdue · Due /);
    expect(item('Share the SOC 2 report')).toHaveClass('overdue');
    // No status given: none said.
    expect(item('Return redlined MSA')).toHaveTextContent(/^Return redlined MSAOverdue · Due /);
  });

  it('asks for no transcript or insights before processing is done, and says why', async () => {
    fakeBackground({ 'recording.get': recording('b', { status: 'processing', progress: 70 }) });
    renderWithClient(<RecordingDetail id="b" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('Insights and the transcript appear once processing is done.')).toBeInTheDocument();
    expect(screen.getByText('Processing · 70%')).toBeInTheDocument();
    expect(sent('recording.transcript')).toEqual([]);
    expect(sent('recording.insights')).toEqual([]);
  });

  it('asks for the transcript and insights of a recording whose status Primer does not know, and shows them', async () => {
    fakeBackground({
      'recording.get': recording('e', { status: 'unknown', rawStatus: 'indexed' }),
      'recording.insights': { recordingId: 'e', actionItems: [], keyDecisions: ['Pilot first'], topicsDiscussed: [] },
      'recording.transcript': { recordingId: 'e', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] },
    });
    renderWithClient(<RecordingDetail id="e" onBack={() => undefined} backLabel="Back" />);
    expect(await within(await screen.findByRole('region', { name: 'Transcript' })).findByText('Hello')).toBeInTheDocument();
    expect(await screen.findByText('Pilot first')).toBeInTheDocument();
    expect(screen.getByText('Indexed')).toBeInTheDocument();
    expect(screen.queryByText('Insights and the transcript appear once processing is done.')).toBeNull();
  });

  it('says quietly that the transcript is not there yet when a recording of unknown status has none', async () => {
    fakeBackground({
      'recording.get': recording('f', { status: 'unknown', rawStatus: 'indexing' }),
      'recording.insights': null,
      'recording.transcript': new ApiError('not_found', 'The transcript is not ready'),
    });
    renderWithClient(<RecordingDetail id="f" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByText('The transcript is not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('recording.transcript')).toEqual([{ id: 'f' }]);
    expect(sent('recording.insights')).toEqual([{ id: 'f' }]);
  });

  it('says quietly that the transcript is not there yet when the service answers it with nothing, whatever the status', async () => {
    fakeBackground({
      'recording.get': recording('h'),
      'recording.insights': null,
      'recording.transcript': new ApiError('not_found', 'The service has no transcript for this recording yet.', { status: 204, code: NOT_YET_CODE }),
    });
    renderWithClient(<RecordingDetail id="h" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByText('The transcript is not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still says a finished recording’s missing transcript is a problem', async () => {
    fakeBackground({ 'recording.get': recording('g'), 'recording.insights': null, 'recording.transcript': new ApiError('not_found', 'gone') });
    renderWithClient(<RecordingDetail id="g" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByRole('alert')).toHaveTextContent(/^Could not load the transcript\./);
    expect(within(transcript).queryByText('The transcript is not available yet.')).toBeNull();
  });

  it('shows why processing failed, and a server without per-recording insights shows none', async () => {
    fakeBackground({ 'recording.get': recording('c', { status: 'failed', error: 'Audio could not be decoded' }) });
    const { unmount } = renderWithClient(<RecordingDetail id="c" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Processing failed: Audio could not be decoded')).toBeInTheDocument();
    unmount();
    fakeBackground({ 'recording.get': recording('d'), 'recording.insights': null, 'recording.transcript': { recordingId: 'd', segments: [] } });
    renderWithClient(<RecordingDetail id="d" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByText('The transcript is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From this conversation' })).toBeNull();
  });

  it('shows a skeleton while the recording loads', () => {
    fakeBackground({ 'recording.get': () => new Promise(() => undefined) });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    expect(screen.getByRole('status', { name: 'Loading the recording' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Recording');
  });

  it('says when the recording cannot be loaded, offers to try again, and recovers', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': () => (++calls === 1 ? Promise.reject(new ApiError('network', 'down')) : Promise.resolve(recording('a', { status: 'processing', progress: 10 }))),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the recording. The service cannot be reached.');
    expect(screen.queryByRole('status', { name: 'Loading the recording' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Call a' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a refused key for the recording to the options page', async () => {
    fakeBackground({ 'recording.get': new ApiError('unauthorized', 'no') });
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the recording. The service did not accept Primer’s API key.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Open Primer options' }));
    expect(open).toHaveBeenCalled();
  });

  it('says a recording the service no longer has is gone, not that a contact was removed', async () => {
    fakeBackground({ 'recording.get': new ApiError('not_found', 'gone') });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load the recording\./);
    expect(alert).not.toHaveTextContent(/contact/);
    expect(within(alert).queryByRole('button', { name: 'Find them by e-mail' })).toBeNull();
  });

  it('says when this conversation’s insights fail while the recording and transcript show', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': () => (++calls === 1 ? Promise.reject(new ApiError('timeout', 'slow')) : Promise.resolve({ recordingId: 'a', actionItems: [], keyDecisions: ['Pilot first'], topicsDiscussed: [] })),
      'recording.transcript': { recordingId: 'a', segments: [{ speaker: 'Maya', start: 0, end: 5, text: 'Hello' }] },
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this conversation’s insights. The service took too long to answer.');
    expect(screen.getByRole('heading', { level: 1, name: 'Call a' })).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Transcript' })).findByText('Hello')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pilot first')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the transcript loading inside its section', async () => {
    fakeBackground({ 'recording.get': recording('a'), 'recording.insights': null, 'recording.transcript': () => new Promise(() => undefined) });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByRole('status', { name: 'Loading the transcript' })).toBeInTheDocument();
  });

  it('says when the transcript cannot be loaded, inside its section, and tries again', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': recording('a'),
      'recording.insights': null,
      'recording.transcript': () => (++calls === 1 ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve({ recordingId: 'a', segments: [{ speaker: null, start: null, end: null, text: 'Hello again' }] })),
    });
    renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    const alert = await within(transcript).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the transcript. The service had a problem answering.');
    expect(within(transcript).queryByRole('status', { name: 'Loading the transcript' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(transcript).findByText('Hello again')).toBeInTheDocument();
    expect(within(transcript).queryByRole('alert')).toBeNull();
    // Try again went with the notice: focus is on the section's heading, not on the document.
    await vi.waitFor(() => expect(within(transcript).getByRole('heading', { level: 2, name: 'Transcript' })).toHaveFocus());
  });
});
