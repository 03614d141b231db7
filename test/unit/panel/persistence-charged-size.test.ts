/**
 * The panel's saved cache is one JSON text, and Chrome charges a stored string as JSON too: every
 * `"` and `\` in it counts twice. A save kept to PANEL_CACHE_MAX_BYTES of text took about a third
 * more of the quota (a briefing is mostly quoted keys and short strings), eating into the room left
 * to the uploads and settings. What a save keeps is counted as the quota counts it.
 */
import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PANEL_CACHE_MAX_BYTES, savePanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { storedSize } from '../support/storage-quota';
import { reply } from './fixtures';
import { heavyInsights } from './heavy-fixtures';

it('keeps the saved briefings within their share as storage.local charges them', async () => {
  const client = new QueryClient();
  const now = Date.now();
  for (let i = 0; i < 250; i++) client.setQueryData(['insights', `c${i}`], reply(heavyInsights(`c${i}`)), { updatedAt: now - (250 - i) * 1000 });
  await savePanelCache(client);
  const saved = await fakeBrowser.storage.local.get(PANEL_CACHE_KEY);
  expect(storedSize(saved)).toBeLessThanOrEqual(PANEL_CACHE_MAX_BYTES);
});
