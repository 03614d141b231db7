/**
 * Firefox: the side panel's saves now go to the background (panel.cache.save), and the sender
 * retries a message the background is not yet listening for (Firefox starts the background page
 * after the session's sidebar: 250, 500, 1000, 2000 ms). writeIfNewest orders the snapshots before
 * they are sent, but a retried older snapshot is sent again later than a newer one sent meanwhile,
 * and the background writes them in the order they arrive: the older snapshot lands last. The
 * panel then reopens with the briefing as it was before the last one the user saw (before this
 * change the panel wrote its own saves and the newest always stayed).
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savePanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { insights, reply } from '../panel/fixtures';
import { listeningBackground, PANEL } from './panel-background';

afterEach(() => vi.unstubAllEnvs());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('on Firefox keeps the newest save when the background starts listening between retries', async () => {
  vi.stubEnv('FIREFOX', true as never);
  listeningBackground(PANEL);
  let listening = false;
  const send = fakeBrowser.runtime.sendMessage.bind(fakeBrowser.runtime);
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((message: unknown) =>
    listening ? send(message) : Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'))) as never);
  const client = new QueryClient();
  client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'formal' })));
  // t=0: an older save (the throttled saver's); tried again at 250 ms, then at 750 ms.
  const older = savePanelCache(client).catch(() => undefined);
  await sleep(300);
  // t=300: a newer briefing, saved at once (the panel hidden); tried again at 550 ms.
  client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'friendly' })));
  const newer = savePanelCache(client).catch(() => undefined);
  await sleep(200);
  // t=500: the background page is up.
  listening = true;
  await Promise.all([older, newer]);
  await sleep(50);
  const saved = String((await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY]);
  expect(saved).toContain('"friendly"');
}, 10_000);
