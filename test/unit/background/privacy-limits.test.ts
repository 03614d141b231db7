// @vitest-environment node
/**
 * What the background gives and sends for whom, against the stand-in: a content script reads the
 * briefings of the contacts named to its own tab only (a page that took over the renderer its
 * content script runs in must not read every contact's by id), and no one's lookup sends an
 * address the options leave out (an excluded domain, the user's own) to the service.
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
import { CONTACT_IDS } from '../../stand-in/sample-data';

let standIn: StandIn;
const options = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };
const panel = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };
const gmailTab = { id: 'test-extension-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 4 } };

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

it('answers a content script only about contacts it was given for its own tab', async () => {
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore })), { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' });
  const send = (type: string, payload: unknown, sender: object) => broker({ primer: 1, type, payload }, sender);
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey }, options);
  // The page shows Maya: her card may be read.
  const found = await send('people.find', { people: [{ email: 'maya.chen@example.com' }] }, gmailTab);
  expect(found).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.mayaChen } }] });
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, gmailTab)).toMatchObject({ ok: true });
  // Sofia is on no page of this tab: a forged request for her id must not return her briefing.
  const other = await send('contact.insights', { contactId: CONTACT_IDS.sofiaAlvarez }, gmailTab);
  expect(other).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  // Nor may another tab read Maya's by id without its page having shown her.
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, { ...gmailTab, tab: { id: 5 } })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
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
