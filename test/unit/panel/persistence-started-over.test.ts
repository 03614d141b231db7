/**
 * The panel's saved cache holds answers of the settings it was saved under. When the background
 * starts over from other settings (it says when: settingsSavedAt), answers received before then are
 * dropped from what is restored, whether it started over before the restore (the start-up script
 * may have read the saved cache earlier still) or while it ran; answers received after the last
 * time it started over are kept.
 */
import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savePanelCache, startPanelCache } from '@/components/panel/data/persistence';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { keys } from '@/components/panel/data/keys';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { SETTINGS_SAVED_KEY } from '@/lib/storage/settings-change';
import { insights, reply } from './fixtures';

const never = () => () => undefined;

/** Account A's panel saved a briefing; returns the saved cache as the start-up script reads it. */
async function savedByAccountA(): Promise<unknown> {
  const panel = new QueryClient();
  panel.setQueryData(keys.insights('c1'), reply(insights({ contactId: 'c1' })), { updatedAt: Date.now() - 1_000 });
  await savePanelCache(panel);
  return (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY];
}

it('drops what it restores from before the background started over, though read before that', async () => {
  const early = await savedByAccountA();
  await fakeBrowser.storage.sync.set({ [SETTINGS_SAVED_KEY]: Date.now() });
  const client = createPanelQueryClient();
  await startPanelCache(client, Promise.resolve(early), never);
  expect(client.getQueryData(keys.insights('c1'))).toBeUndefined();
});

it('drops what it restores when the background starts over while the restore runs', async () => {
  const saved = await savedByAccountA();
  let read!: (value: unknown) => void;
  const early = new Promise<unknown>((resolve) => (read = resolve));
  const client = createPanelQueryClient();
  const restored = startPanelCache(client, early, never);
  await fakeBrowser.storage.sync.set({ [SETTINGS_SAVED_KEY]: Date.now() });
  read(saved);
  await restored;
  expect(client.getQueryData(keys.insights('c1'))).toBeUndefined();
});

it('keeps what was received after the background last started over', async () => {
  await fakeBrowser.storage.sync.set({ [SETTINGS_SAVED_KEY]: Date.now() - 60_000 });
  const early = await savedByAccountA();
  const client = createPanelQueryClient();
  await startPanelCache(client, Promise.resolve(early), never);
  expect(client.getQueryData(keys.insights('c1'))).toBeDefined();
});
