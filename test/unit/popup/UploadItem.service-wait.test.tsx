/**
 * An upload stopped by a service that asked for a wait (a rate limit's Retry-After, kept as
 * `serviceWaitUntil`) keeps its Retry button, said as unavailable and described by the words that
 * say until when: pressed before the wait is over it would be refused at once. Once the wait is
 * over, Retry works again.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UploadItem } from '@/components/popup/UploadItem';
import { sendRequest } from '@/lib/messaging/send';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(sendRequest).mockClear();
});

it('holds Retry until the wait the service asked for is over', async () => {
  vi.useFakeTimers({ now: Date.parse('2026-11-20T11:00:00Z') });
  const error = 'The service is receiving too many requests. The service asked for a wait: Retry can work at 12:00.';
  const stopped = record({ state: 'failed', failedStep: 'request-url', errorKind: 'rate_limited', error, serviceWaitUntil: Date.now() + 60 * 60_000 });
  render(<ul><UploadItem record={stopped} /></ul>);
  await act(() => vi.advanceTimersByTimeAsync(1000));
  const retry = screen.getByRole('button', { name: 'Retry' });
  expect(retry).toHaveAttribute('aria-disabled', 'true');
  expect(retry).toHaveAccessibleDescription(`Weekly sync ${error}`);
  fireEvent.click(retry);
  expect(sendRequest).not.toHaveBeenCalled();

  await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
  expect(retry).not.toHaveAttribute('aria-disabled');
  fireEvent.click(retry);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(sendRequest).toHaveBeenCalledWith('upload.retry', { id: 'u1' });
});
