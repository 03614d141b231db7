/**
 * The panel stops asking again on status 'error'. A failed "More recordings"
 * puts the whole list's query in 'error' too (TanStack v5: isFetchNextPageError), so the first
 * page's recording still processing was no longer looked at again: "Processing · 40%" for ever,
 * the only Try again on screen being the one for more recordings.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { PROCESSING_POLL_MS } from '@/components/panel/data/queries';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ApiError } from '@/lib/api/errors';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground } from '../support/fake-background';
import { renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const recording = (id: string, over: Partial<Recording> = {}): Recording => ({
  id, filename: null, title: `Call ${id}`, meetingDate: '2026-11-07T10:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null, ...over,
});

it('a recording still processing on the first page is looked at again after “More recordings” failed', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    let progress = 40;
    fakeBackground({
      'recordings.list': ({ offset }) =>
        offset === 0
          ? Promise.resolve<RecordingPage>({
              recordings: [recording('r1', { status: 'processing', rawStatus: 'processing', progress }), recording('r2'), recording('r3')],
              received: 3, total: 5, limit: 3, offset: 0, hasMore: true,
            })
          : Promise.reject(new ApiError('timeout', 'The service took too long to answer.')),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = (await screen.findByText('Processing · 40%')).closest('section')!;
    await user.click(within(region).getByRole('button', { name: 'More recordings' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Could not load more recordings.');
    progress = 80;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 1_000);
    expect(await within(region).findByText('Processing · 80%')).toBeInTheDocument();
  } finally {
    vi.useRealTimers();
  }
});
