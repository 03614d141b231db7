import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CACHE_MAX_BYTES, scheduleUpkeep, upkeep, UPKEEP_ALARM } from '@/lib/background/upkeep';
import type { ServiceContext } from '@/lib/background/service-context';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';

describe('hourly upkeep', () => {
  it('is scheduled once: a worker starting again does not put it off', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    try {
      await scheduleUpkeep();
      const first = await fakeBrowser.alarms.get(UPKEEP_ALARM);
      expect(first).toMatchObject({ periodInMinutes: 60 });
      vi.setSystemTime(1_000_000 + 30 * 60_000);
      await scheduleUpkeep();
      expect((await fakeBrowser.alarms.get(UPKEEP_ALARM))?.scheduledTime).toBe(first?.scheduledTime);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes the contact index and keeps the cache within its age and size, whichever fails', async () => {
    const prune = vi.fn(() => Promise.resolve(0));
    const refreshContactIndexIfUsed = vi.fn(() => Promise.reject(new Error('offline')));
    await upkeep({ refreshContactIndexIfUsed, cache: { prune } } as unknown as ServiceContext);
    expect(refreshContactIndexIfUsed).toHaveBeenCalled();
    expect(prune).toHaveBeenCalledWith(STORED_ANSWER_MAX_AGE_MS, CACHE_MAX_BYTES);
  });
});
