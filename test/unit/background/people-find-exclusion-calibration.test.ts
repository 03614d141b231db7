// @vitest-environment node
/**
 * The contact lookup's calibration (learning which request form a server honours) is shared by
 * every lookup of the client: a page's batch, another tab's, the side panel's. One person of a
 * batch stopped meanwhile (their domain excluded in the options) stops waiting for it, but does not
 * stop it: everyone else on the page, and anyone else waiting on it, is still looked up.
 *
 * Calibration runs on a first start and after every settings save, i.e. exactly while the user is
 * in the options page.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';
const DAN = { id: 'c-dan', name: 'Dan Client', email: 'dan@client.example' };

it('excluding one person of a batch does not abort the shared calibration every other lookup waits for', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sampleAsked = false;
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const signal = init?.signal;
    // As a browser's fetch: rejects once its signal is aborted.
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw aborted();
    const url = new URL(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts' && email === null) {
      // The calibration's sample: held until the user has changed the options.
      sampleAsked = true;
      await new Promise<void>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(aborted()), { once: true });
        void held.then(resolve);
      });
      return json({ items: [DAN], total: 1 });
    }
    if (url.pathname === '/api/v2/contacts' && email !== null) return json({ items: email === DAN.email ? [DAN] : [] });
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

  // The page's first person starts the calibration; Dan waits for it.
  const people = [{ email: 'ana@mycompany.com' }, { email: DAN.email }];
  const batch = broker({ primer: 1, type: 'people.find', payload: { people } }, page)!;
  await vi.waitFor(() => expect(sampleAsked).toBe(true));

  // The user excludes their own company's domain (Ana's) in the options meanwhile.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] });
  release();

  // Ana: left out (null). Dan: still found, not "lookup failed" for the whole page.
  expect(await batch).toMatchObject({ ok: true, data: [null, { contact: { id: DAN.id } }] });
});
