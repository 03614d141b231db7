// @vitest-environment node
/**
 * A page's card may read by id only the contacts named to its page under the settings in effect
 * (shown-contacts.ts; panel-reset.ts forgets every tab's list on a change: "another account's ids
 * may be other people there"). A card that asks just as a save of other settings begins passes the
 * shown-list check with the old list, then waits for the save (client() waits for it) and is
 * answered by the NEW service, about whoever has that id there, under the old person's name.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS, SAMPLE_CONTACTS } from '../../stand-in/sample-data';

let serviceA: StandIn;
let serviceB: StandIn;
beforeAll(async () => {
  serviceA = await createStandIn({ processingStepMs: 0 });
  serviceB = await createStandIn({ processingStepMs: 0, apiKey: 'key-of-service-b' });
});
afterAll(async () => {
  await Promise.all([serviceA.close(), serviceB.close()]);
});

const maya = () => SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

it('does not answer a page’s card, with the new settings, about a contact named to it under the old ones', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const send = (type: string, payload: unknown, sender: object = options) => broker({ primer: 1, type, payload }, sender)!;
  await send('settings.save', { serviceUrl: serviceA.baseUrl, apiKey: serviceA.apiKey });

  // Service A names Maya to the page (its people.find answer): her card may read her briefing.
  expect(await send('people.find', { people: [{ email: maya().email }] }, page)).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.mayaChen } }] });
  serviceB.requests.length = 0;

  // The user hovers her mark as the options page saves service B (the page hears of the save only
  // once it is done): the card's ask and the save arrive together.
  const card = send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, page);
  const saved = send('settings.save', { serviceUrl: serviceB.baseUrl, apiKey: serviceB.apiKey });
  expect(await saved).toMatchObject({ ok: true });
  const answer = await card;

  // Service B never named that id to the page: it is not asked about it for the page, and the
  // card does not show service B's answer (whoever has that id there) under service A's Maya.
  // (Answered by service A, or refused, the card is closed a moment later as the page hears of
  // the save: either is fine.)
  expect(answer).toBeDefined();
  expect(serviceB.countRequests({ pathPrefix: `/api/v2/insights/contact/${CONTACT_IDS.mayaChen}` })).toBe(0);
});
