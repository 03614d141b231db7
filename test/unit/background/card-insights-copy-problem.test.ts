// @vitest-environment node
/**
 * A page's hover card is answered from the background's cache ('contact.insights' without
 * revalidate). When the service cannot be reached and the last copy stands in, the card is told
 * why (the problem), so it says "Offline: briefing as of …" rather than showing the old briefing
 * as current.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker, type Handlers } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { noteShown } from '@/lib/background/shown-contacts';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS } from '../../stand-in/sample-data';

let standIn: StandIn;
let handlers: Handlers;
const options = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };
const content = { id: 'test-extension-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 4 } };

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(async () => {
  await noteShown(4, Object.values(CONTACT_IDS));
  standIn.reset();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore }));
});

const send = <T extends MessageType>(type: T, payload: RequestOf<T>, sender: object = options) =>
  createBroker(handlers, { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' })({ primer: 1, type, payload }, sender);

it('tells a page’s card why the briefing it is answered with is an old copy', async () => {
  await send('settings.save', { serviceUrl: `${standIn.baseUrl}/api/v2/`, apiKey: standIn.apiKey });
  // The card was shown once: the background keeps its copy.
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content)).toMatchObject({ ok: true });
  await standIn.close();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 60 * 60 * 1000 });
  try {
    // Eight days later, offline: the service is asked, cannot answer, and the copy is served.
    const reply = await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content);
    expect(reply).toMatchObject({ ok: true, data: { insights: { contactId: CONTACT_IDS.mayaChen } } });
    expect(reply).toMatchObject({ data: { problem: { kind: 'network' } } });
  } finally {
    vi.useRealTimers();
    standIn = await createStandIn({ processingStepMs: 0 });
  }
});
