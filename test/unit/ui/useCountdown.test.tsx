import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '@/components/ui/useCountdown';

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to the deadline, then stops ticking', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let renders = 0;
    function Probe() {
      renders += 1;
      return <p>{useCountdown(1_003_000)}</p>;
    }
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('2')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.getByText('0')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
    const after = renders;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(renders).toBe(after);
  });
});
