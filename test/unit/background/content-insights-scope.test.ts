// @vitest-environment node
/**
 * `contact.insights` is open to content scripts ('any') for any contact id: a page that took over
 * the renderer its content script runs in (the threat the README names for storage.local) reads
 * the briefing of every contact in the account by id, not only of the people on its page.
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
