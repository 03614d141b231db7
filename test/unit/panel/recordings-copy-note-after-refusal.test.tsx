/**
 * Once a refresh of a last copy is refused (a revoked key), refetchInterval stops
 * asking (status 'error'). The briefing's note gives way to the alert; the recordings' CopyNote must
 * too: it still said "The service is busy … Primer is asking again now." while nothing was asked.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ApiError } from '@/lib/api/errors';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const busy = { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: 1_000 };
const processing: Recording = {
  id: 'r1', filename: null, title: 'Data platform pricing', meetingDate: '2026-11-07T10:00:00Z', status: 'processing', rawStatus: 'processing',
  progress: 40, primaryContactId: 'm', participants: [], error: null,
};
const copy = { asOf: Date.now() - 3_600_000, problem: busy };

describe('a busy service’s last copy of recordings whose next ask is refused', () => {
  it('the list no longer says the service is busy and Primer is asking again', async () => {
    let calls = 0;
    const page: RecordingPage = { recordings: [processing], received: 1, total: 1, limit: 3, offset: 0, hasMore: false, copy };
    fakeBackground({
      'recordings.list': () => (++calls === 1 ? Promise.resolve(page) : Promise.reject(new ApiError('unauthorized', 'revoked', { status: 401 }))),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent('The service did not accept Primer’s API key.');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls).toBe(2);
    expect(screen.queryAllByText(/Primer (will ask|is asking) again/)).toHaveLength(0);
    expect(screen.queryByText(/The service is busy/)).toBeNull();
  }, 10_000);

  it('one recording’s view no longer says so either', async () => {
    let calls = 0;
    fakeBackground({
      'recording.get': () => (++calls === 1 ? Promise.resolve({ ...processing, copy }) : Promise.reject(new ApiError('unauthorized', 'revoked', { status: 401 }))),
    });
    const { client } = renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent('The service did not accept Primer’s API key.');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls).toBe(2);
    expect(screen.queryAllByText(/Primer (will ask|is asking) again/)).toHaveLength(0);
    expect(screen.queryByText(/The service is busy/)).toBeNull();
    client.clear();
  }, 10_000);
});
