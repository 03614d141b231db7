// @vitest-environment node
/**
 * A page's hover card is answered from the background's cache ('contact.insights' without
 * revalidate). When the service cannot be reached and the last copy stands in, the card is told
 * why (the problem), so it says "Offline: briefing as of …" rather than showing the old briefing
 * as current.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { CONTACT_IDS } from '../../stand-in/sample-data';
import { GMAIL_TAB, standInBackground } from '../support/stand-in-background';

const background = standInBackground({ shownIn: GMAIL_TAB.tab.id });
const { send } = background;

it('tells a page’s card why the briefing it is answered with is an old copy', async () => {
  await send('settings.save', { serviceUrl: `${background.standIn.baseUrl}/api/v2/`, apiKey: background.standIn.apiKey });
  // The card was shown once: the background keeps its copy.
  expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, GMAIL_TAB)).toMatchObject({ ok: true });
  await background.standIn.close();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 60 * 60 * 1000 });
  try {
    // Eight days later, offline: the service is asked, cannot answer, and the copy is served.
    const reply = await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, GMAIL_TAB);
    expect(reply).toMatchObject({ ok: true, data: { insights: { contactId: CONTACT_IDS.mayaChen } } });
    expect(reply).toMatchObject({ data: { problem: { kind: 'network' } } });
  } finally {
    vi.useRealTimers();
    await background.restartStandIn();
  }
});
