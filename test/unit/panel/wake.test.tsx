/** A panel open while the computer slept asks for what it shows again on waking, at once. */
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRefetchOnWake, WAKE_GAP_MS, WAKE_TICK_MS } from '@/components/panel/data/useRefetchOnWake';

function Watch({ client }: { client: QueryClient }) {
  useRefetchOnWake(client);
  return null;
}

describe('useRefetchOnWake', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks again, cancelling a retry still waiting out its timer, when the clock jumped between two ticks; not on ordinary ticks', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T12:00:00Z') });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { unmount } = render(<Watch client={client} />);
    vi.advanceTimersByTime(WAKE_TICK_MS * 6);
    expect(invalidate).not.toHaveBeenCalled();
    // An hour asleep: the clock moved, the timers did not.
    vi.setSystemTime(Date.now() + 60 * 60_000);
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith(undefined, { cancelRefetch: true });
    vi.advanceTimersByTime(WAKE_TICK_MS * 3);
    expect(invalidate).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('takes a hidden panel’s slowed ticks for no sleep, and counts from when it is shown again', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T12:00:00Z') });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render(<Watch client={client} />);
    // A slowed tick while hidden: no sleep said.
    vi.setSystemTime(Date.now() + WAKE_GAP_MS * 2);
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).not.toHaveBeenCalled();
    // Hidden a while longer with no tick at all (a slowed timer), then shown: counted from then.
    vi.setSystemTime(Date.now() + WAKE_GAP_MS + WAKE_TICK_MS);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
