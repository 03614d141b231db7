import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CACHE_MAX_BYTES, scheduleUpkeep, upkeep, UPKEEP_ALARM } from '@/lib/background/upkeep';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
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

  it('forgets finished uploads at the age answers are dropped', async () => {
    const context = { refreshContactIndexIfUsed: () => Promise.resolve(false), cache: { prune: () => Promise.resolve(0) } } as unknown as ServiceContext;
    const forgetFinishedBefore = vi.fn(() => Promise.resolve());
    const before = Date.now();
    await upkeep(context, { forgetFinishedBefore });
    const cutoff = (forgetFinishedBefore.mock.calls[0] as unknown as [number])[0];
    expect(cutoff).toBeGreaterThanOrEqual(before - STORED_ANSWER_MAX_AGE_MS);
    expect(cutoff).toBeLessThanOrEqual(Date.now() - STORED_ANSWER_MAX_AGE_MS);
  });

  it('drops the panel’s saved briefings and the contact index once older than the cache’s answers may be, and keeps younger ones', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const context = { refreshContactIndexIfUsed: () => Promise.resolve(false), cache: { prune: () => Promise.resolve(0) } } as unknown as ServiceContext;
    const panelCache = (at: number) => JSON.stringify({ timestamp: at, buster: 'v1', clientState: { mutations: [], queries: [{ queryKey: ['insights', 'c1'], state: { data: { avoid: ['her divorce'] }, dataUpdatedAt: at, status: 'success' } }] } });
    const index = (at: number) => ({ baseUrl: 'https://api.test', contacts: [{ id: 'c1', name: 'Maya Chen', email: 'maya@x.test' }], builtAt: at, complete: true });

    await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: panelCache(now - 5 * day), contactIndex: index(now - 5 * day) });
    await upkeep(context);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(['contactIndex', PANEL_CACHE_KEY].sort());

    await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: panelCache(now - 60 * day), contactIndex: index(now - 60 * day) });
    await upkeep(context);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
