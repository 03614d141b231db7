/**
 * Chrome starts an extension's service worker only for an event it has a listener for: at browser
 * start-up that is runtime.onStartup. Without one, the background's start (which resumes uploads
 * cut off by the restart: `uploads.resume()`) waits for whatever wakes the worker next, and an
 * upload half done when the browser closed sits at "Uploading 40 %", its gigabyte copy on disk,
 * until the user happens to open the popup or a supported site.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';

const inert = { addListener: () => undefined, removeListener: () => undefined, hasListener: () => false };

it('listens for the browser’s start-up, so uploads cut off by a restart go on when the browser opens', async () => {
  // Events the fake browser does not implement, which the background listens to.
  Object.assign(fakeBrowser.runtime, { onConnect: inert });
  Object.assign(fakeBrowser.commands, { onCommand: inert });
  background.main();
  await vi.waitFor(() => expect(fakeBrowser.alarms.onAlarm.hasListeners()).toBe(true));
  expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(true);
});
