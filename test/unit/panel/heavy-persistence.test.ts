import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savePanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { reply } from './fixtures';
import { heavyInsights } from './heavy-fixtures';

/** storage.local holds 10 MB in all, shared with the background's cache (4 MB of it), the settings and uploads. */
const BUDGET = 2 * 1024 * 1024;

describe('panel cache persistence with heavy briefings', () => {
  it('writes at most its byte budget, keeping the newest answers, however large each is (a 250-person meeting)', async () => {
    const client = new QueryClient();
    const now = Date.now();
    for (let i = 0; i < 250; i++) client.setQueryData(['insights', `c${i}`], reply(heavyInsights(`c${i}`)), { updatedAt: now - (250 - i) * 1000 });
    await savePanelCache(client);
    const saved = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
    // Before: 23 MB in one storage.local.set (over the whole 10 MB quota: refused, nothing saved).
    expect(new TextEncoder().encode(saved).length).toBeLessThanOrEqual(BUDGET);
    const keys = (JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['insights', 'c249']);
    expect(keys).not.toContainEqual(['insights', 'c0']);
  });
});
