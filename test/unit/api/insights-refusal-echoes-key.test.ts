// @vitest-environment node
/**
 * A service that answers 200 with a failure envelope (`{success: false, error: …}`) echoing the
 * request's Authorization header. The normalisers turn it into a message ("The service said it
 * could not give the insights: …", "The service did not create the webhook: …") that reaches the
 * page's content script (the hover card on Gmail's page) or the options page: the key is never in
 * it. The client takes it out of 2xx answers as of refusals (http.ts), and the broker out of
 * every failure it replies with.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { noteShown } from '@/lib/background/shown-contacts';
import { resetSettingsForTests } from '@/lib/background/settings';

const BASE = 'https://corp.example.com';
const KEY = 'sk_live_9f8e7d6c5b4a39281706';

it('never hands the API key to a page in the message of a 2xx failure envelope', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: KEY } as never);
  const fetch = vi.fn((_input: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: `Token not allowed for this route: ${auth}` }), { headers: { 'content-type': 'application/json' } }));
  });
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch })), { id: 'x', origin: 'chrome-extension://x/' });
  const gmail = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  await noteShown(3, ['c-maya']);

  const reply = await broker({ primer: 1, type: 'contact.insights', payload: { contactId: 'c-maya' } }, gmail);
  expect(fetch).toHaveBeenCalled();
  expect(reply).toMatchObject({ ok: false });
  expect(JSON.stringify(reply)).not.toContain(KEY);
});

it('never hands the API key to the options page in the message of a 2xx refusal of a webhook', async () => {
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: KEY } as never);
  const fetch = vi.fn((_input: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    return Promise.resolve(new Response(JSON.stringify({ success: false, error: `Token not allowed for this route: ${auth}` }), { headers: { 'content-type': 'application/json' } }));
  });
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch })), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const reply = await broker({ primer: 1, type: 'webhook.create', payload: { url: 'https://hooks.example.com/primer', events: ['recording.processing.completed'] } }, options);
  expect(fetch).toHaveBeenCalled();
  expect(reply).toMatchObject({ ok: false });
  expect(JSON.stringify(reply)).not.toContain(KEY);
});
