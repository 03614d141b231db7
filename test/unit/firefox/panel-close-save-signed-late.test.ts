/**
 * Closing the side panel saves what it has seen at once, from `pagehide` (saveWhenHidden): a page
 * being closed runs no timers and resolves no more promises once its document is gone, so the
 * write must be handed to storage within the handler. (Firefox signs the saved cache first, which
 * a closing page cannot wait for: there what changed in the last throttle interval, 250 ms, before
 * closing is not saved; the session note says so.)
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startPanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { insights, reply } from '../panel/fixtures';

afterEach(() => vi.unstubAllEnvs());

/** Whether closing the panel hands the save to storage before the closing task ends. */
async function writtenWithinClose(): Promise<boolean> {
  const client = new QueryClient();
  await startPanelCache(client);
  // Let the signer's key be read already (the panel was open a while).
  await new Promise((resolve) => setTimeout(resolve, 50));
  client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'friendly' })));
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  globalThis.dispatchEvent(new Event('pagehide'));
  // Nothing after this point runs in a page being closed.
  const handedOver = set.mock.calls.some(([items]) => PANEL_CACHE_KEY in (items as object));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return handedOver;
}

describe('closing the side panel', () => {
  it('on Chrome hands the last save to storage within pagehide', async () => {
    expect(await writtenWithinClose()).toBe(true);
  });
});
