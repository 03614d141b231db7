/**
 * A change to the preferences saved while the script is still reading them as it starts (the
 * options page open in another tab, a sync from another browser as the tab loads) is followed,
 * not lost until the page is reloaded.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS } from '@/lib/content/observer';
import { startPrimer } from '@/lib/content/runtime';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';

vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

let ctx: ContentScriptContext;
let dropPort: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
  let deliver: (message: unknown) => void = () => undefined;
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
    () =>
      ({
        name: 'primer-content',
        postMessage: (request: { id: number; message: { type: string; payload: { people?: { email: string }[] } } }) => {
          const data =
            request.message.type === 'people.find'
              ? request.message.payload.people!.map((p) => ({ contact: { id: p.email, name: 'Known', email: p.email, company: null, title: null }, matchedBy: 'email' }))
              : { recorded: true };
          queueMicrotask(() => deliver({ id: request.id, reply: { ok: true, data } }));
        },
        disconnect: () => undefined,
        onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
        onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
      }) as never,
  );
  ctx = new ContentScriptContext('test');
});
afterEach(async () => {
  ctx.notifyInvalidated();
  dropPort();
  await fakeBrowser.storage.sync.clear();
  vi.useRealTimers();
});

const settle = async (ms = BATCH_DELAY_MS) => {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.advanceTimersByTimeAsync(0);
};
const markers = () => document.querySelectorAll('[data-primer-marker]').length;

it('follows a switch turned off while the page was reading its preferences', async () => {
  // The browser reads the stored value as the call is made, and answers a moment later.
  const stored = fakeBrowser.storage.sync.get(null);
  const slowRead = vi.spyOn(fakeBrowser.storage.sync, 'get').mockReturnValueOnce(stored.then((value) => new Promise((resolve) => setTimeout(() => resolve(value), 20))) as never);
  const started = startPrimer(ctx, fakeAdapter());
  expect(slowRead).toHaveBeenCalledTimes(1);
  // Saved while the script's own read of the preferences is on its way.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
  await vi.advanceTimersByTimeAsync(50);
  await started;
  await settle();
  expect(markers()).toBe(0);
});
