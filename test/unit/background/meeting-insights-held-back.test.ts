// @vitest-environment node
/**
 * A meeting's insights leave the panel as one `contacts.insights` message (insights-loader.ts). One
 * attendee whose insights are slow (here 2.5 s, under the panel's 4 s timeout) must not hold back
 * the briefings of everyone else: the background answers with those that are in after a moment
 * (MEETING_INSIGHTS_WAIT_MS), the slow one marked pending, and the panel's `contact.insights` for
 * it joins the call on its way, so the service is asked for it once.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MEETING_INSIGHTS_WAIT_MS } from '@/lib/background/handlers/contacts';
import { CONTACT_IDS } from '../../stand-in/sample-data';
import { GMAIL_TAB, SIDE_PANEL, sendAs, standInBackground } from '../support/stand-in-background';

const background = standInBackground({ shownIn: GMAIL_TAB.tab.id });

describe('a meeting’s insights with one slow attendee', () => {
  it('answers the attendees whose insights are in without waiting for the slow one, who is asked for once', async () => {
    const send = sendAs(background.handlers, SIDE_PANEL);
    await send('settings.save', { serviceUrl: `${background.standIn.baseUrl}/api/v2/`, apiKey: background.standIn.apiKey });
    // Grace's insights take 2.5 s (the panel waits up to 4 s for them); Maya's and Tom's answer at once.
    const gracePath = `/api/v2/insights/contact/${CONTACT_IDS.graceLiu}`;
    background.standIn.failNext({ path: new RegExp(`^${gracePath}$`), status: 0, delayMs: 2_500 });
    const started = Date.now();
    const reply = await send('contacts.insights', { contactIds: [CONTACT_IDS.mayaChen, CONTACT_IDS.graceLiu, CONTACT_IDS.tomOkafor] });
    const waited = Date.now() - started;
    expect(reply).toMatchObject({
      ok: true,
      data: [
        { ok: true, contactId: CONTACT_IDS.mayaChen },
        { ok: false, contactId: CONTACT_IDS.graceLiu, pending: true },
        { ok: true, contactId: CONTACT_IDS.tomOkafor },
      ],
    });
    // Maya's and Tom's briefings reach the panel a moment after they are in, not with Grace's.
    expect(waited).toBeLessThan(MEETING_INSIGHTS_WAIT_MS + 500);
    // The panel asks for Grace alone: it joins the call on its way.
    const grace = await send('contact.insights', { contactId: CONTACT_IDS.graceLiu, revalidate: true });
    expect(grace).toMatchObject({ ok: true, data: { insights: { contactId: CONTACT_IDS.graceLiu }, problem: null } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(background.standIn.countRequests({ method: 'GET', pathPrefix: gracePath })).toBe(1);
  }, 15_000);

  it('answers a meeting whose insights all come in time in one reply, none pending', async () => {
    const send = sendAs(background.handlers, SIDE_PANEL);
    await send('settings.save', { serviceUrl: `${background.standIn.baseUrl}/api/v2/`, apiKey: background.standIn.apiKey });
    const reply = await send('contacts.insights', { contactIds: [CONTACT_IDS.mayaChen, CONTACT_IDS.graceLiu] });
    expect(reply).toMatchObject({ ok: true, data: [{ ok: true }, { ok: true }] });
  });
});
