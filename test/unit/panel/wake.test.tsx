/**
 * A panel open while the computer slept asks for what it shows again on waking, at once; also a
 * laptop whose lid is closed overnight, the screen locking first (the panel hidden), then asleep.
 */
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

describe('useRefetchOnWake, asleep while hidden', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks again on waking when the panel was hidden (screen locked) through the night', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T18:00:00Z') });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    render(<Watch client={client} />);
    vi.advanceTimersByTime(WAKE_TICK_MS * 3);
    // Lid closed: the screen locks and the panel is hidden; a hidden page's timers still tick, slowed to once a minute.
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    for (let minute = 0; minute < 3; minute++) {
      vi.setSystemTime(Date.now() + 60_000 - WAKE_TICK_MS);
      vi.advanceTimersByTime(WAKE_TICK_MS);
    }
    // Then the computer sleeps for the night: the clock moves, no timer runs at all.
    vi.setSystemTime(Date.now() + 12 * 60 * 60_000);
    // Morning: unlocked, the panel is seen again.
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).toHaveBeenCalledWith(undefined, { cancelRefetch: true });
  });

  it('asks again once seen when the night was noticed by a tick while still locked, and not for a screen merely locked a while', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T18:00:00Z') });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    render(<Watch client={client} />);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    // Locked for ten minutes, ticking once a minute: no sleep.
    for (let minute = 0; minute < 10; minute++) {
      vi.setSystemTime(Date.now() + 60_000 - WAKE_TICK_MS);
      vi.advanceTimersByTime(WAKE_TICK_MS);
    }
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).not.toHaveBeenCalled();
    // Locked again, asleep for the night, then awake and still locked for a minute (a tick comes first).
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.setSystemTime(Date.now() + 12 * 60 * 60_000);
    vi.advanceTimersByTime(WAKE_TICK_MS);
    vi.setSystemTime(Date.now() + 60_000 - WAKE_TICK_MS);
    vi.advanceTimersByTime(WAKE_TICK_MS);
    expect(invalidate).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith(undefined, { cancelRefetch: true });
  });
});
