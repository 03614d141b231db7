/** "Insights updated …" in a panel left open follows the clock, as the As-of note does. */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

describe('"Insights updated …" in a panel left open', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('follows the clock as the As-of note does, rather than saying "just now" for hours', async () => {
    const updatedAt = new Date('2026-11-22T08:59:50').toISOString();
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'warm', totalConversations: 2, updatedAt }), { asOf: Date.now() }), 'recordings.list': noRecordings });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} />);
    expect(await screen.findByText('Insights updated just now.')).toBeInTheDocument();
    // The panel stays open (no sleep, no refetch) for three hours, the same day.
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 60_000));
    expect(screen.getByText(/^Insights updated/)).toHaveTextContent('Insights updated 3 h ago.');
  });
});
