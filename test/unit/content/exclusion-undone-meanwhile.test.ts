/**
 * "Changes apply at once, also in tabs that are already open" (options, Where Primer works). A
 * domain excluded while a page's lookup of someone there is on its way, and included again a
 * moment later (a slip in the list, undone), leaves that person unmarked for ten minutes: the
 * background answers the lookup it stopped for the exclusion as "not a contact" (contacts.ts:
 * "Answered before the exclusion stopped them: not named to the page either"), and the page
 * believes that answer for NOT_A_CONTACT_MS, so reading the page again with the domain back in
 * asks nobody and marks nobody. Everyone else at that domain is marked at once.
 * Real background (broker, handlers, cache) behind the page's port; only the service is faked.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { startPrimer } from '@/lib/content/runtime';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';

vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

const BASE = 'https://corp.example.com';
let ctx: ContentScriptContext | null = null;
let dropPort: () => void = () => undefined;
afterEach(() => {
  ctx?.notifyInvalidated();
  dropPort();
});

it('marks someone again at once when the domain excluded during their lookup is included again', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const email = new URL(input).searchParams.get('email') ?? '';
    asked.push(email);
    await slow;
    const items = email === 'ana@mycompany.com' ? [{ id: 'c-ana', name: 'Ana Lima', email }] : [];
    return new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } });
  });
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch })), { id: fakeBrowser.runtime.id, origin: 'chrome-extension://x/' });
  const pageSender = { id: fakeBrowser.runtime.id, url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  // The page's port, served by the real broker.
  let deliver: (message: unknown) => void = () => undefined;
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
    () =>
      ({
        name: 'primer-content',
        postMessage: (request: { id: number; message: unknown }) => void broker(request.message, pageSender)?.then((reply) => deliver({ id: request.id, reply })),
        disconnect: () => undefined,
        onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
        onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
      }) as never,
  );
  document.body.innerHTML = '<div class="s"><span data-mail="ana@mycompany.com">Ana Lima</span></div>';
  const markers = () => document.querySelectorAll('[data-primer-marker]').length;

  ctx = new ContentScriptContext('test');
  await startPrimer(ctx, fakeAdapter());
  await vi.waitFor(() => expect(asked).toContain('ana@mycompany.com'));

  // While Ana is looked up, the user excludes mycompany.com… and takes it out again a moment later.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] });
  release();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(markers()).toBe(0);
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: [] });

  // Ana is marked again, as she would be on any page read now.
  await vi.waitFor(() => expect(markers()).toBe(1), { timeout: 2000 });
});
