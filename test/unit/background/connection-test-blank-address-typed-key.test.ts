// @vitest-environment node
/**
 * A connection test whose address was sent blank (the options page's field emptied) with a typed
 * key: the key is sent nowhere. It was sent to the saved address, which the user had just cleared
 * to enter another service's, so another service's key went to the saved one. A key sent with no
 * address at all is still the saved address's (an administrator's locked address, Save's "key
 * alone").
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { createStandIn, type StandIn } from '../../stand-in/server';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

let send: <T extends MessageType>(type: T, payload: RequestOf<T>) => unknown;
beforeEach(() => {
  standIn.reset();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore })), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  send = (type, payload) => broker({ primer: 1, type, payload }, options);
});

describe('connection.test with the address sent blank', () => {
  it.each(['', '   '])('sends a typed key nowhere (address %j)', async (serviceUrl) => {
    await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
    const before = standIn.requests.length;
    expect(await send('connection.test', { serviceUrl, apiKey: 'key-for-the-other-service' })).toMatchObject({
      ok: true,
      data: { ok: false, reason: 'not_configured', message: expect.stringMatching(/Enter the service address/) },
    });
    expect(standIn.requests.length).toBe(before);
  });

  it('still tests a key sent with no address against the saved one', async () => {
    await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
    expect(await send('connection.test', { apiKey: standIn.apiKey })).toMatchObject({ ok: true, data: { ok: true, serviceUrl: standIn.baseUrl } });
  });
});
