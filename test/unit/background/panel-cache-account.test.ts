/**
 * What is kept in storage.local (the side panel's saved query cache among it) was fetched with the
 * settings in effect. Settings changed while no worker listened (an administrator's policy key
 * replaced while the browser was closed: Firefox reads policies only at start) raise no change
 * event: the next worker sees other settings than those the stored data was fetched with, and
 * starts over, so a panel opened then does not paint account A's briefings under account B. The
 * same settings at the next start, or a first start with nothing stored about them (a new install,
 * an update from a version that did not store them), keep what was saved.
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
const maya = { contact: { id: 'c1', name: 'Maya Chen', email: 'maya@account-a.example', company: null, title: null }, matchedBy: 'email' as const };

it('does not restore account A’s briefings into the panel once the settings in effect are account B’s', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
  const fetch = vi.fn(() => Promise.reject(new Error('not asked in this test')));

  // Account A's time: the worker runs, and a panel saves what it showed.
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-a' } as never);
  const first = new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState });
  await first.client();
  const panelA = new QueryClient();
  panelA.setQueryData(keys.contact({ email: maya.contact.email }), maya);
  panelA.setQueryData(keys.insights('c1'), reply(insights({ contactId: 'c1' })));
  await savePanelCache(panelA);

  // The browser starts again with the policy naming account B (no change event: it changed while closed).
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: 'key-account-b' } as never);
  const next = new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState });
  await next.client();

  // A panel opened now.
  const panelB = createPanelQueryClient();
  await startPanelCache(panelB, undefined, () => () => undefined);
  expect.soft(panelB.getQueryData(keys.contact({ email: maya.contact.email }))).toBeUndefined();
  expect.soft(panelB.getQueryData(keys.insights('c1'))).toBeUndefined();
});

/** A worker of `before`'s time (without `storeScope`: an earlier version's) and a panel that saved a briefing; then a worker's start with `after`. */
async function restartWith(before: string, after: string, { storeScope }: { storeScope: boolean }) {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
  const fetch = vi.fn(() => Promise.reject(new Error('not asked in this test')));
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: before } as never);
  if (storeScope) await new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState }).client();
  const panel = new QueryClient();
  panel.setQueryData(keys.insights('c1'), reply(insights({ contactId: 'c1' })));
  await savePanelCache(panel);
  managed.mockResolvedValue({ serviceUrl: BASE, apiKey: after } as never);
  await new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset: forgetPanelState }).client();
  const next = createPanelQueryClient();
  await startPanelCache(next, undefined, () => () => undefined);
  return next.getQueryData(keys.insights('c1'));
}

it('keeps the saved briefings when the worker starts again with the same settings', async () => {
  expect(await restartWith('key-account-a', 'key-account-a', { storeScope: true })).toBeDefined();
});

it('keeps the saved briefings on a first start with nothing stored about the settings (an update from an earlier version)', async () => {
  expect(await restartWith('key-account-a', 'key-account-a', { storeScope: false })).toBeDefined();
});
