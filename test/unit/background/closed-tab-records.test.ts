/**
 * A tab closed while its page's lookups are on their way (a slow or rate-limited service, a Gmail
 * thread opened in a new tab and closed again at once): its records in storage.session are
 * forgotten when it closes (forgetFocusOnNavigation), but the batch's answer lands after that and
 * writes the tab's list of named contacts again. Tab ids are not reused in a browser session, so
 * the record stays until the browser closes: one more per such tab, all day.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings } from '@/lib/background/settings';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetFocusOnNavigation } from '@/lib/background/handlers/panel';
import { pageStatusHandlers } from '@/lib/background/handlers/page-status';
import { inTabTurn } from '@/lib/background/tab-turns';
import { SHOWN_PREFIX, STATUS_PREFIX } from '@/lib/storage/session-keys';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

const BASE = 'https://api.test';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The per-tab keys storage.session holds for `tabId`. */
async function recordsOf(tabId: number): Promise<string[]> {
  return Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => key.endsWith(`:${tabId}`));
}

it('leaves no record of a tab closed while its page’s lookups were on their way', async () => {
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: BASE, apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  // The service takes two seconds to answer.
  let calls = 0;
  const fetch = () => {
    calls++;
    return new Promise<Response>((resolve) =>
      setTimeout(
        () =>
          resolve(
            new Response(JSON.stringify({ contacts: [{ id: 'maya', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }] }), {
              headers: { 'content-type': 'application/json' },
            }),
          ),
        2000,
      ),
    );
  };
  forgetFocusOnNavigation();
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  const batch = handlers['people.find']({ people: [{ email: 'maya@example.com' }] }, { sender: 'content', tabId: 21 });
  // The lookup is on its way (reading the settings and the vault takes real time, not the fake clock's).
  await vi.waitFor(() => expect(calls).toBe(1));
  // The user closes the tab before the answer comes.
  await fakeBrowser.tabs.onRemoved.trigger(21, { windowId: 1, isWindowClosing: false });
  await vi.advanceTimersByTimeAsync(5000);
  await batch;
  expect(await recordsOf(21)).toEqual([]);
});

it('leaves no record of a tab whose page reported as it closed', async () => {
  forgetFocusOnNavigation();
  // Another tab's write holds the tabs' records for a moment (each write reads before it writes).
  let release!: () => void;
  const busy = inTabTurn(() => new Promise<void>((resolve) => (release = resolve)));
  const report = pageStatusHandlers()['page.status']({ page: 'p1', site: 'gmail', recognised: true, people: 3, known: 1, views: [] }, { sender: 'content', tabId: 22 });
  await fakeBrowser.tabs.onRemoved.trigger(22, { windowId: 1, isWindowClosing: false });
  release();
  await busy;
  await report.catch(() => undefined);
  expect(Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => key.startsWith(STATUS_PREFIX) || key.startsWith(SHOWN_PREFIX))).toEqual([]);
});
