// @vitest-environment node
/**
 * Options promise: "Addresses at these domains are never sent to the service." The side panel (a
 * meeting chosen on a card before the domain was excluded, the prefetch, a searched address) and
 * the popup ask the background with `contact.find`, which sends the address to the service anyway.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { createStandIn, type StandIn } from '../../stand-in/server';

let standIn: StandIn;
const panel = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.reset();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('never sends an address in an excluded domain (or one of the user’s own) to the service', async () => {
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore })), { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' });
  const send = (type: string, payload: unknown) => broker({ primer: 1, type, payload }, panel);
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  await fakeBrowser.storage.sync.set({
    preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['example.com'], ownAddresses: ['me@example.org'] },
  });
  standIn.reset();
  // What the panel asks for an attendee of a meeting kept from before the exclusion, and for a search.
  await send('contact.find', { email: 'maya.chen@example.com' });
  await send('contact.find', { email: 'someone@eu.example.com' });
  await send('contact.find', { name: 'Maya.Chen@Example.com' });
  await send('contact.find', { email: 'me@example.org' });
  const leaked = standIn.requests.filter((r) => /example\.com|me@example\.org/i.test(decodeURIComponent(r.path) + JSON.stringify(r.query)));
  expect(leaked.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([]);
});
