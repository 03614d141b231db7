// @vitest-environment node
/**
 * A people.find batch answered with the old settings is dropped when a save lands meanwhile, also
 * while the batch waits its turn to note what it named to the page (inTabTurn: shared with every
 * tab's page.status and panel.focus writes). The save's reset forgets every tab's shown list in a
 * turn of its own, so the old account's ids are never written back after it, and the old account's
 * match is never the page's answer.
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

it('does not name the old account’s contacts to the page when the save lands while the batch waits to note them', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };
  const send = (type: string, payload: unknown, sender: object = options) => broker({ primer: 1, type, payload }, sender)!;
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  const maya = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
  // Another tab's write is under way (its page.status report, say): tab-record writes take turns.
  let release!: () => void;
  void inTabTurn(() => new Promise<void>((resolve) => (release = resolve)));
  const batch = send('people.find', { people: [{ email: maya.email }] }, page);
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
