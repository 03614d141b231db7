import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { ApiError } from '@/lib/api/errors';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const HOUR = 3_600_000;

describe('the age of the copy shown after a failed refresh, in a panel left open', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-11-22T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('goes on counting while the panel stays open, as its time stays put', async () => {
    fakeBackground({ 'contact.insights': new ApiError('server', 'boom', { status: 500 }), 'recordings.list': noRecordings });
    // As the panel draws it: no `now` given, the clock is read as it renders.
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: match('m', 'Maya Chen', 'maya@example.com') }} onOpenRecording={() => undefined} />);
    client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'friendly' }), { asOf: Date.now() - 5 * 60_000 }), { updatedAt: 1 });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/Showing the briefing as of .+ \(5 min ago\)\./);
    // The user comes back to the open panel just before the meeting, two hours later.
    await act(() => vi.advanceTimersByTimeAsync(2 * HOUR));
    expect(alert).toHaveTextContent(/\(2 h ago\)\./);
  });
});
