// @vitest-environment node
/**
 * The side panel asking about someone a page's batch is looking up already joins that lookup (one
 * call per address). When the person's domain is excluded in the options meanwhile, the page's
 * lookup is stopped; the panel, which asked before the exclusion, is answered as it would be a
 * moment later: nobody to show (left out), not a failed lookup, and the address is not sent again.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';
const ANA = { id: 'c-ana', name: 'Ana Colleague', email: 'ana@mycompany.com' };

it('answers the panel’s lookup joined to a page’s as left out when the page’s is stopped by an exclusion', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const asked: string[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const signal = init?.signal;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw aborted();
    asked.push(new URL(input).searchParams.get('email') ?? '');
    // Slow: answered only when stopped.
    await new Promise<void>((_, reject) => signal?.addEventListener('abort', () => reject(aborted()), { once: true }));
    return new Response(JSON.stringify({ items: [ANA] }), { headers: { 'content-type': 'application/json' } });
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  const panel = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };

  const batch = broker({ primer: 1, type: 'people.find', payload: { people: [{ email: ANA.email }] } }, page)!;
  await vi.waitFor(() => expect(asked).toHaveLength(1));
  const panelFind = broker({ primer: 1, type: 'contact.find', payload: { email: ANA.email } }, panel)!;
  await new Promise((resolve) => setTimeout(resolve, 10));

  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] });
  expect.soft(await batch).toMatchObject({ ok: true, data: [null] });
  expect.soft(await panelFind).toEqual({ ok: true, data: null });
  expect.soft(asked).toEqual([ANA.email]);
});
