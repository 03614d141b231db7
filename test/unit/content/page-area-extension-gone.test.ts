/**
 * An update or removal of Primer takes the storage API away from the scripts already running in
 * open tabs (Chrome leaves their `chrome.storage` undefined): the old script then stands down and
 * lets go of its storage listeners. Letting go must not throw there, or the page's console shows
 * Primer's "Cannot read properties of undefined (reading 'onChanged')" on every update.
 */
import { afterEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchPageItem } from '@/lib/storage/page-area';

const storage = fakeBrowser.storage;
afterEach(() => {
  Object.defineProperty(fakeBrowser, 'storage', { value: storage, configurable: true, writable: true });
});

it('lets go of its listener without throwing once the storage API is gone', () => {
  const stop = watchPageItem('primerPreferences', () => undefined);
  Object.defineProperty(fakeBrowser, 'storage', { value: undefined, configurable: true, writable: true });
  expect(() => stop()).not.toThrow();
});
