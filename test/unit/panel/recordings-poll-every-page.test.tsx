/**
 * While one recording on the first page is being processed, the list is asked again every
 * PROCESSING_POLL_MS (12 s). TanStack refetches an infinite query page by page, every page loaded:
 * after "More recordings" was pressed 8 times (9 pages of 3), each poll is 9 recordings.list
 * messages, each of them a call to the service (the background revalidates the list every time),
 * for as long as the panel shows the list and processing takes: 45 calls a minute for one
 * recording's progress, which only the first page shows. A poll asks for the first page only; the
 * pages after it are asked for again only when the first lists a recording added (they shifted),
 * and a recording processing further down is asked for by itself.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { PROCESSING_POLL_MS } from '@/components/panel/data/queries';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const recording = (id: string, over: Partial<Recording> = {}): Recording => ({
  id, filename: null, title: `Call ${id}`, meetingDate: '2026-11-07T10:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null, ...over,
});
const all = Array.from({ length: 60 }, (_, i) => (i === 0 ? recording('r0', { status: 'processing', rawStatus: 'processing', progress: 40 }) : recording(`r${i}`)));

it('asks the service for one page per poll, not for every page loaded', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    fakeBackground({
      'recordings.list': ({ limit = 3, offset = 0 }) =>
        Promise.resolve<RecordingPage>({ recordings: all.slice(offset, offset + limit), received: Math.min(limit, all.length - offset), total: all.length, limit, offset, hasMore: offset + limit < all.length }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = (await screen.findByText('Processing · 40%')).closest('section')!;
    for (let page = 1; page <= 8; page++) {
      await user.click(within(region).getByRole('button', { name: 'More recordings' }));
      await within(region).findByText(`Call r${page * 3}`);
    }
    const before = sent('recordings.list').length;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 1_000);
    await vi.waitFor(() => expect(sent('recordings.list').length).toBeGreaterThan(before));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent('recordings.list').length - before).toBeLessThanOrEqual(1);
  } finally {
    vi.useRealTimers();
  }
}, 60_000);

it('asks for every page again, once, when the first page lists a new recording, none skipped', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    let list = all.slice(0, 12);
    fakeBackground({
      'recordings.list': ({ limit = 3, offset = 0 }) =>
        Promise.resolve<RecordingPage>({ recordings: list.slice(offset, offset + limit), received: Math.min(limit, list.length - offset), total: list.length, limit, offset, hasMore: offset + limit < list.length }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = (await screen.findByText('Processing · 40%')).closest('section')!;
    await user.click(within(region).getByRole('button', { name: 'More recordings' }));
    await within(region).findByText('Call r5');
    list = [recording('new'), ...list];
    const before = sent('recordings.list').length;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 1_000);
    await within(region).findByText('Call new');
    await vi.waitFor(() => expect(sent('recordings.list').length - before).toBe(3));
    const titles = within(region).getAllByRole('listitem').map((row) => row.querySelector('.recording-title')?.textContent);
    expect(titles).toEqual(['Call new', 'Call r0', 'Call r1', 'Call r2', 'Call r3', 'Call r4']);
  } finally {
    vi.useRealTimers();
  }
}, 60_000);

it('asks for a recording processing further down by itself, and shows it ready', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const list = all.slice(1, 7).map((entry) => (entry.id === 'r5' ? { ...entry, status: 'processing' as const, rawStatus: 'processing', progress: 10 } : entry));
    fakeBackground({
      'recordings.list': ({ limit = 3, offset = 0 }) =>
        Promise.resolve<RecordingPage>({ recordings: list.slice(offset, offset + limit), received: Math.min(limit, list.length - offset), total: list.length, limit, offset, hasMore: offset + limit < list.length }),
      'recording.get': ({ id }) => Promise.resolve(recording(id)),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = (await screen.findByText('Call r1')).closest('section')!;
    await user.click(within(region).getByRole('button', { name: 'More recordings' }));
    await within(region).findByText('Processing · 10%');
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 1_000);
    await vi.waitFor(() => expect(within(region).queryByText('Processing · 10%')).toBeNull());
    expect(sent('recording.get')).toEqual([{ id: 'r5' }]);
    expect(sent('recordings.list')).toHaveLength(3);
  } finally {
    vi.useRealTimers();
  }
}, 60_000);
