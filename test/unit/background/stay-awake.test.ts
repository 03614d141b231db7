/** The pings that keep the worker up while calls are on their way. */
import { describe, expect, it, vi } from 'vitest';
import { createStayAwake } from '@/lib/background/stay-awake';

describe('createStayAwake', () => {
  it('takes a ping that throws at once for one that failed, and stops pinging when the work is done', async () => {
    vi.useFakeTimers();
    try {
      const ping = vi.fn(() => {
        throw new Error('not in this browser');
      });
      const awake = createStayAwake(ping, 20);
      let finish: () => void = () => undefined;
      const work = awake(() => new Promise<void>((resolve) => (finish = resolve)));
      await vi.advanceTimersByTimeAsync(50);
      expect(ping).toHaveBeenCalledTimes(2);
      finish();
      await work;
      await vi.advanceTimersByTimeAsync(100);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
