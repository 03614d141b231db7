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
});
