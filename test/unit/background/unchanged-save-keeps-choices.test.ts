// @vitest-environment node
/**
 * Saving the options again with nothing changed (the same address, the key field left empty: the
 * form sends `serviceUrl` on every Save, after a connection test, say) is no settings change
 * (test/unit/firefox/unchanged-save.test.tsx: "the sidebar keeps its answers"). The background
 * fetches afresh, but keeps the person or meeting chosen with "Open briefing" in every tab, and
 * does not say "settings saved" to pages and panel: each content script would take its marks down
 * and look everyone up again (an open card closes), and the panel would drop its answers and the
 * attendee or recording opened on top. What every Save forgets (a refused key's word on the
 * toolbar) still goes.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { focusKey } from '@/lib/storage/session-keys';
import { SETTINGS_SAVED_KEY } from '@/lib/storage/settings-change';

const MAYA = { kind: 'person', match: { contact: { id: 'c-17', name: 'Maya Chen', email: 'maya@acme.example' }, matchedBy: 'email' }, chosenAt: 1 };

it('a Save that changes nothing keeps the tabs’ chosen people and does not tell every page to start over', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState, fetch: () => Promise.reject(new Error('not asked')) });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const send = (type: string, payload: unknown) => broker({ primer: 1, type, payload }, options)!;
  expect(await send('settings.save', { serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' })).toMatchObject({ ok: true });

  // Later: Maya chosen with "Open briefing" in tab 3; pages and the panel heard the last save.
  await fakeBrowser.storage.session.set({ [focusKey(3)]: MAYA });
  const announced = vi.fn();
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    if (area === 'sync' && SETTINGS_SAVED_KEY in changes) announced();
  });

  // The user presses Save again with nothing changed (the form's own payload).
  expect(await send('settings.save', { serviceUrl: 'https://svc.example.com' })).toMatchObject({ ok: true, data: { hasApiKey: true } });

  expect.soft((await fakeBrowser.storage.session.get(focusKey(3)))[focusKey(3)]).toEqual(MAYA);
  expect.soft(announced).not.toHaveBeenCalled();
});

it('knows a Save changes nothing also in a worker started since, and still runs what every Save forgets', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const fetch = () => Promise.reject(new Error('not asked'));
  const first = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const sendTo = (context: ServiceContext) => (type: string, payload: unknown) =>
    createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' })({ primer: 1, type, payload }, options)!;
  expect(await sendTo(first)('settings.save', { serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' })).toMatchObject({ ok: true });

  // The worker stopped; a new one (same storage) handles the next Save, of the same values.
  const onReset = vi.fn(() => Promise.resolve());
  const onResave = vi.fn(() => Promise.resolve());
  const restarted = new ServiceContext({ cacheStore: storageCacheStore, fetch, onReset, onResave });
  expect(await sendTo(restarted)('settings.save', { serviceUrl: 'https://svc.example.com' })).toMatchObject({ ok: true });
  expect(onReset).not.toHaveBeenCalled();
  // What a Save forgets whatever it changes (the toolbar's word of a refused key: entrypoints/background).
  expect(onResave).toHaveBeenCalledTimes(1);

  // Another key: that starts over.
  expect(await sendTo(restarted)('settings.save', { serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_fedcba9876543210' })).toMatchObject({ ok: true });
  expect(onReset).toHaveBeenCalledTimes(1);
  expect(onResave).toHaveBeenCalledTimes(1);
});
