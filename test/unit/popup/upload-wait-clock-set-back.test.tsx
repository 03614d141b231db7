/**
 * An upload stopped by a one-minute rate limit while the computer's clock was an hour fast keeps
 * its Retry "unavailable" for an hour and a minute once the clock is put right: the wait is kept as
 * a moment (`serviceWaitUntil`) on the fast clock. The poller already treats a record saved more
 * than a minute "ahead" as due now (poller.ts dueAt); the row does not. A wait saved with the
 * clock right is held as before, also one saved minutes after the popup opened.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UploadItem } from '@/components/popup/UploadItem';
import { sendRequest } from '@/lib/messaging/send';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(sendRequest).mockClear();
});

it('does not hold Retry for the hour the clock was set back', async () => {
  const rightNow = Date.parse('2026-11-20T11:00:00Z');
  vi.useFakeTimers({ now: rightNow });
  // Saved (stopped) on a clock an hour fast, with the service's one-minute wait after it.
  const savedAt = rightNow + 60 * 60_000;
  const stopped = record({
    state: 'failed',
    failedStep: 'request-url',
    errorKind: 'rate_limited',
    error: 'The service is receiving too many requests. The service asked for a wait: Retry can work within a minute.',
    updatedAt: savedAt,
    serviceWaitUntil: savedAt + 60_000,
  });
  render(<ul><UploadItem record={stopped} /></ul>);
  // Two minutes later: the minute asked for is long over.
  await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
  expect(screen.getByRole('button', { name: 'Retry' })).not.toHaveAttribute('aria-disabled');
});

it('still holds Retry for a wait saved minutes after the popup opened, the clock right', async () => {
  const opened = Date.parse('2026-11-20T11:00:00Z');
  vi.useFakeTimers({ now: opened });
  const sending = record({ state: 'requesting-url', updatedAt: opened });
  const { rerender } = render(<ul><UploadItem record={sending} /></ul>);
  await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
  const savedAt = Date.now();
  const stopped = record({
    state: 'failed',
    failedStep: 'request-url',
    errorKind: 'rate_limited',
    error: 'The service is receiving too many requests. The service asked for a wait: Retry can work within a minute.',
    updatedAt: savedAt,
    serviceWaitUntil: savedAt + 60_000,
  });
  rerender(<ul><UploadItem record={stopped} /></ul>);
  expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-disabled', 'true');
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-disabled', 'true');
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(screen.getByRole('button', { name: 'Retry' })).not.toHaveAttribute('aria-disabled');
});
