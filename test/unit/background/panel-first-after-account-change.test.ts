/**
 * Settings changed while the browser was closed (a policy key replaced) are noticed by the worker's
 * first client(), which starts over and forgets what was kept (the panel's saved cache among it).
 * After a browser start the side panel is often what wakes the worker: it restores its saved cache
 * itself, before or while the worker starts over, and no settings key changes in its sight. The
 * background's word that it started over makes the panel forget the answers it holds from before,
 * so account A's briefings are neither shown under account B nor saved back for later panels.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savePanelCache, startPanelCache } from '@/components/panel/data/persistence';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { keys } from '@/components/panel/data/keys';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { insights, reply } from '../panel/fixtures';

const BASE = 'https://corp.example.com';

it('a panel opened first after a start with another account’s settings neither keeps nor saves back account A’s briefings', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
  const fetch = vi.fn(() => Promise.reject(new Error('not asked in this test')));

  // Account A's time: the worker runs, and a panel saves what it showed.
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-a' } as never);
  await new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState }).client();
  const panelA = new QueryClient();
  panelA.setQueryData(keys.insights('c1'), reply(insights({ contactId: 'c1' })));
  await savePanelCache(panelA);

  // The browser starts with account B's policy. The user opens the panel first: it restores its
  // saved cache while its first message wakes the worker, whose first client() starts over.
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-b' } as never);
  const panelB = createPanelQueryClient();
  await startPanelCache(panelB, undefined, () => () => undefined);
  await new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState }).client();

  // Account A's briefing is not what the panel holds under account B.
  expect.soft(panelB.getQueryData(keys.insights('c1'))).toBeUndefined();

  // The panel is hidden (saved at once), and opened again later.
  await savePanelCache(panelB);
  const later = createPanelQueryClient();
  await startPanelCache(later, undefined, () => () => undefined);
  expect.soft(later.getQueryData(keys.insights('c1'))).toBeUndefined();
});
