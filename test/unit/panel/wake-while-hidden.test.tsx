/** A laptop whose lid is closed overnight: the screen locks first (the panel is hidden), then it sleeps. */
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRefetchOnWake, WAKE_TICK_MS } from '@/components/panel/data/useRefetchOnWake';

function Watch({ client }: { client: QueryClient }) {
  useRefetchOnWake(client);
  return null;
}

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
