// @vitest-environment node
/**
 * The worker's copy of the preferences: read from storage once, then current with every change,
 * including one landing while that first read is on its way; batches watching it hear each change.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { preferencesCopy } from '@/lib/background/preferences-copy';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, type Preferences } from '@/lib/storage/preferences';

const EXCLUDING: Preferences = { ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] };

it('keeps a change made while it is first read, and reads storage only once', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const read = fakeBrowser.storage.sync.get.bind(fakeBrowser.storage.sync);
  const get = vi.spyOn(fakeBrowser.storage.sync, 'get').mockImplementation((async (keys: string) => {
    // The old value, answered after the change landed.
    const old = await read(keys);
    await held;
    return old;
  }) as never);
  const copy = preferencesCopy();
  const first = copy.current();
  await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: EXCLUDING });
  release();
  expect.soft(await first).toEqual(EXCLUDING);
  expect.soft(await copy.current()).toEqual(EXCLUDING);
  expect.soft(get).toHaveBeenCalledTimes(1);
});

it('tells each watcher of a change until it stops watching', async () => {
  const copy = preferencesCopy();
  await copy.current();
  const heard: Preferences[] = [];
  const stop = copy.watch((next) => heard.push(next));
  await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: EXCLUDING });
  stop();
  await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: DEFAULT_PREFERENCES });
  expect.soft(heard).toEqual([EXCLUDING]);
  expect.soft(await copy.current()).toEqual(DEFAULT_PREFERENCES);
});
