/**
 * Closing the side panel saves what it has seen at once, from `pagehide` (saveWhenHidden): a page
 * being closed runs no timers and resolves no more promises once its document is gone, so the
 * write must be handed over within the handler. Chrome hands it to storage. Firefox signs the saved
 * cache, which a closing page cannot wait for: there the snapshot goes to the background in a
 * message sent within the handler, and the background signs and writes it.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startPanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { insights, reply } from '../panel/fixtures';
import { listeningBackground, PAGE, PANEL } from './panel-background';

afterEach(() => vi.unstubAllEnvs());

/** Whether closing the panel hands the save over (to storage, or to the background) before the closing task ends. */
async function handedOverWithinClose(): Promise<boolean> {
  const client = new QueryClient();
  await startPanelCache(client);
  // Let the signer's key be read already (the panel was open a while).
  await new Promise((resolve) => setTimeout(resolve, 50));
  client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'friendly' })));
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
  globalThis.dispatchEvent(new Event('pagehide'));
  // Nothing after this point runs in a page being closed.
  const toStorage = set.mock.calls.some(([items]) => PANEL_CACHE_KEY in (items as object));
  const toBackground = sent.mock.calls.some(([message]) => {
    const { type, payload } = message as { type?: string; payload?: { text?: string } };
    return type === 'panel.cache.save' && (payload?.text ?? '').includes('friendly');
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return import.meta.env.FIREFOX ? toBackground : toStorage;
}

async function saved(): Promise<unknown> {
  return (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY];
}

describe('closing the side panel', () => {
  it('on Chrome hands the last save to storage within pagehide', async () => {
    expect(await handedOverWithinClose()).toBe(true);
  });

  it('on Firefox hands the last save to the background within pagehide, which signs and writes it', async () => {
    vi.stubEnv('FIREFOX', true as never);
    listeningBackground(PANEL);
    expect(await handedOverWithinClose()).toBe(true);
    await vi.waitFor(async () => expect(await saved()).toMatch(/"friendly".*,"sig":"[^"]{44}"\}$/s));
    // The next panel restores it.
    const next = new QueryClient();
    await startPanelCache(next, undefined, () => () => undefined);
    expect(next.getQueryData(['insights', 'm'])).toMatchObject({ insights: { preferredTone: 'friendly' } });
  });

  it('on Firefox the background signs and writes only what an extension page sends, never a content script', async () => {
    vi.stubEnv('FIREFOX', true as never);
    listeningBackground(PAGE);
    const refused = await fakeBrowser.runtime.sendMessage({ primer: 1, type: 'panel.cache.save', payload: { text: '{"timestamp":1,"buster":"v1","clientState":{"mutations":[],"queries":[]}}', panel: 'p', snapshot: 1 } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await saved()).toBeUndefined();
  });
});

describe('the background writing the panel’s saves', () => {
  it('writes them in the order they came, an older one slower to land never landing after a newer one', async () => {
    vi.stubEnv('FIREFOX', true as never);
    listeningBackground(PANEL);
    const save = (text: string, snapshot: number) => fakeBrowser.runtime.sendMessage({ primer: 1, type: 'panel.cache.save', payload: { text, panel: 'p', snapshot } });
    // The older save is slow to land (a large write, a busy disk).
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    const slowly = (items: Record<string, unknown>) => new Promise<void>((resolve) => setTimeout(() => resolve(set(items)), 50));
    const landing = (items: Record<string, unknown>) => (String(items[PANEL_CACHE_KEY]).startsWith('{"timestamp":1,') ? slowly(items) : set(items));
    // The fake's `set` is also typed in its callback form, which returns nothing; the code awaits the promise form.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(landing);
    const older = '{"timestamp":1,"buster":"v1","clientState":{"mutations":[],"queries":[]}}';
    const newer = '{"timestamp":2,"buster":"v1","clientState":{"mutations":[],"queries":[]}}';
    const replies = await Promise.all([save(older, 1), save(newer, 2)]);
    expect(replies).toMatchObject([{ ok: true }, { ok: true }]);
    // Every write has landed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await saved()).toMatch(/^\{"timestamp":2,/);
  });
});
