import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDayChange } from '@/components/panel/useDayChange';
import { relativeDayOf } from '@/lib/format/dates';

function Probe() {
  useDayChange();
  return <p>{relativeDayOf(new Date(2026, 10, 22, 9, 0).getTime(), new Date(), 'en')}</p>;
}

describe('useDayChange', () => {
  afterEach(() => vi.useRealTimers());

  it('redraws at midnight: what was today reads as yesterday the next morning', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 23, 59, 0) });
    render(<Probe />);
    expect(screen.getByText('today')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(screen.getByText('yesterday')).toBeInTheDocument();
    // And again the night after.
    await act(() => vi.advanceTimersByTimeAsync(24 * 3_600_000));
    expect(screen.getByText('2 days ago')).toBeInTheDocument();
  });

  it('reads the date again when the panel is shown or focused after the computer slept through midnight', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 18, 0, 0) });
    render(<Probe />);
    expect(screen.getByText('today')).toBeInTheDocument();
    // Asleep from 18:00 to 09:00: the clock moved, the timers did not.
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0, 0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByText('yesterday')).toBeInTheDocument();
  });

  it('looks at the date at least hourly, so a late timer is never late by a whole night', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 18, 0, 0) });
    render(<Probe />);
    vi.setSystemTime(new Date(2026, 10, 23, 9, 0, 0));
    await act(() => vi.advanceTimersByTimeAsync(60 * 60 * 1000));
    expect(screen.getByText('yesterday')).toBeInTheDocument();
  });
});
