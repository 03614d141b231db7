// @vitest-environment node
/**
 * The contacts a tab's page may read by id (shown-contacts.ts) are forgotten when the settings
 * change (panel-reset.ts: "another account's ids may be other people there"). A page's batch
 * answered by the old key after the change neither gives the page the old account's matches nor
 * names their ids to it, whether the save lands while the lookups are on their way or while the
 * batch waits its turn (inTabTurn, shared with every tab's page.status and panel.focus writes) to
 * note them: its card would then be answered, by the new account, about whoever has that id there.
 * The page, told of the save, asks again.
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
import { inTabTurn } from '@/lib/background/tab-turns';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS, SAMPLE_CONTACTS } from '../../stand-in/sample-data';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

const maya = () => SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

/** The background, set up with the stand-in's key; `send` from the options page unless told. */
async function background() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const send = (type: string, payload: unknown, sender: object = options) => broker({ primer: 1, type, payload }, sender)!;
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  return send;
}

it('does not let a batch answered with the old key name its contacts to the page after the key changed', async () => {
  const send = await background();
  // The calibration and the lookup of the page's batch are slow to answer.
  standIn.failNext({ path: '/api/v2/contacts*', status: 0, delayMs: 400, times: 20 });
  let batchDone = false;
  const batch = send('people.find', { people: [{ email: maya().email }] }, page).finally(() => (batchDone = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Meanwhile the user saves another account's key for the same service.
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: `${standIn.apiKey}-other-account` });
  expect(batchDone).toBe(false);
  // The old account's Maya, answered after the save, is not the page's answer…
  expect(await batch).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  // …nor named to the page as one it may read by id, under the new key.
  expect(await wasShown(3, CONTACT_IDS.mayaChen)).toBe(false);
  // A batch begun after the save speaks for the new key (which this stand-in refuses).
  expect(await send('people.find', { people: [{ email: maya().email }] }, page)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
});

it('does not name the old account’s contacts to the page when the save lands while the batch waits to note them', async () => {
  const send = await background();
  // Another tab's write is under way (its page.status report, say): tab-record writes take turns.
  let release!: () => void;
  void inTabTurn(() => new Promise<void>((resolve) => (release = resolve)));
  const batch = send('people.find', { people: [{ email: maya().email }] }, page);
  // The batch's lookups are answered (with the old key); it now waits for its turn to note them.
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Meanwhile the user saves another account's key: the reset forgets every tab's shown list.
  const saved = send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: `${standIn.apiKey}-other-account` });
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  expect(await saved).toMatchObject({ ok: true });
  const answer = await batch;
  // The old account's Maya is neither the page's answer…
  expect.soft(answer).toMatchObject({ ok: false, error: { kind: 'aborted' } });
  // …nor named to the page as one it may read by id, under the new key.
  expect.soft(await wasShown(3, CONTACT_IDS.mayaChen)).toBe(false);
});
