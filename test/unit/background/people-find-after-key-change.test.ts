// @vitest-environment node
/**
 * The contacts a tab's page may read by id (shown-contacts.ts) are forgotten when the settings
 * change (panel-reset.ts: "another account's ids may be other people there"). A page's batch
 * answered by the old key after the change neither gives the page the old account's matches nor
 * names their ids to it: its card would then be answered, by the new account, about whoever has
 * that id there. The page, told of the save, asks again.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { wasShown } from '@/lib/background/shown-contacts';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS, SAMPLE_CONTACTS } from '../../stand-in/sample-data';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

it('does not let a batch answered with the old key name its contacts to the page after the key changed', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  const send = (type: string, payload: unknown, sender: object = options) => broker({ primer: 1, type, payload }, sender)!;
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  const maya = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
  // The calibration and the lookup of the page's batch are slow to answer.
  standIn.failNext({ path: '/api/v2/contacts*', status: 0, delayMs: 400, times: 20 });
  let batchDone = false;
  const batch = send('people.find', { people: [{ email: maya.email }] }, page).finally(() => (batchDone = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Meanwhile the user saves another account's key for the same service.
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: `${standIn.apiKey}-other-account` });
  expect(batchDone).toBe(false);
  // The old account's Maya, answered after the save, is not the page's answer…
  expect(await batch).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  // …nor named to the page as one it may read by id, under the new key.
  expect(await wasShown(3, CONTACT_IDS.mayaChen)).toBe(false);
  // A batch begun after the save speaks for the new key (which this stand-in refuses).
  expect(await send('people.find', { people: [{ email: maya.email }] }, page)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
});
