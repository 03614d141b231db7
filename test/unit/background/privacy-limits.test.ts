// @vitest-environment node
/**
 * What the background gives and sends for whom, against the stand-in: a content script reads the
 * briefings of the contacts named to its own tab only (a page that took over the renderer its
 * content script runs in must not read every contact's by id), and no one's lookup sends an
 * address the options leave out (an excluded domain, the user's own) to the service.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CONTACT_IDS } from '../../stand-in/sample-data';
import { GMAIL_TAB, OPTIONS_PAGE, SIDE_PANEL, sendAs, standInBackground } from '../support/stand-in-background';

const background = standInBackground();

it('answers a content script only about contacts it was given for its own tab', async () => {
  const { send } = background;
  await send('settings.save', { serviceUrl: background.standIn.baseUrl, apiKey: background.standIn.apiKey }, OPTIONS_PAGE);
  // The page shows Maya: her card may be read.
  const found = await send('people.find', { people: [{ email: 'maya.chen@example.com' }] }, GMAIL_TAB);
  expect(found).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.mayaChen } }] });
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, GMAIL_TAB)).toMatchObject({ ok: true });
  // Sofia is on no page of this tab: a forged request for her id must not return her briefing.
  const other = await send('contact.insights', { contactId: CONTACT_IDS.sofiaAlvarez }, GMAIL_TAB);
  expect(other).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  // Nor may another tab read Maya's by id without its page having shown her.
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, { ...GMAIL_TAB, tab: { id: 5 } })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
});

it('never sends an address in an excluded domain (or one of the user’s own) to the service', async () => {
  const send = sendAs(background.handlers, SIDE_PANEL);
  await send('settings.save', { serviceUrl: background.standIn.baseUrl, apiKey: background.standIn.apiKey });
  await fakeBrowser.storage.sync.set({
    preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['example.com'], ownAddresses: ['me@example.org'] },
  });
  background.standIn.reset();
  // What the panel asks for an attendee of a meeting kept from before the exclusion, and for a search.
  await send('contact.find', { email: 'maya.chen@example.com' });
  await send('contact.find', { email: 'someone@eu.example.com' });
  await send('contact.find', { name: 'Maya.Chen@Example.com' });
  await send('contact.find', { email: 'me@example.org' });
  const leaked = background.standIn.requests.filter((r) => /example\.com|me@example\.org/i.test(decodeURIComponent(r.path) + JSON.stringify(r.query)));
  expect(leaked.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([]);
});
