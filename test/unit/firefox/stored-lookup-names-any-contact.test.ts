// @vitest-environment node
/**
 * Firefox: content scripts can write storage.local (no setAccessLevel there). A page that took over
 * the content script's context rewrites a cached lookup (`cache:<scope>|contact-by-address|…`, whose
 * scope it reads beside it) so that an address of its own "is" a contact it was never shown. Its
 * people.find for that address is answered from the cache, the background names that contact to the
 * tab, and contact.insights then fetches, with the user's key, the briefing of any contact the page
 * picks (ids are in the contact index and cached lists it can read). README "Security of the API
 * key": "a content script's contact.insights is answered only for contacts people.find named to its
 * own tab ... never for any contact id it makes up". What the user would see: nothing, while the page
 * reads every contact's briefing.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS } from '../../stand-in/sample-data';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

// A Firefox build: there, and only there, content scripts can write storage.local.
afterEach(() => vi.unstubAllEnvs());

it('does not let a cached lookup a page wrote name to it a contact the service never matched', async () => {
  vi.stubEnv('FIREFOX', true as never);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const options = { id: 'x', url: 'chrome-extension://x/options.html' };
  const send = (type: string, payload: unknown, sender: object = options) => broker({ primer: 1, type, payload }, sender)!;
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });

  // The page's own lookup of someone on it: a cached answer appears in storage.local.
  expect(await send('people.find', { people: [{ email: 'maya.chen@example.com' }] }, page)).toMatchObject({ ok: true });
  // Before the page may read Grace by id, it is refused (she is not on its page).
  expect(await send('contact.insights', { contactId: CONTACT_IDS.graceLiu }, page)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  await new Promise((resolve) => setTimeout(resolve, 1_200));

  // The content script (Firefox: storage.local is readable and writable to it) finds the scope…
  const all = await fakeBrowser.storage.local.get(null);
  const mayaKey = Object.keys(all).find((key) => key.endsWith('|contact-by-address|maya.chen@example.com'))!;
  expect(mayaKey).toBeDefined();
  const scopeAndKind = mayaKey.slice(0, -'maya.chen@example.com'.length);
  // …and files an address of its own as Grace Liu.
  await fakeBrowser.storage.local.set({
    [`${scopeAndKind}nobody@attacker.example`]: {
      value: { contact: { id: CONTACT_IDS.graceLiu, name: 'Grace Liu', email: 'nobody@attacker.example', company: null, title: null }, matchedBy: 'email' },
      storedAt: Date.now(),
    },
  });

  // It asks for its own address: the background answers from the stored copy…
  const found = await send('people.find', { people: [{ email: 'nobody@attacker.example' }] }, page);
  expect.soft(found).toMatchObject({ ok: true, data: [null] });
  // …and the page may not read Grace's briefing with the user's key.
  const insights = await send('contact.insights', { contactId: CONTACT_IDS.graceLiu }, page);
  expect(insights, JSON.stringify(insights).slice(0, 200)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
});
